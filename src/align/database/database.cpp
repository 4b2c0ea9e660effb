#include "tropic/align/database.hpp"

#include <algorithm>

#include "align/database/database_input.hpp"
#include "align/database/database_state.hpp"
#include "align/database/read_records.hpp"
#include "core/internal/messages.hpp"

namespace tropic::align {

namespace {

// Sequences are stored in input order as read; this puts them into storage order in one pass.
std::vector<std::uint8_t> sorted_residues(const std::vector<std::uint8_t>& in_input_order,
                                          const detail::InputIndex& input,
                                          const detail::StorageIndex& index) {
    const std::vector<std::uint64_t> starts = detail::input_offsets(input);
    std::vector<std::uint8_t> sorted(in_input_order.size());
    for (std::size_t k = 0; k < index.ordinals.size(); ++k) {
        const std::uint64_t ordinal = index.ordinals[k];
        std::copy_n(in_input_order.begin() + static_cast<std::ptrdiff_t>(starts[ordinal]),
                    input.length(ordinal),
                    sorted.begin() + static_cast<std::ptrdiff_t>(index.offsets[k]));
    }
    return sorted;
}

}  // namespace

Database Database::from_fasta(const std::string& input, const DatabaseParams& params,
                              const RunOptions& options, const DatabaseProgress& progress) {
    std::vector<std::uint8_t> in_input_order;
    detail::ReadRecords read = detail::read_records(
        input, params, options, progress, [&](std::span<const std::uint8_t> codes) {
            in_input_order.insert(in_input_order.end(), codes.begin(), codes.end());
        });
    auto state = std::make_unique<State>();
    state->alphabet = read.alphabet;
    state->source = display_input_path(input);
    state->total_residues = read.index.residues();
    state->longest = read.index.longest();
    state->owned_index = detail::storage_order(read.index);
    state->owned_residues = sorted_residues(in_input_order, read.index, state->owned_index);
    state->residues = state->owned_residues;
    state->offsets = state->owned_index.offsets;
    state->ordinals = state->owned_index.ordinals;
    state->name_offsets = state->owned_index.name_offsets;
    state->names = state->owned_index.names;
    return Database(std::move(state));
}

Database::Database(std::unique_ptr<State> state) : state_(std::move(state)) {}
Database::Database(Database&&) noexcept = default;
Database& Database::operator=(Database&&) noexcept = default;
Database::~Database() = default;

Alphabet Database::alphabet() const noexcept {
    return state_->alphabet;
}
std::size_t Database::size() const noexcept {
    return state_->ordinals.size();
}
std::uint64_t Database::total_residues() const noexcept {
    return state_->total_residues;
}
std::uint64_t Database::longest() const noexcept {
    return state_->longest;
}
const std::string& Database::source() const noexcept {
    return state_->source;
}

std::string_view Database::name(std::size_t k) const noexcept {
    const std::uint64_t start = state_->name_offsets[k];
    return state_->names.substr(start, state_->name_offsets[k + 1] - start);
}

std::span<const std::uint8_t> Database::residues(std::size_t k) const noexcept {
    return state_->residues.subspan(state_->offsets[k], length(k));
}

std::uint64_t Database::length(std::size_t k) const noexcept {
    return state_->offsets[k + 1] - state_->offsets[k];
}

std::uint64_t Database::ordinal(std::size_t k) const noexcept {
    return state_->ordinals[k];
}

std::span<const std::uint8_t> Database::all_residues() const noexcept {
    return state_->residues;
}

std::span<const std::uint64_t> Database::offsets() const noexcept {
    return state_->offsets;
}

}  // namespace tropic::align

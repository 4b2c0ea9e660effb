#include "python/python_sequences.hpp"

#include <fmt/format.h>

#include <optional>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/record_error.hpp"

namespace tropic::python {

namespace {

std::vector<std::uint8_t> encode_rna_sequence(const std::string& text) {
    std::vector<std::uint8_t> codes(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::optional<char> residue = normalize_residue(Alphabet::Rna, text[i]);
        if (!residue)
            throw InputError(
                fmt::format("invalid character '{}' at position {}: not in the {} "
                            "alphabet",
                            printable_text(std::string_view(&text[i], 1)), i + 1,
                            alphabet_name(Alphabet::Rna)));
        codes[i] = static_cast<std::uint8_t>(encode_rna_residue(*residue));
    }
    return codes;
}

}  // namespace

std::string SequenceBatch::location(std::size_t index) const {
    return record_location(argument, index + 1,
                           index < names.size() ? names[index] : std::string());
}

std::vector<std::vector<std::uint8_t>> encode_rna_batch(const SequenceBatch& batch,
                                                        ThreadPool* pool) {
    auto outcomes = outcomes_of<std::vector<std::uint8_t>>(
        pool, batch.sequences.size(),
        [&](std::size_t k) { return encode_rna_sequence(batch.sequences[k]); }, 256);
    std::vector<std::vector<std::uint8_t>> encoded(outcomes.size());
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
        outcomes[k].rethrow_error(batch.location(k) + ": ");
        encoded[k] = std::move(outcomes[k].result);
    }
    return encoded;
}

}  // namespace tropic::python

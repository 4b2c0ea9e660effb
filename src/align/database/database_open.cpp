// Database::open: the file is mapped, never read into memory; what is checked before any of it
// is trusted, in this order, so that the message names the first thing wrong:
//   magic -> version (a later version may lay out its header differently) -> the header's size
//   and CRC -> the sections' sizes against the file's size -> the sections' CRCs -> the index's
//   consistency (ascending offsets and lengths, ordinals a permutation, codes in the alphabet),
//   which the CRCs do not prove for a file written by something other than tropic.
#include <fmt/format.h>

#include <algorithm>
#include <cstring>
#include <vector>

#include "align/database/database_layout.hpp"
#include "align/database/database_paths.hpp"
#include "align/database/database_state.hpp"
#include "core/internal/checksum.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/protein_encoding.hpp"

namespace tropic::align {

namespace {

using detail::DatabaseHeader;

constexpr const char* kRebuild = "the file is damaged; rebuild it with `tropic makedb`";

[[noreturn]] void refuse(const std::string& path, const std::string& what) {
    throw InputError(fmt::format("database '{}': {}", path, what));
}

void check_size(const std::string& path, std::uint64_t expected, std::uint64_t present) {
    if (present < expected)
        refuse(path, fmt::format("truncated: {} bytes expected, {} present", expected, present));
}

DatabaseHeader checked_header(const std::string& path, std::span<const std::uint8_t> file) {
    if (file.size() < sizeof detail::kMagic ||
        std::memcmp(file.data(), detail::kMagic, sizeof detail::kMagic) != 0)
        refuse(path, "not a tropic database (it does not start with TROPICDB)");
    check_size(path, sizeof detail::kMagic + 4, file.size());
    const std::uint32_t version = detail::decode_version(file);
    if (version != detail::kFormatVersion)
        refuse(path, fmt::format("written by format version {}; this tropic reads version {}: "
                                 "rebuild it with `tropic makedb`",
                                 version, detail::kFormatVersion));
    check_size(path, detail::kHeaderSize, file.size());
    if (detail::stored_header_crc(file) != detail::computed_header_crc(file))
        refuse(path, fmt::format("checksum mismatch in the header: {}", kRebuild));

    const detail::HeaderFields fields = detail::decode_header(file);
    const DatabaseHeader& h = fields.header;
    if (h.alphabet != Alphabet::Dna && h.alphabet != Alphabet::Protein)
        refuse(path, fmt::format("unknown alphabet code {}: {}", fields.alphabet_code, kRebuild));
    // Sizes written by makedb always agree; a header that says otherwise is not one of its files.
    // Bounds first, so that the sizes below cannot overflow.
    constexpr std::uint64_t kLargest = std::uint64_t{1} << 56;
    if (h.sequences == 0 || h.residues > kLargest || h.names_size > kLargest ||
        h.residues_offset != detail::kHeaderSize ||
        h.index_offset != detail::index_section_offset(h.residues) || h.sequences > h.residues ||
        h.index_size != detail::index_section_size(h.sequences, h.names_size))
        refuse(path, fmt::format("inconsistent section sizes in the header: {}", kRebuild));
    check_size(path, h.index_offset + h.index_size, file.size());
    if (file.size() > h.index_offset + h.index_size)
        refuse(path, fmt::format("{} unexpected bytes after the index: {}",
                                 file.size() - (h.index_offset + h.index_size), kRebuild));
    return h;
}

void check_crc(const std::string& path, std::span<const std::uint8_t> section,
               std::uint32_t expected, const char* name) {
    if (extend_crc32(0, section.data(), section.size()) != expected)
        refuse(path, fmt::format("checksum mismatch in the {} section: {}", name, kRebuild));
}

// Holds after the CRCs for every file makedb wrote; checked so that a file from elsewhere cannot
// send a search out of its arrays.
void check_index(const std::string& path, const detail::DatabaseViews& s) {
    const std::size_t n = s.ordinals.size();
    auto inconsistent = [&](const std::string& what) {
        refuse(path, fmt::format("inconsistent index ({}): {}", what, kRebuild));
    };
    if (s.offsets[0] != 0 || s.offsets[n] != s.total_residues)
        inconsistent("offsets do not span the residues");
    if (s.name_offsets[0] != 0 || s.name_offsets[n] != s.names.size())
        inconsistent("name offsets do not span the names");
    std::uint64_t previous_length = 0;
    std::vector<bool> seen(n, false);
    for (std::size_t k = 0; k < n; ++k) {
        if (s.offsets[k + 1] <= s.offsets[k]) inconsistent("an empty or negative sequence");
        const std::uint64_t length = s.offsets[k + 1] - s.offsets[k];
        if (length < previous_length) inconsistent("sequences not in ascending length");
        previous_length = length;
        if (s.name_offsets[k + 1] < s.name_offsets[k]) inconsistent("descending name offsets");
        if (s.ordinals[k] >= n || seen[s.ordinals[k]]) inconsistent("ordinals repeat");
        seen[s.ordinals[k]] = true;
    }
    if (previous_length != s.longest) inconsistent("the longest sequence disagrees");
    const std::uint8_t limit = s.alphabet == Alphabet::Dna
                                   ? static_cast<std::uint8_t>(kDnaBaseCount)
                                   : static_cast<std::uint8_t>(kProteinCodeCount);
    // A reduction without an early exit, which the compiler turns into vector maxima.
    std::uint8_t highest = 0;
    for (const std::uint8_t code : s.residues) highest = std::max(highest, code);
    if (highest >= limit)
        inconsistent(
            fmt::format("a residue code outside the {} alphabet", alphabet_name(s.alphabet)));
}

template <class T>
std::span<const T> array_at(std::span<const std::uint8_t> file, std::uint64_t offset,
                            std::uint64_t count) {
    // The index starts at a multiple of 8 in a page-aligned mapping: these reads are aligned.
    return {reinterpret_cast<const T*>(file.data() + offset), count};
}

}  // namespace

Database Database::open(const std::string& prefix_or_path) {
    const std::string path = detail::database_file(prefix_or_path);
    auto state = std::make_unique<State>();
    state->mapping = std::make_unique<detail::MappedFile>(path);
    const std::span<const std::uint8_t> file = state->mapping->bytes();
    const DatabaseHeader h = checked_header(path, file);

    const std::uint64_t n = h.sequences;
    const std::uint64_t ordinals_at = h.index_offset + 8 * (n + 1);
    const std::uint64_t name_offsets_at = ordinals_at + 8 * n;
    const std::uint64_t names_at = name_offsets_at + 8 * (n + 1);
    state->alphabet = h.alphabet;
    state->source = path;
    state->total_residues = h.residues;
    state->longest = h.longest;
    state->residues = file.subspan(h.residues_offset, h.residues);
    state->offsets = array_at<std::uint64_t>(file, h.index_offset, n + 1);
    state->ordinals = array_at<std::uint64_t>(file, ordinals_at, n);
    state->name_offsets = array_at<std::uint64_t>(file, name_offsets_at, n + 1);
    state->names =
        std::string_view(reinterpret_cast<const char*>(file.data() + names_at), h.names_size);

    check_crc(path, state->residues, h.residues_crc, "residues");
    check_crc(path, file.subspan(h.index_offset, h.index_size), h.index_crc, "index");
    check_index(path, *state);
    return Database(std::move(state));
}

}  // namespace tropic::align

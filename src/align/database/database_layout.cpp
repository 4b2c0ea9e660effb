#include "align/database/database_layout.hpp"

#include <cstring>

#include "core/internal/byte_fields.hpp"
#include "core/internal/checksum.hpp"

namespace tropic::align::detail {

namespace {

// Field offsets of the header (docs/search.md).
constexpr std::size_t kVersionAt = 8, kHeaderSizeAt = 12, kAlphabetAt = 16, kSequencesAt = 24,
                      kResiduesAt = 32, kLongestAt = 40, kResiduesOffsetAt = 48,
                      kIndexOffsetAt = 56, kIndexSizeAt = 64, kNamesSizeAt = 72,
                      kResiduesCrcAt = 80, kIndexCrcAt = 84, kHeaderCrcAt = kHeaderCheckedBytes;

}  // namespace

std::uint64_t index_section_size(std::uint64_t sequences, std::uint64_t names_size) noexcept {
    return 8 * (3 * sequences + 2) + names_size;
}

std::uint64_t index_section_offset(std::uint64_t residues) noexcept {
    return (kHeaderSize + residues + 7) / 8 * 8;
}

std::uint32_t alphabet_code(Alphabet alphabet) noexcept {
    return static_cast<std::uint32_t>(alphabet);
}

std::string encode_header(const DatabaseHeader& h) {
    std::string bytes(kHeaderSize, '\0');
    std::memcpy(bytes.data(), kMagic, sizeof kMagic);
    put_field<std::uint32_t>(bytes, kVersionAt, h.version);
    put_field<std::uint32_t>(bytes, kHeaderSizeAt, static_cast<std::uint32_t>(kHeaderSize));
    put_field<std::uint32_t>(bytes, kAlphabetAt, alphabet_code(h.alphabet));
    put_field<std::uint64_t>(bytes, kSequencesAt, h.sequences);
    put_field<std::uint64_t>(bytes, kResiduesAt, h.residues);
    put_field<std::uint64_t>(bytes, kLongestAt, h.longest);
    put_field<std::uint64_t>(bytes, kResiduesOffsetAt, h.residues_offset);
    put_field<std::uint64_t>(bytes, kIndexOffsetAt, h.index_offset);
    put_field<std::uint64_t>(bytes, kIndexSizeAt, h.index_size);
    put_field<std::uint64_t>(bytes, kNamesSizeAt, h.names_size);
    put_field<std::uint32_t>(bytes, kResiduesCrcAt, h.residues_crc);
    put_field<std::uint32_t>(bytes, kIndexCrcAt, h.index_crc);
    put_field<std::uint32_t>(bytes, kHeaderCrcAt,
                             extend_crc32(0, bytes.data(), kHeaderCheckedBytes));
    return bytes;
}

HeaderFields decode_header(std::span<const std::uint8_t> bytes) noexcept {
    HeaderFields fields{};
    DatabaseHeader& h = fields.header;
    fields.alphabet_code = get_field<std::uint32_t>(bytes, kAlphabetAt);
    h.version = get_field<std::uint32_t>(bytes, kVersionAt);
    h.alphabet = static_cast<Alphabet>(fields.alphabet_code);
    h.sequences = get_field<std::uint64_t>(bytes, kSequencesAt);
    h.residues = get_field<std::uint64_t>(bytes, kResiduesAt);
    h.longest = get_field<std::uint64_t>(bytes, kLongestAt);
    h.residues_offset = get_field<std::uint64_t>(bytes, kResiduesOffsetAt);
    h.index_offset = get_field<std::uint64_t>(bytes, kIndexOffsetAt);
    h.index_size = get_field<std::uint64_t>(bytes, kIndexSizeAt);
    h.names_size = get_field<std::uint64_t>(bytes, kNamesSizeAt);
    h.residues_crc = get_field<std::uint32_t>(bytes, kResiduesCrcAt);
    h.index_crc = get_field<std::uint32_t>(bytes, kIndexCrcAt);
    return fields;
}

std::uint32_t decode_version(std::span<const std::uint8_t> bytes) noexcept {
    return get_field<std::uint32_t>(bytes, kVersionAt);
}

std::uint32_t stored_header_crc(std::span<const std::uint8_t> bytes) noexcept {
    return get_field<std::uint32_t>(bytes, kHeaderCrcAt);
}

std::uint32_t computed_header_crc(std::span<const std::uint8_t> bytes) noexcept {
    return extend_crc32(0, bytes.data(), kHeaderCheckedBytes);
}

}  // namespace tropic::align::detail

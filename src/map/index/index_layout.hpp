#pragma once
// The layout of a reference index file (.tmi), version 1: the header's fields and the sections
// after it (tropic/map/reference_index.hpp gives the format, docs/map.md the reasons).
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tropic::map::detail {

static_assert(std::endian::native == std::endian::little,
              "index files are read and written as little-endian memory");

inline constexpr char kIndexMagic[8] = {'T', 'R', 'O', 'P', 'I', 'C', 'M', 'I'};
inline constexpr std::uint32_t kIndexFormatVersion = 1;
inline constexpr std::size_t kIndexHeaderSize = 128;
// The bytes the header's own CRC covers: all but its last 4.
inline constexpr std::size_t kIndexHeaderChecked = kIndexHeaderSize - 4;

struct IndexHeader {
    std::uint32_t version = kIndexFormatVersion;
    std::uint32_t header_size = kIndexHeaderSize;
    std::uint32_t kmer_length = 0;
    std::uint32_t sampling_stride = 0;
    std::uint32_t max_occurrences = 0;
    std::uint32_t contigs = 0;
    std::uint64_t total_length = 0;
    std::uint64_t names_size = 0;
    std::uint64_t ambiguous_runs = 0;
    std::uint64_t positions = 0;
    std::uint64_t repeat_count = 0;
    std::uint64_t sequence_checksum = 0;
    std::uint64_t file_size = 0;
    std::uint32_t body_crc = 0;
};

// The size of each section after the header, in file order, each padded to a multiple of 8.
struct IndexSections {
    std::uint64_t contig_spans, name_offsets, names, bases, runs, offsets, positions, repeats;
    [[nodiscard]] std::uint64_t total() const noexcept {
        return contig_spans + name_offsets + names + bases + runs + offsets + positions + repeats;
    }
};
// Sizes as the header gives them; the header's numbers must be bounded (header_is_plausible).
[[nodiscard]] IndexSections section_sizes(const IndexHeader& header) noexcept;
// Whether the header's counts are small enough to compute sizes with and agree with each other.
[[nodiscard]] bool header_is_plausible(const IndexHeader& header) noexcept;

[[nodiscard]] inline std::uint64_t padded(std::uint64_t bytes) noexcept {
    return (bytes + 7) / 8 * 8;
}

// The 128 header bytes, its own CRC included.
[[nodiscard]] std::string encode_index_header(const IndexHeader& header);
// The fields, checked for nothing; `bytes` holds kIndexHeaderSize bytes.
[[nodiscard]] IndexHeader decode_index_header(std::span<const std::uint8_t> bytes) noexcept;
[[nodiscard]] std::uint32_t stored_header_crc(std::span<const std::uint8_t> bytes) noexcept;
[[nodiscard]] std::uint32_t computed_header_crc(std::span<const std::uint8_t> bytes) noexcept;

}  // namespace tropic::map::detail

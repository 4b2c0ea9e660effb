#include "map/index/index_layout.hpp"

#include <cstring>

#include "core/internal/byte_fields.hpp"
#include "core/internal/checksum.hpp"
#include "map/index/packed_bases.hpp"

namespace tropic::map::detail {

namespace {

constexpr std::size_t kVersionAt = 8, kHeaderSizeAt = 12, kKmerAt = 16, kStrideAt = 20,
                      kMaxOccurrencesAt = 24, kContigsAt = 28, kTotalAt = 32, kNamesAt = 40,
                      kRunsAt = 48, kPositionsAt = 56, kRepeatsAt = 64, kChecksumAt = 72,
                      kFileSizeAt = 80, kBodyCrcAt = 88, kHeaderCrcAt = kIndexHeaderChecked;

}  // namespace

bool header_is_plausible(const IndexHeader& h) noexcept {
    constexpr std::uint64_t kLongest = 0xFFFFFFFFull;
    return h.header_size == kIndexHeaderSize && h.kmer_length >= 1 && h.kmer_length <= 15 &&
           h.sampling_stride >= 1 && h.max_occurrences >= 1 && h.contigs >= 1 &&
           h.total_length >= h.contigs && h.total_length <= kLongest &&
           h.names_size <= (std::uint64_t{1} << 40) && h.ambiguous_runs <= h.total_length &&
           h.positions <= h.total_length && h.repeat_count <= (std::uint64_t{1} << 30);
}

IndexSections section_sizes(const IndexHeader& h) noexcept {
    const std::uint64_t kmers = std::uint64_t{1} << (2 * h.kmer_length);
    return {
        .contig_spans = 16 * std::uint64_t{h.contigs},
        .name_offsets = 8 * (std::uint64_t{h.contigs} + 1),
        .names = padded(h.names_size),
        .bases = 8 * packed_words(h.total_length),
        .runs = 8 * h.ambiguous_runs,
        .offsets = padded(4 * (kmers + 1)),
        .positions = padded(4 * h.positions),
        .repeats = 8 * ((kmers + 63) / 64),
    };
}

std::string encode_index_header(const IndexHeader& h) {
    std::string bytes(kIndexHeaderSize, '\0');
    std::memcpy(bytes.data(), kIndexMagic, sizeof kIndexMagic);
    put_field<std::uint32_t>(bytes, kVersionAt, h.version);
    put_field<std::uint32_t>(bytes, kHeaderSizeAt, h.header_size);
    put_field<std::uint32_t>(bytes, kKmerAt, h.kmer_length);
    put_field<std::uint32_t>(bytes, kStrideAt, h.sampling_stride);
    put_field<std::uint32_t>(bytes, kMaxOccurrencesAt, h.max_occurrences);
    put_field<std::uint32_t>(bytes, kContigsAt, h.contigs);
    put_field<std::uint64_t>(bytes, kTotalAt, h.total_length);
    put_field<std::uint64_t>(bytes, kNamesAt, h.names_size);
    put_field<std::uint64_t>(bytes, kRunsAt, h.ambiguous_runs);
    put_field<std::uint64_t>(bytes, kPositionsAt, h.positions);
    put_field<std::uint64_t>(bytes, kRepeatsAt, h.repeat_count);
    put_field<std::uint64_t>(bytes, kChecksumAt, h.sequence_checksum);
    put_field<std::uint64_t>(bytes, kFileSizeAt, h.file_size);
    put_field<std::uint32_t>(bytes, kBodyCrcAt, h.body_crc);
    put_field<std::uint32_t>(bytes, kHeaderCrcAt,
                             extend_crc32(0, bytes.data(), kIndexHeaderChecked));
    return bytes;
}

IndexHeader decode_index_header(std::span<const std::uint8_t> bytes) noexcept {
    IndexHeader h;
    h.version = get_field<std::uint32_t>(bytes, kVersionAt);
    h.header_size = get_field<std::uint32_t>(bytes, kHeaderSizeAt);
    h.kmer_length = get_field<std::uint32_t>(bytes, kKmerAt);
    h.sampling_stride = get_field<std::uint32_t>(bytes, kStrideAt);
    h.max_occurrences = get_field<std::uint32_t>(bytes, kMaxOccurrencesAt);
    h.contigs = get_field<std::uint32_t>(bytes, kContigsAt);
    h.total_length = get_field<std::uint64_t>(bytes, kTotalAt);
    h.names_size = get_field<std::uint64_t>(bytes, kNamesAt);
    h.ambiguous_runs = get_field<std::uint64_t>(bytes, kRunsAt);
    h.positions = get_field<std::uint64_t>(bytes, kPositionsAt);
    h.repeat_count = get_field<std::uint64_t>(bytes, kRepeatsAt);
    h.sequence_checksum = get_field<std::uint64_t>(bytes, kChecksumAt);
    h.file_size = get_field<std::uint64_t>(bytes, kFileSizeAt);
    h.body_crc = get_field<std::uint32_t>(bytes, kBodyCrcAt);
    return h;
}

std::uint32_t stored_header_crc(std::span<const std::uint8_t> bytes) noexcept {
    return get_field<std::uint32_t>(bytes, kHeaderCrcAt);
}

std::uint32_t computed_header_crc(std::span<const std::uint8_t> bytes) noexcept {
    return extend_crc32(0, bytes.data(), kIndexHeaderChecked);
}

}  // namespace tropic::map::detail

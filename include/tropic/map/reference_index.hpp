#pragma once
// The reference index of read mapping (`tropic index`, read by `tropic map`): the reference's
// bases, 2-bit packed, and a table of where each k-mer starts.
//
// Coordinates: the contigs lie back to back in FASTA order, contig c covering
// [start, start + length) of one concatenated coordinate system of total_length() bases
// (< 2^32, so that a position is a uint32).
//
// The k-mer table. A k-mer is coded in 2 bits per base (A C G T = 0..3, first base in the most
// significant bits). Only k-mers starting at positions that are multiples of sampling_stride() are
// indexed (a read of length >= k + stride - 1 still contains a sampled start in each of its
// windows); a k-mer containing an N (or another IUPAC code) or crossing a contig boundary is never
// indexed. A k-mer with more than max_occurrences() sampled starts is a repeat: it gets no
// positions, and is_repeat() says so. The positions of all k-mers are one uint32 array sorted by
// k-mer, then by position; a table of 4^k + 1 uint32 offsets delimits each k-mer's run.
//
// The k rule (kmer_length 0): the largest k with 4^(k+1) <= total length, within [8, 15]
// (k = floor(log4(length)) - 1), so that the offset table (4 * 4^k bytes) stays at most one byte
// per base for genomes of 4^9 bases and more: k = 10 for 10 Mbp, 14 for 3.1 Gbp (a 1 GiB table).
// A k-mer of random sequence then starts at between 16 and 64 positions per 4^k (8 to 32
// sampled), few enough to verify each.
//
// Memory and file size: 2 bits per base, 8 bytes per run of N, 4 bytes per sampled position
// (2 per base at stride 2), 4 * (4^k + 1) bytes of offsets and 4^k bits of repeat flags: about
// 2.6 bytes per base for a human genome (estimate_index_bytes).
//
// The file (.tmi), little-endian, every section starting at a multiple of 8 bytes:
//   header     128 bytes: magic "TROPICMI", u32 version (1), u32 header size (128), u32 k,
//              u32 stride, u32 max occurrences, u32 contigs, u64 total length, u64 names bytes,
//              u64 N runs, u64 positions, u64 repeats, u64 sequence checksum, u64 file size,
//              u32 CRC-32 of everything after the header, zeros, and at byte 124 the CRC-32 of
//              bytes 0..123
//   contigs    per contig u64 start, u64 length; then contigs + 1 u64 name offsets; then the names
//   bases      ceil(total / 32) u64 words, base i in bits 2 * (i % 32) of word i / 32 (N as A)
//   N runs     per run u32 begin, u32 end: the maximal runs of N and other IUPAC codes, ascending
//   offsets    4^k + 1 u32
//   positions  u32, ascending within each k-mer
//   repeats    ceil(4^k / 64) u64 words, bit kmer % 64 of word kmer / 64 set for a repeat
// Reading checks magic, version, both CRCs, the sizes against the file's and the arrays'
// consistency before the index is used.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "tropic/core/run_options.hpp"

namespace tropic {
class AtomicFile;
}

namespace tropic::map {

namespace detail {
struct IndexAccess;
}

struct IndexParams {
    // 0: chosen from the reference length (the k rule above), else 8..15.
    int kmer_length = 0;
    // k-mers are indexed at reference positions that are multiples of this (1..16).
    int sampling_stride = 2;
    // A k-mer with more sampled occurrences is a repeat: not indexed (at least 1).
    std::uint32_t max_occurrences = 1000;
};

// Throws InputError naming the bad value.
void validate(const IndexParams& params);

// The k a reference of `reference_length` bases gets: params.kmer_length, or the k rule's.
[[nodiscard]] int resolved_kmer_length(std::uint64_t reference_length, const IndexParams& params);

struct ReferenceContig {
    std::string name;
    std::uint64_t start = 0;  // in concatenated coordinates
    std::uint64_t length = 0;
    bool operator==(const ReferenceContig&) const = default;
};

// A run [begin, end) of N (or other IUPAC) bases, in concatenated coordinates.
struct AmbiguousRun {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    bool operator==(const AmbiguousRun&) const = default;
};

class ReferenceIndex {
  public:
    ReferenceIndex() = default;
    ReferenceIndex(ReferenceIndex&&) noexcept = default;
    ReferenceIndex& operator=(ReferenceIndex&&) noexcept = default;
    ReferenceIndex(const ReferenceIndex&) = delete;
    ReferenceIndex& operator=(const ReferenceIndex&) = delete;

    // In FASTA order, back to back.
    [[nodiscard]] const std::vector<ReferenceContig>& contigs() const noexcept { return contigs_; }
    [[nodiscard]] std::uint64_t total_length() const noexcept { return total_length_; }
    [[nodiscard]] int kmer_length() const noexcept { return kmer_length_; }
    [[nodiscard]] int sampling_stride() const noexcept { return sampling_stride_; }
    [[nodiscard]] std::uint32_t max_occurrences() const noexcept { return max_occurrences_; }

    // The DnaBase code at `position`: 4 (N) for N and other IUPAC codes and outside [0, total).
    [[nodiscard]] std::uint8_t base(std::int64_t position) const noexcept;
    // The codes of [begin, end) into `out` (replacing its contents); begin may be < 0 and end
    // > total: those positions come as 4.
    void extract(std::int64_t begin, std::int64_t end, std::vector<std::uint8_t>& out) const;
    [[nodiscard]] std::span<const AmbiguousRun> ambiguous_runs() const noexcept {
        return ambiguous_runs_;
    }

    // Sampled forward-strand start positions (ascending, concatenated coordinates) of the k-mer
    // whose 2-bit code is `kmer`. Empty when it never occurs or is a repeat (or kmer >= 4^k).
    [[nodiscard]] std::span<const std::uint32_t> occurrences(std::uint32_t kmer) const noexcept;
    [[nodiscard]] bool is_repeat(std::uint32_t kmer) const noexcept;
    // K-mers dropped as repeats.
    [[nodiscard]] std::uint64_t repeat_count() const noexcept { return repeat_count_; }
    // Sampled positions indexed, all k-mers together.
    [[nodiscard]] std::size_t position_count() const noexcept { return positions_.size(); }

    // The contig holding `position` (binary search over the contigs); contigs().size() for a
    // position outside [0, total).
    [[nodiscard]] std::size_t contig_of(std::int64_t position) const noexcept;

    // The arrays themselves, laid out as in the file (above): for a copy to a device or a file.
    [[nodiscard]] std::span<const std::uint64_t> packed_bases() const noexcept {
        return packed_bases_;
    }
    [[nodiscard]] std::span<const std::uint32_t> kmer_offsets() const noexcept { return offsets_; }
    [[nodiscard]] std::span<const std::uint32_t> kmer_positions() const noexcept {
        return positions_;
    }
    [[nodiscard]] std::span<const std::uint64_t> repeat_flags() const noexcept { return repeats_; }

    // A fingerprint of the contigs' names and lengths (high 32 bits, CRC-32) and their bases'
    // codes (low 32 bits, CRC-32 of the packed bases and the N runs); k, stride and the cap do not
    // change it.
    [[nodiscard]] std::uint64_t sequence_checksum() const noexcept { return sequence_checksum_; }
    // The bytes the index holds.
    [[nodiscard]] std::size_t memory_bytes() const noexcept;

  private:
    friend struct detail::IndexAccess;

    std::vector<ReferenceContig> contigs_;
    std::uint64_t total_length_ = 0;
    int kmer_length_ = 0;
    int sampling_stride_ = 0;
    std::uint32_t max_occurrences_ = 0;
    std::vector<std::uint64_t> packed_bases_;  // 32 bases a word, base i at bits 2 * (i % 32)
    std::vector<AmbiguousRun> ambiguous_runs_;
    std::vector<std::uint32_t> offsets_;    // 4^k + 1
    std::vector<std::uint32_t> positions_;  // by k-mer, then ascending
    std::vector<std::uint64_t> repeats_;    // one bit per k-mer
    std::uint64_t repeat_count_ = 0;
    std::uint64_t sequence_checksum_ = 0;
};

// The bytes an index of a reference of `reference_length` bases takes at most (every position
// sampled and indexed, no N): what build_reference_index checks against the memory limit.
[[nodiscard]] std::uint64_t estimate_index_bytes(std::uint64_t reference_length,
                                                 const IndexParams& params);

// Reads FASTA (plain or gzip) and builds its index on options.pool's threads; on_progress hears
// the bases read so far. InputError (naming file and record) for: a file that cannot be read, no
// sequence, an empty contig, a record without a '>' name, duplicate names, a name SAM refuses as
// a reference name, a total over 2^32 - 1 bases, invalid params. ResourceError (what the index
// needs and what the limit allows) when estimate_index_bytes exceeds options.max_memory (0: the
// memory available), checked as the bases are read, before the k-mer table is built.
[[nodiscard]] ReferenceIndex build_reference_index(
    const std::string& fasta_path, const IndexParams& params, const RunOptions& options,
    std::function<void(std::uint64_t bases)> on_progress = {});

// Writes the index atomically (the whole file or none). InputError when the path cannot be
// written, ResourceError when writing fails.
void write_reference_index(const ReferenceIndex& index, const std::string& path);
// The same into an output declared before the work (OutputFiles), for the caller to commit.
// ResourceError when writing fails.
void write_reference_index(const ReferenceIndex& index, AtomicFile& file);

// InputError naming the file for: a file that cannot be opened, not an index, another version, a
// checksum mismatch, truncation, inconsistent contents. ResourceError when the index does not fit
// options.max_memory.
[[nodiscard]] ReferenceIndex read_reference_index(const std::string& path,
                                                  const RunOptions& options);

// The index `tropic index` writes for `fasta_path` by default: the FASTA path + ".tmi".
[[nodiscard]] std::string default_index_path(const std::string& fasta_path);

}  // namespace tropic::map

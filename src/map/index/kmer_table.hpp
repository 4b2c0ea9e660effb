#pragma once
// Builds the k-mer table of an index whose bases are in place: the offsets, the sampled
// positions and the repeat flags (tropic/map/reference_index.hpp says what they hold).
#include <span>

#include "map/index/index_access.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::map::detail {

// A counting sort by k-mer on `pool`'s threads: one pass counts each k-mer's sampled starts, the
// counts become offsets, a second pass drops each start into its k-mer's run, and each run is
// sorted (the threads fill runs in no fixed order). Counts and cursors are atomic increments on
// one shared table: no per-thread copies of it, whose size grows as 4^k.
// Threads take `segment_bases` starting positions at a time (smaller only in tests, so that
// k-mers straddle segments of small references).
inline constexpr std::uint64_t kSegmentBases = std::uint64_t{1} << 20;
void build_kmer_table(IndexAccess index, int kmer_length, int sampling_stride,
                      std::uint32_t max_occurrences, ThreadPool* pool,
                      std::uint64_t segment_bases = kSegmentBases);

// Sorts each k-mer's run of positions (runs delimited by `offsets`), on the pool: the last step of
// the build, after threads filled the runs in no fixed order.
void sort_kmer_runs(std::span<const std::uint32_t> offsets, std::span<std::uint32_t> positions,
                    ThreadPool* pool);

}  // namespace tropic::map::detail

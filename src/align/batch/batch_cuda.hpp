#pragma once
// Many pairs at once on a CUDA device: the database scan of `tropic search` (one query, or a few,
// against every database sequence, score only) and the full alignments of many short pairs (the
// hits of a search, `tropic align` with many pairs). A plain C++ interface; builds without CUDA
// get versions that throw (no_cuda/).
//
// Both follow pairwise.hpp exactly: a scan's scores are align_pair's score-only scores, and an
// alignment is align_pair's (end cell by the tie rule, the same CIGAR), whichever lanes computed
// it.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "tropic/align/pairwise.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::align::detail::batch {

// Targets back to back: target t is residues[offsets[t], offsets[t + 1]). Ascending lengths make
// the scan's length partitions contiguous (a database is stored so), but any order works.
struct TargetView {
    std::span<const std::uint8_t> residues;
    std::span<const std::uint64_t> offsets;  // count + 1
    std::size_t count() const noexcept { return offsets.empty() ? 0 : offsets.size() - 1; }
};

// Scans queries against a fixed set of targets on `device`. The targets are copied to the device
// once when they fit in its free memory (leaving room for the queries' work), else streamed in
// blocks with the copies overlapped with the scan.
class DeviceScanner {
  public:
    // Throws ResourceError when the device cannot hold even one block with its work.
    // block_bytes: the most target residues on the device at once (0: chosen from its free
    // memory; tests give a small value to exercise the streaming).
    DeviceScanner(const TargetView& targets, const AlignParams& params, int device,
                  std::uint64_t block_bytes = 0);
    ~DeviceScanner();
    DeviceScanner(const DeviceScanner&) = delete;
    DeviceScanner& operator=(const DeviceScanner&) = delete;

    // scores[q * count + t] = the score of queries[q] against target t (scores.size() must be
    // queries.size() * count). on_cells, when set, hears the cells done after each block.
    void scan(std::span<const std::span<const std::uint8_t>> queries,
              std::span<std::int32_t> scores,
              const std::function<void(std::uint64_t cells)>& on_cells = {});

    // Pairs scored again in 32-bit lanes after their 16-bit lanes overflowed, so far.
    std::uint64_t rescored() const noexcept;
    // Whether the targets stay on the device between scans (else they stream in blocks).
    bool resident() const noexcept;
    // Seconds the device spent in the scan's kernels so far (CUDA events).
    double kernel_seconds() const noexcept;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// The longest query or target align_pairs_cuda takes; longer pairs go to align_pair.
inline constexpr std::int64_t kBatchPairMaxLength = 65535;

// Full alignments of many pairs on `device` (params.score_only: scores and end cells only), in
// input order, each equal to align_pair's result for the pair apart from score_bits. Pairs are
// processed in groups that fit the device's free memory (m n direction bytes each); the host's
// part (packing the pairs, building the results) runs on `pool` when given. Throws ResourceError
// when one pair alone does not fit.
std::vector<PairAlignment> align_pairs_cuda(std::span<const AlignPairInput> pairs,
                                            const AlignParams& params, int device,
                                            ThreadPool* pool = nullptr);

}  // namespace tropic::align::detail::batch

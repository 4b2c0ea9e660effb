#pragma once
// The database scan of `tropic search` on a CUDA device: one query, or a few, against every
// database sequence, score only. A plain C++ interface; builds without CUDA get a version that
// throws (../no_cuda/).
//
// A scan's scores are align_pair's score-only scores (pairwise.hpp), whichever lanes computed
// them.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>

#include "align/search/targets.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic::align::detail::cuda {

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

// Whether packed scans pair queries of similar length in one launch (on by default; tests and
// benchmarks compare both ways). Every scan started after the call follows it.
void set_query_pairs(bool on);

}  // namespace tropic::align::detail::cuda

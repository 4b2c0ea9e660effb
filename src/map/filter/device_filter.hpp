#pragma once
// The filter cascade on a CUDA device: the tiled bound, then the exact banded edit distance, each
// one kernel over a flat candidate array, the survivors of the first compacted (CUB DeviceSelect)
// before the second runs. A plain C++ interface; builds without CUDA get one that throws
// (no_cuda/).
//
// A candidate's outcome is CandidateFilter::outcome's, computed the same way: the device path is
// an exact copy of the CPU's decisions, so CPU and GPU runs write identical output. The device
// takes candidates whose band has at most kDeviceMaxBand diagonals and whose window holds no N
// (is_device_candidate); the caller filters the others on the CPU.
#include <cstdint>
#include <memory>
#include <span>

#include "map/filter/candidate_batch.hpp"
#include "map/filter/candidate_filter.hpp"
#include "map/filter/lmer_distance_table.hpp"

namespace tropic::map::detail {

inline constexpr int kDeviceMaxBand = 96;

class DeviceCandidateFilter {
  public:
    // Copies the reference's packed bases (ReferenceIndex::packed_bases, N as A) and the l-mer
    // table (l = CandidateFilter::kTileLength) to `device`. ResourceError when they do not fit.
    DeviceCandidateFilter(std::span<const std::uint64_t> packed_bases,
                          const LmerDistanceTable& table, int device);
    ~DeviceCandidateFilter();
    DeviceCandidateFilter(const DeviceCandidateFilter&) = delete;
    DeviceCandidateFilter& operator=(const DeviceCandidateFilter&) = delete;

    // outcomes[k] for batch.candidates[chosen[k]] (each a device candidate).
    void filter(const CandidateBatch& batch, std::span<const std::uint32_t> chosen,
                std::span<FilterOutcome> outcomes);

    // Device bytes the reference and table take, and what a batch adds (reads, offsets,
    // candidates, their indices twice, outcomes, and CUB's scratch, a few bytes a candidate).
    [[nodiscard]] static std::uint64_t resident_bytes(std::size_t packed_words) {
        return 8 * std::uint64_t{packed_words} + (std::uint64_t{1} << 20);
    }
    [[nodiscard]] static std::uint64_t batch_bytes(std::size_t read_bases, std::size_t reads,
                                                   std::size_t candidates) {
        return std::uint64_t{read_bases} + 4 * (std::uint64_t{reads} + 1) +
               std::uint64_t{candidates} * (sizeof(FlatCandidate) + 4 + 4 + 1 + 16) + (1 << 20);
    }

  private:
    struct State;
    std::unique_ptr<State> state_;
};

}  // namespace tropic::map::detail

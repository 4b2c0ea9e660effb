#pragma once
// The filter cascade over a whole batch of candidates, where the run says (RunOptions::backend):
// on the CPU's threads, or on the device, which takes the candidates it can (band within
// kDeviceMaxBand, window without N) while the CPU filters the rest; with several devices each
// filters a contiguous share of those candidates. The outcomes are the same either way
// (device_filter.hpp), so the output does not depend on the backend or the devices.
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "map/filter/candidate_batch.hpp"
#include "map/filter/candidate_filter.hpp"
#include "map/filter/device_filter.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic::map::detail {

class BatchFilter {
  public:
    explicit BatchFilter(const ReferenceIndex& index);
    ~BatchFilter();

    // outcomes[k] for batch.candidates[k]. ResourceError when the cuda backend is asked for and
    // no device can take the work.
    [[nodiscard]] std::vector<FilterOutcome> filter(const CandidateBatch& batch,
                                                    const RunOptions& options);

    // Whether the device can filter this candidate (else the CPU does).
    [[nodiscard]] bool device_candidate(const FlatCandidate& candidate) const;

  private:
    void filter_on_cpu(const CandidateBatch& batch, std::span<const std::uint32_t> chosen,
                       std::vector<FilterOutcome>& outcomes, const RunOptions& options) const;
    [[nodiscard]] bool use_device(const CandidateBatch& batch, const RunOptions& options);

    void filter_on_devices(const CandidateBatch& batch, std::span<const std::uint32_t> chosen,
                           std::vector<FilterOutcome>& outcomes, const RunOptions& options);

    const ReferenceIndex& index_;
    CandidateFilter cpu_;
    // A filter, with its copy of the reference, per device of the run (RunOptions::devices); the
    // shares of one device take turns (for_each_device_share), so they use its filter in turn.
    std::map<int, std::unique_ptr<DeviceCandidateFilter>> devices_;
    std::uint64_t device_batch_bytes_ = 0;  // what the first device's buffers hold now
};

}  // namespace tropic::map::detail

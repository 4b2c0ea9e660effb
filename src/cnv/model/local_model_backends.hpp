#pragma once
// The two backends behind fit_local_models (tropic/cnv/local_model.hpp), each alone: the CPU
// path threads over windows, the CUDA path fits a block in chunks of windows on the device.
// Both run the per-window rule of window_em.hpp with the same arithmetic, so their results are
// the same doubles.
#include <cstddef>
#include <cstdint>

#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/local_model.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::cnv::detail {

void fit_local_models_cpu(const LocalModelBlock& block, const CnmopsParams& params,
                          LocalModelResult& result, const RunOptions& run);
// Throws ResourceError without CUDA, without a device, or when one window does not fit it.
void fit_local_models_cuda(const LocalModelBlock& block, const CnmopsParams& params,
                           LocalModelResult& result, const RunOptions& run);

// Device memory one window of a chunk takes on the CUDA path, N samples and n classes: counts
// (in, later sI/NI out, window-major), their sample-major copy, the ratio and lgamma scratch
// (4 x 8 N), the classes in both layouts (2 N), lambda and alpha (16 n), I/NI and the controls'
// lambda (16) and the prior flag (1).
constexpr std::uint64_t device_bytes_per_window(std::size_t samples, std::size_t classes) {
    return static_cast<std::uint64_t>(samples) * (4 * sizeof(double) + 2) +
           static_cast<std::uint64_t>(classes) * 2 * sizeof(double) + 2 * sizeof(double) +
           sizeof(bool);
}

}  // namespace tropic::cnv::detail

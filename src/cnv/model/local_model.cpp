// Where the local model runs: the one choice through choose_backend.
#include "tropic/cnv/local_model.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "cnv/model/local_model_backends.hpp"
#include "core/internal/backend_choice.hpp"

namespace tropic::cnv {

namespace {

// Auto sends work to the device from this many window x sample x class x cycle steps on: where
// the CPU's time (about 1.2e9 steps/s on the H100 host's 16 cores, bench_cnv_model) passes the
// ~0.34 s a process spends creating its CUDA context. Beyond the context the device is faster
// at every size measured, down to 256 windows x 2 samples (docs/performance.md).
constexpr double kAutoMinSteps = 4e8;

}  // namespace

Backend choose_local_model_backend(std::size_t windows, std::size_t samples,
                                   const CnmopsParams& params, const RunOptions& run) {
    const double classes = static_cast<double>(params.folds.size());
    WorkEstimate work;
    work.what = fmt::format("the local models of {} windows x {} samples", windows, samples);
    work.steps =
        static_cast<double>(windows) * static_cast<double>(samples) * classes * params.cycles;
    work.auto_min_steps = kAutoMinSteps;
    work.host_bytes = 0;  // the caller holds the block and the result
    // The kernel works in chunks that shrink to the free memory; what it needs at least is two
    // buffer sets of a small chunk.
    work.device_bytes = 2 * detail::device_bytes_per_window(samples, params.folds.size()) *
                        std::min<std::uint64_t>(windows, 4096);
    return choose_backend(run, work);
}

void fit_local_models(const LocalModelBlock& block, const CnmopsParams& params,
                      LocalModelResult& result, const RunOptions& run) {
    if (choose_local_model_backend(block.windows, block.samples, params, run) == Backend::Cuda) {
        detail::fit_local_models_cuda(block, params, result, run);
    } else {
        detail::fit_local_models_cpu(block, params, result, run);
    }
}

}  // namespace tropic::cnv

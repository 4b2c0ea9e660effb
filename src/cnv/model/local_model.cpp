// Where the local model runs: the one choice through choose_backend.
#include "tropic/cnv/local_model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <vector>

#include "cnv/model/local_model_backends.hpp"
#include "core/internal/backend_choice.hpp"
#include "core/internal/device_shares.hpp"

namespace tropic::cnv {

namespace {

// Auto sends work to the device from this many window x sample x class x cycle steps on: where
// the CPU's time (about 1.2e9 steps/s on the H100 host's 16 cores, bench_cnv_model) passes the
// ~0.34 s a process spends creating its CUDA context. Beyond the context the device is faster
// at every size measured, down to 256 windows x 2 samples (docs/performance.md).
constexpr double kAutoMinSteps = 4e8;

// Copies `part`, the fit of windows [first, first + part.windows), into `whole`.
void place_part(const LocalModelResult& part, std::size_t first, LocalModelResult& whole) {
    auto place = [](const auto& from, auto& to, std::size_t at) {
        std::copy(from.begin(), from.end(), to.begin() + static_cast<std::ptrdiff_t>(at));
    };
    place(part.lambda, whole.lambda, first * whole.classes);
    place(part.alpha, whole.alpha, first * whole.classes);
    place(part.expected_class, whole.expected_class, first * whole.samples);
    place(part.sini, whole.sini, first * whole.samples);
    place(part.ini, whole.ini, first);
}

// The block's windows in contiguous shares over the run's devices (every window the same work),
// each share's fit placed where its windows are; one device fits the block as it is.
void fit_on_devices(const LocalModelBlock& block, const CnmopsParams& params,
                    LocalModelResult& result, const RunOptions& run) {
    if (tropic::detail::batch_devices(run).size() <= 1) {
        detail::fit_local_models_cuda(block, params, result, run);
        return;
    }
    result.resize(block.windows, block.samples, params.folds.size());
    const std::vector<double> costs(block.windows, 1.0);
    std::atomic<std::size_t> prior_only{0};
    tropic::detail::for_each_device_share(
        run, costs, [&](const RunOptions& share_run, std::size_t begin, std::size_t end) {
            LocalModelBlock part = block;
            part.windows = end - begin;
            part.counts += begin * block.samples;
            if (part.reference_lambda != nullptr) part.reference_lambda += begin;
            LocalModelResult fitted;
            detail::fit_local_models_cuda(part, params, fitted, share_run);
            place_part(fitted, begin, result);
            prior_only += fitted.prior_only_windows;
        });
    result.prior_only_windows = prior_only;
}

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
        fit_on_devices(block, params, result, run);
    } else {
        detail::fit_local_models_cpu(block, params, result, run);
    }
}

}  // namespace tropic::cnv

// Where the local model runs: the one choice through choose_backend.
#include "tropic/cnv/local_model.hpp"

#include <fmt/format.h>

#include "tropic/core/backend_choice.hpp"

namespace tropic::cnv {

namespace {

// Auto sends a block to the device from this many window x sample x class x cycle steps on.
// Provisional until measured on the GPU host (bench_cnv_gpu crossover; docs/performance.md).
constexpr double kAutoMinSteps = 2e8;

}  // namespace

void fit_local_models(const LocalModelBlock& block, const CnmopsParams& params,
                      LocalModelResult& result, const RunOptions& run) {
    const double classes = static_cast<double>(params.folds.size());
    WorkEstimate work;
    work.what =
        fmt::format("the local models of {} windows x {} samples", block.windows, block.samples);
    work.steps = static_cast<double>(block.windows) * static_cast<double>(block.samples) * classes *
                 params.cycles;
    work.auto_min_steps = kAutoMinSteps;
    const std::uint64_t cells = static_cast<std::uint64_t>(block.windows) * block.samples;
    work.host_bytes = 0;  // the caller holds the block and the result
    // Counts, two scratch arrays, sI/NI and their transposed copy; classes x windows twice.
    work.device_bytes =
        cells * (4 * sizeof(double) + 1) +
        static_cast<std::uint64_t>(block.windows) * (2 * params.folds.size() + 2) * sizeof(double);
    const Backend backend = choose_backend(run, work);
    if (backend == Backend::Cuda) {
        fit_local_models_cuda(block, params, result, run);
    } else {
        fit_local_models_cpu(block, params, result, run);
    }
}

}  // namespace tropic::cnv

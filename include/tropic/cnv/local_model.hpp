#pragma once
// cn.mops' local model: for every window, a mixture of Poissons over the samples' counts, fitted
// by EM (cn.mops' "cnmops" C routine, run by .cn.mopsCE), or, for referencecn.mops, the
// posterior of each case against the controls' expected count (.referencecn.mops).
//
// Per window: lambda and alpha (one per class), and per sample the expected class (the integer
// copy number, cn.mops' integerCopyNumber), the signed informative call sI/NI
// (localAssessments) and per window the I/NI call (iniCall). docs/cnv.md states the model.
//
// The CPU path threads over windows; the CUDA path fits all windows of a block at once. Both run
// the same per-window rule with the same arithmetic (no library exp/log, no fused
// multiply-adds), so their results are the same doubles.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::cnv {

// The windows of one block: counts of every sample, already normalised.
struct LocalModelBlock {
    std::size_t windows = 0;
    std::size_t samples = 0;
    const double* counts = nullptr;    // [w * samples + s]
    const double* coverage = nullptr;  // [s]: cn.mops' cov (all 1 unless norm = 2)
    // Method::Reference only: the controls' expected count of each window, [w].
    const double* reference_lambda = nullptr;
};

struct LocalModelResult {
    std::size_t windows = 0, samples = 0, classes = 0;
    std::vector<double> lambda;                // [w * classes + i]
    std::vector<double> alpha;                 // [w * classes + i]
    std::vector<std::uint8_t> expected_class;  // [w * samples + s], index into params.classes
    std::vector<double> sini;                  // [w * samples + s]
    std::vector<double> ini;                   // [w]
    // Windows whose counts were all at most minReadCount: cn.mops returns the prior for them.
    std::size_t prior_only_windows = 0;

    void resize(std::size_t window_count, std::size_t sample_count, std::size_t class_count);
};

// Fits every window of `block`. Backend through run.backend (Auto: the device from a measured
// size on, see local_model.cpp); throws ResourceError when the chosen backend cannot hold it.
void fit_local_models(const LocalModelBlock& block, const CnmopsParams& params,
                      LocalModelResult& result, const RunOptions& run);

// Where fit_local_models would send `windows` x `samples` (run.backend; Auto: the device from a
// measured size on). A pipeline asks once for all its blocks, so that every block of a run goes
// to the same place. Throws ResourceError as fit_local_models does.
[[nodiscard]] Backend choose_local_model_backend(std::size_t windows, std::size_t samples,
                                                 const CnmopsParams& params, const RunOptions& run);

}  // namespace tropic::cnv

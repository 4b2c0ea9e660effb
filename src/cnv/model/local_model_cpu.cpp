// The CPU path of the local model: windows in parallel over the pool, each by the shared rule.
#include <vector>

#include "cnv/model/local_model_backends.hpp"
#include "cnv/model/model_constants.hpp"
#include "cnv/model/window_em.hpp"
#include "tropic/cnv/local_model.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cnv {

void LocalModelResult::resize(std::size_t window_count, std::size_t sample_count,
                              std::size_t class_count) {
    windows = window_count;
    samples = sample_count;
    classes = class_count;
    // Every backend writes every element, so a result reused for the next block is resized,
    // not cleared (clearing a BM-A-sized result costs more than the GPU's whole fit).
    lambda.resize(window_count * class_count);
    alpha.resize(window_count * class_count);
    expected_class.resize(window_count * sample_count);
    sini.resize(window_count * sample_count);
    ini.resize(window_count);
    prior_only_windows = 0;
}

}  // namespace tropic::cnv

namespace tropic::cnv::detail {

void fit_local_models_cpu(const LocalModelBlock& block, const CnmopsParams& params,
                          LocalModelResult& result, const RunOptions& run) {
    const ModelConstants constants = make_model_constants(params);
    const std::size_t n = static_cast<std::size_t>(constants.classes);
    const std::size_t samples = block.samples;
    result.resize(block.windows, samples, n);
    if (block.windows == 0 || samples == 0) return;
    std::vector<char> prior_only(block.windows, 0);
    // Windows go out in blocks; each block has its own scratch.
    constexpr std::size_t kGrain = 256;
    const std::size_t chunks = (block.windows + kGrain - 1) / kGrain;
    auto fit_chunk = [&](std::size_t chunk) {
        std::vector<double> scratch(2 * samples);
        const std::size_t first = chunk * kGrain;
        const std::size_t last = std::min(block.windows, first + kGrain);
        for (std::size_t w = first; w < last; ++w) {
            WindowIn in{block.counts + w * samples, 1, block.coverage,
                        block.reference_lambda ? block.reference_lambda[w] : 0.0};
            bool only_prior = false;
            WindowOut out{result.lambda.data() + w * n,
                          result.alpha.data() + w * n,
                          result.expected_class.data() + w * samples,
                          result.sini.data() + w * samples,
                          1,
                          result.ini.data() + w,
                          &only_prior};
            if (constants.reference) {
                fit_window_reference(constants, samples, in, out);
            } else {
                fit_window_cohort(constants, samples, in,
                                  {scratch.data(), scratch.data() + samples, 1}, out);
            }
            prior_only[w] = only_prior ? 1 : 0;
        }
    };
    parallel_for(run.pool, 0, chunks, fit_chunk);
    for (char p : prior_only) result.prior_only_windows += p ? 1 : 0;
}

}  // namespace tropic::cnv::detail

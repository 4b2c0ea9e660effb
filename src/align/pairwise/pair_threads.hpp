#pragma once
// How a batch of pairs shares the threads, for every pairwise family (align_many, syntenic_many):
// long pairs one after another, each on every thread of the pool (their progress reported under
// their index); short ones side by side, one a thread, unless `short_elsewhere` takes them (the
// device's batches). A pair whose memory does not fit gets its error (code Resource, the message
// naming it by its `what`); the others are still aligned; other errors throw.
#include <fmt/format.h>

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "align/pairwise/pair_plan.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align::detail {

template <class Result>
using AlignOne = std::function<Result(const AlignPairInput& pair, const RunOptions& options)>;
// Takes the short pairs (indices into the batch) and fills their outcomes; false leaves them to
// the threads.
template <class Result>
using ShortPairsElsewhere =
    std::function<bool(const std::vector<std::size_t>& short_pairs, std::vector<Outcome<Result>>&)>;

template <class Result>
std::vector<Outcome<Result>> align_pairs_on_threads(
    std::span<const AlignPairInput> pairs, const RunOptions& options,
    const AlignOne<Result>& align_one, const ShortPairsElsewhere<Result>& short_elsewhere = {}) {
    std::vector<Outcome<Result>> outcomes(pairs.size());
    const unsigned threads = thread_count(options.pool);
    const auto run = [&](std::size_t k, const RunOptions& run_options) {
        try {
            outcomes[k].result = align_one(pairs[k], run_options);
        } catch (const ResourceError& error) {
            outcomes[k].error = fmt::format("{}: {}", pairs[k].what, error.what());
            outcomes[k].code = ExitCode::Resource;
        }
    };
    std::vector<std::size_t> short_pairs;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const auto cells = static_cast<std::int64_t>(pairs[k].query.size()) *
                           static_cast<std::int64_t>(pairs[k].target.size());
        if (threads > 1 && cells >= kParallelCells) {
            RunOptions long_options = options;
            if (options.on_progress)
                long_options.on_progress = [&options, k](std::size_t, double fraction) {
                    options.on_progress(k, fraction);
                };
            run(k, long_options);
        } else {
            short_pairs.push_back(k);
        }
    }
    if (short_elsewhere && short_elsewhere(short_pairs, outcomes)) return outcomes;
    RunOptions single = options;
    single.pool = nullptr;
    single.on_progress = nullptr;
    parallel_for(
        options.pool, 0, short_pairs.size(), [&](std::size_t s) { run(short_pairs[s], single); },
        4);
    return outcomes;
}

}  // namespace tropic::align::detail

#pragma once
// What the folding families (MFE, ensemble) share once they have said what their folds cost: the
// work estimates choose_backend weighs for one record alone and for the short records together,
// the suggestion of a length that fits, and the CPU's schedule of the records placed there.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/internal/backend_choice.hpp"
#include "rna/placement/record_outcomes.hpp"
#include "rna/placement/record_placement.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/progress.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::rna::detail {

// One family's folds, as placement sees them.
struct FoldFamily {
    std::string one_fold;    // how messages name one fold: "an MFE fold" (of N nt)
    std::string many_folds;  // and several: (a batch of N) "MFE folds"
    // On the CPU, records this long share all threads inside one fold rather than one thread
    // each; only they report progress.
    std::size_t cpu_long_length = 0;
    // Auto: records this long go to the device alone when there is one.
    std::size_t auto_cuda_min_length = 0;
    // Auto: shorter records go to the device together once they hold this many bases (below it
    // the CPU threads finish before a CUDA context is up).
    std::size_t auto_cuda_min_batch_residues = 0;
    // A fold of n bases takes about n^3 / steps_divisor add-and-compare steps.
    double steps_divisor = 1;
    // Host bytes of one fold of n bases filled by `threads` threads, and device bytes of one
    // fold (the chooser's budget keeps the headroom back).
    std::function<std::uint64_t(std::size_t n, unsigned threads)> host_bytes;
    std::function<std::uint64_t(std::size_t n)> device_bytes;
};

// The family's placement rules on `threads` CPU threads: one record alone (on the device, or on
// every thread) and the short records together (the device's batch mode, or one record per
// thread). A refusal suggests the longest length that fits what was refused.
PlacementRules placement_rules(const FoldFamily& family, unsigned threads);

// Places the records of `sequences` whose outcome is still open; a record that fits nowhere gets
// its refusal as its outcome.
template <class Result>
RecordPlacement place_folds(const std::vector<std::vector<std::uint8_t>>& sequences,
                            const FoldFamily& family, const RunOptions& run,
                            std::vector<Outcome<Result>>& outcomes) {
    BackendChooser chooser(run);
    RecordPlacement placed = place_records(sequences, open_records(outcomes), chooser,
                                           placement_rules(family, thread_count(run.pool)));
    refuse(placed, outcomes);
    return placed;
}

// Folds the records `placed` on the CPU with `fold(record, pool, on_progress)`, which returns the
// record's Result: the long ones one at a time on every thread of run.pool, reporting progress as
// their index; the short ones one per thread, silently. A fold that throws a tropic::Error gives
// its record that error; the others go on.
template <class Result, class Fold>
void fold_on_cpu(const RecordPlacement& placed, const RunOptions& run,
                 std::vector<Outcome<Result>>& outcomes, Fold fold) {
    auto fold_one = [&](std::size_t r, ThreadPool* pool, const Progress& on_progress) {
        outcomes[r] = capture_outcome<Result>([&] { return fold(r, pool, on_progress); });
    };
    for (std::size_t r : placed.cpu_long) fold_one(r, run.pool, run.on_progress);
    parallel_for(run.pool, 0, placed.cpu_short.size(),
                 [&](std::size_t k) { fold_one(placed.cpu_short[k], nullptr, Progress()); });
}

}  // namespace tropic::rna::detail

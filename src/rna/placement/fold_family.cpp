#include "rna/placement/fold_family.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "core/internal/memory_fit.hpp"

namespace tropic::rna::detail {

namespace {

double fold_steps(const FoldFamily& family, std::size_t n) {
    const double x = static_cast<double>(n);
    return x * x * x / family.steps_divisor;
}

// What helps `folds` folds side by side, each on `threads` threads, that do not fit: the longest
// length that does.
std::function<std::string(const MemoryBudget&)> suggest_shorter(const FoldFamily& family,
                                                                unsigned threads, unsigned folds) {
    return [&family, threads, folds](const MemoryBudget& budget) {
        if (budget.on_device())
            return fmt::format("the longest sequence that fits is about {} nt",
                               longest_that_fits(budget.bytes, family.device_bytes));
        return fmt::format(
            "the longest sequence that fits is {} nt: fold a shorter window",
            longest_that_fits(budget.bytes, [&family, threads, folds](std::size_t n) {
                return folds * family.host_bytes(n, threads);
            }));
    };
}

}  // namespace

PlacementRules placement_rules(const FoldFamily& family, unsigned threads) {
    PlacementRules rules;
    rules.alone_length = family.auto_cuda_min_length;
    rules.cpu_long_length = family.cpu_long_length;
    rules.single = [&family, threads](std::size_t n) {
        WorkEstimate work;
        work.what = fmt::format("{} of {} nt", family.one_fold, n);
        work.steps = fold_steps(family, n);
        work.auto_min_steps = fold_steps(family, family.auto_cuda_min_length);
        work.host_bytes = family.host_bytes(n, threads);
        work.device_bytes = family.device_bytes(n);
        work.suggest = suggest_shorter(family, threads, 1);
        return work;
    };
    rules.batch = [&family, threads](std::size_t records, std::size_t residues,
                                     std::size_t longest) {
        const auto folds = static_cast<unsigned>(std::min<std::size_t>(threads, records));
        WorkEstimate work;
        work.what = fmt::format("a batch of {} {}", records, family.many_folds);
        work.steps = static_cast<double>(residues);
        work.auto_min_steps = static_cast<double>(family.auto_cuda_min_batch_residues);
        work.host_bytes = folds * family.host_bytes(longest, 1);
        // The device's batch mode sizes its chunks to its free memory: the longest must fit.
        work.device_bytes = family.device_bytes(longest);
        work.suggest = suggest_shorter(family, 1, folds);
        return work;
    };
    return rules;
}

}  // namespace tropic::rna::detail

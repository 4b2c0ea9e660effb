// interact_bpmax_many: many pairs, each placed before any is computed, then scheduled by where
// they run. GPU pairs run a few at a time, each on its own host thread and CUDA stream, so that
// the launches and host work of small pairs overlap; small CPU pairs run side by side, one per
// thread (below Knobs::small_pair_steps); the others one at a time on every thread. Outcomes come
// back in input order.
#include <fmt/format.h>

#include <algorithm>
#include <span>
#include <vector>

#include "core/internal/backend_choice.hpp"
#include "core/internal/device_shares.hpp"
#include "rna/bpmax/bpmax_engine.hpp"
#include "rna/bpmax/bpmax_plan.hpp"
#include "rna/placement/record_outcomes.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::rna {

namespace detail {

namespace {

// GPU pairs in flight at once, at most.
constexpr std::size_t kGpuLanes = 4;

// How many GPU pairs run at once: up to kGpuLanes, as many as threads, and only as many as the
// device's budget (device_bytes) holds at the largest pair.
std::size_t gpu_lanes(std::size_t pairs, unsigned threads, std::size_t largest_bytes,
                      std::size_t device_bytes) {
    const std::size_t lanes = std::min({kGpuLanes, pairs, std::size_t{threads}});
    if (lanes <= 1 || largest_bytes == 0) return lanes;
    return std::max<std::size_t>(1, std::min(lanes, device_bytes / largest_bytes));
}

}  // namespace

std::vector<Outcome<BpmaxResult>> interact_many(std::span<const BpmaxPairInput> pairs,
                                                const BpmaxParams& params, const RunOptions& run,
                                                const Knobs& knobs) {
    validate(params);
    const unsigned threads = run.pool == nullptr ? 1 : run.pool->size();
    BackendChooser chooser(run);
    const std::size_t host_limit = chooser.host().bytes;
    std::vector<Outcome<BpmaxResult>> outcomes(pairs.size());
    std::vector<std::string> names(pairs.size());
    std::vector<Backend> backends(pairs.size(), Backend::Cpu);

    // Placement, before anything is computed.
    std::vector<std::size_t> gpu, together, alone;
    std::size_t largest_gpu_bytes = 0;
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        const std::size_t n1 = pairs[k].s1.size(), n2 = pairs[k].s2.size();
        names[k] = pairs[k].name.empty() ? fmt::format("pair {}", k) : pairs[k].name;
        if (n1 == 0 || n2 == 0) continue;  // no site
        try {
            backends[k] = place_pair(n1, n2, params, chooser, threads, knobs, names[k]);
        } catch (const Error& e) {
            fail(outcomes[k], e.what(), e.code());
            continue;
        }
        if (backends[k] == Backend::Cuda) {
            gpu.push_back(k);
            largest_gpu_bytes = std::max(largest_gpu_bytes, bpmax_device_bytes(n1, n2, params));
            continue;
        }
        const bool fits_per_thread = bpmax_memory_bytes(n1, n2, params, 1) <= host_limit / threads;
        const bool small = bpmax_steps(n1, n2, params) < knobs.small_pair_steps;
        (threads > 1 && small && fits_per_thread ? together : alone).push_back(k);
    }

    // One pair with `base` (run, or a device's share of it) on `pool` (nullptr: its calling
    // thread); pairs computed one at a time on the calling thread report progress.
    auto compute = [&](std::size_t k, const RunOptions& base, ThreadPool* pool,
                       bool alone_on_caller) {
        RunOptions own = base;
        own.pool = pool;
        if (!alone_on_caller) own.on_progress = {};
        outcomes[k] = capture_outcome<BpmaxResult>([&] {
            return compute_pair(backends[k], pairs[k].s1, pairs[k].s2, params, own, host_limit, k,
                                knobs, names[k]);
        });
    };
    // The GPU pairs in contiguous shares over the run's devices, balanced by their steps; each
    // share runs its pairs a few at a time on its device.
    const std::size_t device_bytes = gpu.empty() ? 0 : chooser.device().bytes;
    std::vector<double> gpu_steps;
    for (std::size_t k : gpu)
        gpu_steps.push_back(bpmax_steps(pairs[k].s1.size(), pairs[k].s2.size(), params));
    tropic::detail::for_each_device_share(
        run, gpu_steps, [&](const RunOptions& share_run, std::size_t begin, std::size_t end) {
            const std::span<const std::size_t> share(gpu.data() + begin, end - begin);
            const std::size_t lanes = gpu_lanes(share.size(), thread_count(share_run.pool),
                                                largest_gpu_bytes, device_bytes);
            if (lanes > 1) {
                share_run.pool->parallel_for(0, lanes, [&](std::size_t lane) {
                    for (std::size_t g = lane; g < share.size(); g += lanes)
                        compute(share[g], share_run, nullptr, false);
                });
            } else {
                for (std::size_t k : share) compute(k, share_run, share_run.pool, true);
            }
        });
    if (!together.empty())
        run.pool->parallel_for(0, together.size(),
                               [&](std::size_t t) { compute(together[t], run, nullptr, false); });
    for (std::size_t k : alone) compute(k, run, run.pool, true);
    return outcomes;
}

}  // namespace detail

std::vector<Outcome<BpmaxResult>> interact_bpmax_many(std::span<const BpmaxPairInput> pairs,
                                                      const BpmaxParams& params,
                                                      const RunOptions& run) {
    return detail::interact_many(pairs, params, run);
}

}  // namespace tropic::rna

// interact_bpmax: checks, the memory estimate, then the fill (on the CPU, or on a CUDA device
// where the backend says so), site search and traceback.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <tuple>

#include "rna/bpmax_tables.hpp"
#include "rna/cuda/bpmax_cuda.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::rna {

void validate(const BpmaxParams& params) {
    const BpmaxWeights& w = params.weights;
    if (w.scale < 1)
        throw InputError(fmt::format("BPMax weight scale {} is not positive", w.scale));
    if (w.au < 0 || w.gc < 0 || w.gu < 0)
        throw InputError("BPMax pair weights must not be negative");
    if (params.top < 1) throw InputError("--top must be at least 1");
}

namespace {

// Backend::Auto moves the fill to the GPU once a pair is this many max-plus steps (bpmax_steps):
// below it, launches and start-up outweigh the gain, and `tropic rri` runs such pairs side by
// side on the CPU threads (the same threshold).
constexpr double kAutoCudaMinSteps = 2e9;

bool fill_on_gpu(const BpmaxOptions& options, std::size_t n1, std::size_t n2,
                 const BpmaxParams& params) {
    if (options.backend == Backend::Cpu) return false;
    if (options.backend == Backend::Cuda) {
        require_cuda_device(options.device);
        return true;
    }
    return cuda_device_count() > options.device && bpmax_steps(n1, n2, params) >= kAutoCudaMinSteps;
}

// Pairs in a fixed order, whichever path traced them.
void sort_pairs(std::vector<BpmaxPair>& pairs) {
    std::sort(pairs.begin(), pairs.end(), [](const BpmaxPair& a, const BpmaxPair& b) {
        return std::tie(a.kind, a.i, a.j) < std::tie(b.kind, b.i, b.j);
    });
}

template <typename Score>
BpmaxResult solve(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                  const BpmaxParams& params, const BpmaxOptions& options) {
    const std::size_t n2 = s2.size();
    const auto start = std::chrono::steady_clock::now();
    const bpmax::Problem<Score> problem = bpmax::make_problem<Score>(s1, s2, params, options.pool);
    const double problem_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    bpmax::InteractionTables<Score> f;
    f.length1 = s1.size();
    f.length2 = n2;
    f.window1 = effective_window(params.window1, s1.size());
    f.width2 = effective_window(params.window2, n2) + 1;

    BpmaxResult result;
    auto add_site = [&](const bpmax::SiteBox& box, std::vector<BpmaxPair> pairs) {
        BpmaxSite site;
        site.score = box.score;
        site.begin1 = box.i1;
        site.end1 = box.j1;
        site.begin2 = n2 - 1 - box.j2;
        site.end2 = n2 - 1 - box.i2;
        site.pairs = std::move(pairs);
        sort_pairs(site.pairs);
        result.sites.push_back(std::move(site));
    };

    if (fill_on_gpu(options, s1.size(), n2, params)) {
        // The tables stay on the device; sites and their structures come back.
        for (auto& site : bpmax::cuda::interact_sites(problem, f, params.top, options.device,
                                                      options.on_progress))
            add_site(site.box, std::move(site.pairs));
        if (std::getenv("TROPIC_PROFILE") != nullptr)
            std::fprintf(
                stderr, "tropic profile: bpmax host: strand tables %.4f s, whole call %.4f s\n",
                problem_seconds,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
        return result;
    }

    f.cells.resize(f.tables() * f.table_cells());
    semiring::EngineOptions engine;
    engine.backend = Backend::Cpu;
    engine.pool = options.pool;
    bpmax::fill_interaction_tables(problem, f, engine, options.pool, options.on_progress);
    for (const bpmax::SiteBox& box : bpmax::best_sites(f, params.top))
        add_site(box, bpmax::trace_site(problem, f, box));
    return result;
}

}  // namespace

BpmaxResult interact_bpmax(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                           const BpmaxParams& params, const BpmaxOptions& options) {
    validate(params);
    const std::size_t n1 = s1.size(), n2 = s2.size();
    if (n1 == 0 || n2 == 0) return {};
    // Every pair adds at most max_weight and a base pairs once: scores stay below this.
    const double highest = static_cast<double>(params.weights.max_weight()) * (n1 + n2) / 2.0;
    if (highest > semiring::Tropical<std::int32_t>::bound)
        throw InputError(fmt::format(
            "BPMax scores of a {} x {} nt pair could exceed the integer range; use smaller weights",
            n1, n2));
    const unsigned threads = options.pool == nullptr ? 1 : options.pool->size();
    check_bpmax_memory(n1, n2, params, threads, options.max_memory,
                       fmt::format("the pair of {} and {} nt", n1, n2), options.int32_only);
    // Scores of a windowed box are bounded by the windows, not the whole strands: a scan with a
    // window fits int16 whatever the target's length.
    if (!options.int32_only &&
        bpmax::score_fits_int16(effective_window(params.window1, n1),
                                effective_window(params.window2, n2), params.weights))
        return solve<std::int16_t>(s1, s2, params, options);
    return solve<std::int32_t>(s1, s2, params, options);
}

}  // namespace tropic::rna

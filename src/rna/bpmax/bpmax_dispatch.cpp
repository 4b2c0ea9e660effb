// interact_bpmax: checks and placement (place_pair), then either the GPU (fill, site search and
// traceback on the device) or the CPU fill of the whole tables or block by block along strand 2
// as the memory plan says, site search and traceback (compute_pair).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <tuple>
#include <vector>

#include "core/internal/backend_choice.hpp"
#include "core/internal/profile.hpp"
#include "rna/bpmax/bpmax_engine.hpp"
#include "rna/bpmax/bpmax_plan.hpp"
#include "rna/bpmax/bpmax_tables.hpp"
#include "rna/bpmax/cuda/bpmax_cuda.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::rna {

void validate(const BpmaxParams& params) {
    const BpmaxWeights& w = params.weights;
    if (w.scale < 1)
        throw InputError(fmt::format("BPMax weight scale {} is not positive", w.scale));
    if (w.au < 0 || w.gc < 0 || w.gu < 0)
        throw InputError("BPMax pair weights must not be negative");
    if (params.top < 1) throw InputError("BPMax top must be at least 1");
}

namespace detail {

namespace {

// Backend::Auto moves a pair to the GPU once it is this many max-plus steps (bpmax_steps):
// below it, launches and start-up outweigh the gain.
constexpr double kAutoCudaMinSteps = 2e9;

// Scores of a windowed box are bounded by the windows, not the whole strands: a scan with a
// window fits int16 whatever the target's length.
bool scores_fit_int16(std::size_t n1, std::size_t n2, const BpmaxParams& params) {
    return score_fits_int16(effective_window(params.window1, n1),
                            effective_window(params.window2, n2), params.weights);
}

template <typename Score>
InteractionTables<Score> table_shape(std::size_t n1, std::size_t n2, const BpmaxParams& params) {
    InteractionTables<Score> shape;
    shape.length1 = n1;
    shape.length2 = n2;
    shape.window1 = effective_window(params.window1, n1);
    shape.width2 = effective_window(params.window2, n2) + 1;
    return shape;
}

template <typename Score>
struct Filled {
    Problem<Score> problem;
    InteractionTables<Score> f;
};

// S1, S2 and F of s1 against s2 (all of it, or one block).
template <typename Score>
Filled<Score> fill(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                   const BpmaxParams& params, ThreadPool* pool, const Progress& on_progress,
                   std::size_t item) {
    Filled<Score> x{make_problem<Score>(s1, s2, params, pool), {}};
    InteractionTables<Score>& f = x.f;
    f.length1 = s1.size();
    f.length2 = s2.size();
    f.window1 = effective_window(params.window1, s1.size());
    f.width2 = effective_window(params.window2, s2.size()) + 1;
    f.cells.resize(f.tables() * f.table_cells());
    RunOptions engine;
    engine.backend = Backend::Cpu;  // the GPU path is solve_on_gpu, tables resident there
    engine.pool = pool;
    fill_interaction_tables(x.problem, f, engine, pool, on_progress, item);
    return x;
}

BpmaxSite make_site(const SiteBox& box, std::size_t n2, std::vector<BpmaxPair> pairs) {
    BpmaxSite site;
    site.score = box.score;
    site.begin1 = box.i1;
    site.end1 = box.j1;
    site.begin2 = n2 - 1 - box.j2;
    site.end2 = n2 - 1 - box.i2;
    site.pairs = std::move(pairs);
    std::sort(site.pairs.begin(), site.pairs.end(), [](const BpmaxPair& a, const BpmaxPair& b) {
        return std::tie(a.kind, a.i, a.j) < std::tie(b.kind, b.i, b.j);
    });
    return site;
}

template <typename Score>
BpmaxResult solve_whole(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                        const BpmaxParams& params, const RunOptions& run, std::size_t item) {
    const Filled<Score> x = fill<Score>(s1, s2, params, run.pool, run.on_progress, item);
    BpmaxResult result;
    for (const SiteBox& box : best_sites(x.f, params.top))
        result.sites.push_back(make_site(box, s2.size(), trace_site(x.problem, x.f, box)));
    return result;
}

// F block by block along r: block k owns the r starts [k B, (k+1) B) and holds r positions
// [k B, k B + B + W2 - 1), so every box of the windowed domain lies whole in the block that owns
// it and gets the same F value as in the whole table. Each block keeps its best box that overlaps
// no chosen site, traced back while its tables exist; the next site is the best of those. A new
// site changes only the blocks whose kept box it overlaps (for the others, the kept box is still
// the best of fewer candidates), so only those are filled again. The sites are exactly those of
// the whole table, in the memory of one block and about one pass of work.
template <typename Score>
BpmaxResult solve_in_blocks(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                            const BpmaxParams& params, const RunOptions& run, std::size_t item,
                            std::size_t block) {
    const std::size_t n2 = s2.size(), w2 = effective_window(params.window2, n2);
    const std::size_t blocks = (n2 + block - 1) / block;
    struct Kept {
        std::optional<SiteBox> box;
        std::vector<BpmaxPair> pairs;
    };
    std::vector<Kept> kept(blocks);
    std::vector<SiteBox> chosen;
    std::size_t filled = 0;  // blocks filled so far, for progress (the first pass is the bulk)
    auto refill = [&](std::size_t k) {
        const std::size_t begin = k * block, held = std::min(n2 - begin, block + w2 - 1);
        // r[begin, begin + held) is s2[n2 - begin - held, n2 - begin), reversed.
        const std::size_t s2_offset = n2 - begin - held;
        Progress progress;
        if (run.on_progress && filled < blocks)
            progress = [&](std::size_t block_item, double fraction) {
                run.on_progress(block_item, (static_cast<double>(filled) + fraction) /
                                                static_cast<double>(blocks));
            };
        const Filled<Score> x =
            fill<Score>(s1, s2.subspan(s2_offset, held), params, run.pool, progress, item);
        ++filled;
        Kept& mine = kept[k];
        mine.box = best_box(x.f, begin, std::min(block, n2 - begin), chosen);
        mine.pairs.clear();
        if (!mine.box) return;
        SiteBox local = *mine.box;
        local.i2 -= begin;
        local.j2 -= begin;
        mine.pairs = trace_site(x.problem, x.f, local);
        for (BpmaxPair& p : mine.pairs) {
            if (p.kind == BpmaxPairKind::Intra2) p.i += s2_offset;
            if (p.kind != BpmaxPairKind::Intra1) p.j += s2_offset;
        }
    };
    for (std::size_t k = 0; k < blocks; ++k) refill(k);
    BpmaxResult result;
    while (result.sites.size() < params.top) {
        std::size_t best = blocks;
        for (std::size_t k = 0; k < blocks; ++k)
            if (kept[k].box && (best == blocks || ranks_before(*kept[k].box, *kept[best].box)))
                best = k;
        if (best == blocks || (!chosen.empty() && kept[best].box->score <= 0)) break;
        const SiteBox site = *kept[best].box;
        chosen.push_back(site);
        result.sites.push_back(make_site(site, n2, std::move(kept[best].pairs)));
        if (result.sites.size() == params.top) break;
        for (std::size_t k = 0; k < blocks; ++k)
            if (kept[k].box && overlaps(*kept[k].box, site)) refill(k);
    }
    return result;
}

// The whole pair on the GPU: the tables stay on the device; sites and their pairs come back.
template <typename Score>
BpmaxResult solve_on_gpu(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                         const BpmaxParams& params, const RunOptions& run, std::size_t item,
                         const std::string& name) {
    const auto start = std::chrono::steady_clock::now();
    const Problem<Score> problem = make_problem<Score>(s1, s2, params, run.pool);
    const double strand_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const auto shape = table_shape<Score>(s1.size(), s2.size(), params);
    std::vector<cuda::DeviceSite> sites;
    try {
        sites = cuda::interact_sites(problem, shape, params.top, run.device, run.on_progress, item);
    } catch (const ResourceError& e) {  // device memory: say which pair
        throw ResourceError(fmt::format("{}: {}", name.empty() ? "the pair" : name, e.what()));
    }
    BpmaxResult result;
    for (auto& site : sites)
        result.sites.push_back(make_site(site.box, s2.size(), std::move(site.pairs)));
    if (profile::enabled())
        profile::print(
            "bpmax host: strand tables %.4f s, whole call %.4f s", strand_seconds,
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    return result;
}

template <typename Score>
BpmaxResult solve(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                  const BpmaxParams& params, const RunOptions& run, std::size_t item,
                  std::size_t block) {
    return block == 0 ? solve_whole<Score>(s1, s2, params, run, item)
                      : solve_in_blocks<Score>(s1, s2, params, run, item, block);
}

unsigned threads_of(const RunOptions& run) {
    return run.pool == nullptr ? 1 : run.pool->size();
}

}  // namespace

std::size_t bpmax_device_bytes(std::size_t n1, std::size_t n2, const BpmaxParams& params,
                               bool int32_only) {
    return !int32_only && scores_fit_int16(n1, n2, params)
               ? cuda::fill_device_bytes(table_shape<std::int16_t>(n1, n2, params))
               : cuda::fill_device_bytes(table_shape<std::int32_t>(n1, n2, params));
}

Backend place_pair(std::size_t n1, std::size_t n2, const BpmaxParams& params,
                   BackendChooser& chooser, unsigned threads, const Knobs& knobs,
                   const std::string& name) {
    // Every pair adds at most max_weight and a base pairs once: scores stay below this.
    const double highest = static_cast<double>(params.weights.max_weight()) * (n1 + n2) / 2.0;
    if (highest > semiring::Tropical<std::int32_t>::bound)
        throw InputError(fmt::format(
            "BPMax scores of a {} x {} nt pair could exceed the integer range; use smaller weights",
            n1, n2));
    // The tables must fit the limit wherever they are computed.
    const MemoryBudget host = chooser.host();
    check_bpmax_memory(n1, n2, params, threads, host, name, knobs.int32_only);
    WorkEstimate work;
    work.what = bpmax_pair_description(name, n1, n2);
    work.steps = bpmax_steps(n1, n2, params);
    work.auto_min_steps = kAutoCudaMinSteps;
    work.host_bytes = plan_bpmax(n1, n2, params, threads, host.bytes, knobs.int32_only)->bytes;
    work.device_bytes = bpmax_device_bytes(n1, n2, params, knobs.int32_only);
    work.device_reusable_bytes = cuda::kept_device_bytes();
    work.suggest = [](const MemoryBudget&) {
        return std::string("use a smaller window2 or window1");
    };
    return chooser.choose(work);
}

BpmaxResult compute_pair(Backend backend, std::span<const std::uint8_t> s1,
                         std::span<const std::uint8_t> s2, const BpmaxParams& params,
                         const RunOptions& run, std::size_t host_limit, std::size_t item,
                         const Knobs& knobs, const std::string& name) {
    const std::size_t n1 = s1.size(), n2 = s2.size();
    const bool narrow = !knobs.int32_only && scores_fit_int16(n1, n2, params);
    if (backend == Backend::Cuda)
        return narrow ? solve_on_gpu<std::int16_t>(s1, s2, params, run, item, name)
                      : solve_on_gpu<std::int32_t>(s1, s2, params, run, item, name);
    std::size_t block =
        knobs.block2 > 0
            ? knobs.block2
            : plan_bpmax(n1, n2, params, threads_of(run), host_limit, knobs.int32_only)->block2;
    if (block >= n2 || effective_window(params.window2, n2) >= n2) block = 0;
    if (narrow) return solve<std::int16_t>(s1, s2, params, run, item, block);
    return solve<std::int32_t>(s1, s2, params, run, item, block);
}

BpmaxResult interact(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                     const BpmaxParams& params, const RunOptions& run, const Knobs& knobs,
                     const std::string& name) {
    validate(params);
    if (s1.empty() || s2.empty()) return {};
    BackendChooser chooser(run);
    const Backend backend =
        place_pair(s1.size(), s2.size(), params, chooser, threads_of(run), knobs, name);
    return compute_pair(backend, s1, s2, params, run, chooser.host().bytes, 0, knobs, name);
}

}  // namespace detail

BpmaxResult interact_bpmax(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                           const BpmaxParams& params, const RunOptions& run) {
    return detail::interact(s1, s2, params, run);
}

}  // namespace tropic::rna

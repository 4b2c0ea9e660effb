// interact_bpmax: checks, the memory estimate, then the CPU fill (its double reduction on the
// tropical engine's backend of choice), site search and traceback.
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "rna/bpmax_tables.hpp"
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

template <typename Score>
BpmaxResult solve(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                  const BpmaxParams& params, const BpmaxOptions& options) {
    const std::size_t n2 = s2.size();
    const bpmax::Problem<Score> problem = bpmax::make_problem<Score>(s1, s2, params);
    bpmax::InteractionTables<Score> f;
    f.length1 = s1.size();
    f.length2 = n2;
    f.window1 = effective_window(params.window1, s1.size());
    f.width2 = effective_window(params.window2, n2) + 1;
    f.cells.resize(f.tables() * f.table_cells());
    semiring::EngineOptions engine;
    engine.backend = options.backend;
    engine.device = options.device;
    engine.pool = options.pool;
    // The one place where BPMax's fill is chosen: the CPU fill, whose double reduction runs on
    // the engine's backend of choice. A resident CUDA fill of the same tables goes here.
    bpmax::fill_interaction_tables(problem, f, engine, options.pool, options.on_progress);

    BpmaxResult result;
    for (const bpmax::SiteBox& box : bpmax::best_sites(f, params.top)) {
        BpmaxSite site;
        site.score = box.score;
        site.begin1 = box.i1;
        site.end1 = box.j1;
        site.begin2 = n2 - 1 - box.j2;
        site.end2 = n2 - 1 - box.i2;
        site.pairs = bpmax::trace_site(problem, f, box);
        std::sort(site.pairs.begin(), site.pairs.end(), [](const BpmaxPair& a, const BpmaxPair& b) {
            return std::tie(a.kind, a.i, a.j) < std::tie(b.kind, b.i, b.j);
        });
        result.sites.push_back(std::move(site));
    }
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
    if (!options.int32_only && bpmax::score_fits_int16(n1, n2, params.weights))
        return solve<std::int16_t>(s1, s2, params, options);
    return solve<std::int32_t>(s1, s2, params, options);
}

}  // namespace tropic::rna

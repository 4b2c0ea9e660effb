// interact_bpmax: checks, the memory plan, then the CPU fill (its double reduction on the
// tropical engine's backend of choice) of the whole tables or block by block along strand 2,
// site search and traceback.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <tuple>
#include <vector>

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
struct Filled {
    bpmax::Problem<Score> problem;
    bpmax::InteractionTables<Score> f;
};

// S1, S2 and F of s1 against s2 (all of it, or one block).
template <typename Score>
Filled<Score> fill(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                   const BpmaxParams& params, const BpmaxOptions& options,
                   const BpmaxProgress& on_progress) {
    Filled<Score> x{bpmax::make_problem<Score>(s1, s2, params), {}};
    bpmax::InteractionTables<Score>& f = x.f;
    f.length1 = s1.size();
    f.length2 = s2.size();
    f.window1 = effective_window(params.window1, s1.size());
    f.width2 = effective_window(params.window2, s2.size()) + 1;
    f.cells.resize(f.tables() * f.table_cells());
    semiring::EngineOptions engine;
    engine.backend = options.backend;
    engine.device = options.device;
    engine.pool = options.pool;
    // The one place where BPMax's fill is chosen: the CPU fill, whose double reduction runs on
    // the engine's backend of choice. A resident CUDA fill of the same tables goes here.
    bpmax::fill_interaction_tables(x.problem, f, engine, options.pool, on_progress);
    return x;
}

BpmaxSite make_site(const bpmax::SiteBox& box, std::size_t n2, std::vector<BpmaxPair> pairs) {
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
                        const BpmaxParams& params, const BpmaxOptions& options) {
    const Filled<Score> x = fill<Score>(s1, s2, params, options, options.on_progress);
    BpmaxResult result;
    for (const bpmax::SiteBox& box : bpmax::best_sites(x.f, params.top))
        result.sites.push_back(make_site(box, s2.size(), bpmax::trace_site(x.problem, x.f, box)));
    return result;
}

// F block by block along r: block k owns the r starts [k B, (k+1) B) and holds r positions
// [k B, k B + B + W2 - 1), so every box of the windowed domain lies whole in the block that owns
// it and gets the same F value as in the whole table. Each site takes one pass over the blocks
// (the next best box that overlaps no earlier site), traced back in the block that owns it, so
// the sites are exactly those of the whole table, in memory for one block.
template <typename Score>
BpmaxResult solve_in_blocks(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                            const BpmaxParams& params, const BpmaxOptions& options,
                            std::size_t block) {
    const std::size_t n2 = s2.size(), w2 = effective_window(params.window2, n2);
    const std::size_t blocks = (n2 + block - 1) / block;
    std::vector<bpmax::SiteBox> chosen;
    BpmaxResult result;
    for (std::size_t pass = 0; pass < params.top; ++pass) {
        std::optional<bpmax::SiteBox> best;
        std::vector<BpmaxPair> best_pairs;
        for (std::size_t k = 0; k < blocks; ++k) {
            const std::size_t begin = k * block, held = std::min(n2 - begin, block + w2 - 1);
            // r[begin, begin + held) is s2[n2 - begin - held, n2 - begin), reversed.
            const std::size_t s2_offset = n2 - begin - held;
            BpmaxProgress progress;
            if (options.on_progress)
                progress = [&](double fraction) {
                    options.on_progress((static_cast<double>(pass * blocks + k) + fraction) /
                                        static_cast<double>(params.top * blocks));
                };
            const Filled<Score> x =
                fill<Score>(s1, s2.subspan(s2_offset, held), params, options, progress);
            auto box = bpmax::best_box(x.f, begin, std::min(block, n2 - begin), chosen);
            if (!box || (best && !bpmax::ranks_before(*box, *best))) continue;
            best = box;
            bpmax::SiteBox local = *box;
            local.i2 -= begin;
            local.j2 -= begin;
            best_pairs = bpmax::trace_site(x.problem, x.f, local);
            for (BpmaxPair& p : best_pairs) {
                if (p.kind == BpmaxPairKind::Intra2) p.i += s2_offset;
                if (p.kind != BpmaxPairKind::Intra1) p.j += s2_offset;
            }
        }
        if (!best || (!chosen.empty() && best->score <= 0)) break;
        chosen.push_back(*best);
        result.sites.push_back(make_site(*best, n2, std::move(best_pairs)));
    }
    return result;
}

template <typename Score>
BpmaxResult solve(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                  const BpmaxParams& params, const BpmaxOptions& options, std::size_t block) {
    return block == 0 ? solve_whole<Score>(s1, s2, params, options)
                      : solve_in_blocks<Score>(s1, s2, params, options, block);
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
    std::size_t block =
        options.block2 > 0
            ? options.block2
            : plan_bpmax(n1, n2, params, threads, options.max_memory, options.int32_only)->block2;
    if (block >= n2 || effective_window(params.window2, n2) >= n2) block = 0;
    if (!options.int32_only && bpmax::score_fits_int16(n1, n2, params.weights))
        return solve<std::int16_t>(s1, s2, params, options, block);
    return solve<std::int32_t>(s1, s2, params, options, block);
}

}  // namespace tropic::rna

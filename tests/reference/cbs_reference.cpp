#include "reference/cbs_reference.hpp"

#include <algorithm>

namespace tropic::reference {

namespace cd = cnv::detail;

cd::Arc cbs_reference_best_arc(std::span<const double> c, std::size_t min_width) {
    cd::Arc best;
    const std::size_t n = c.size() - 1;
    for (std::size_t i = 0; i < n; ++i)
        for (std::size_t j = i + 1; j <= n; ++j) {
            if ((i == 0 && j == n) || !cd::arc_allowed(i, j, n, min_width)) continue;
            const double stat = cd::arc_stat(c[j] - c[i], j - i, n);
            if (cd::arc_better(stat, i, j, best)) best = {i, j, stat};
        }
    return best;
}

std::int64_t cbs_reference_exceedances(std::span<const double> y, std::size_t first,
                                       const cd::CbsConfig& config, bool hybrid, double observed,
                                       std::uint64_t seed) {
    const std::size_t n = y.size();
    std::vector<double> v = cd::centred(y);
    std::vector<double> c;
    auto rng = cd::segment_rng(seed, first, n);
    std::int64_t count = 0;
    for (std::int64_t p = 0; p < config.nperm; ++p) {
        cd::shuffle(v, rng);
        cd::cumulative_sums(v, c);
        double max = -1;
        for (std::size_t i = 0; i < n; ++i)
            for (std::size_t j = i + 1; j <= n; ++j) {
                if ((i == 0 && j == n) || !cd::arc_allowed(i, j, n, config.min_width)) continue;
                if (hybrid && !cd::arc_short(i, j, n, config.kmax)) continue;
                max = std::max(max, cd::arc_stat(c[j] - c[i], j - i, n));
            }
        if (max >= observed) ++count;
    }
    return count;
}

namespace {

void segment_plain(std::span<const double> y, std::size_t first, std::size_t end,
                   const cd::CbsConfig& config, std::uint64_t seed,
                   std::vector<std::pair<std::size_t, std::size_t>>& out) {
    const auto seg = y.subspan(first, end - first);
    const std::size_t n = seg.size();
    const std::vector<double> v = cd::centred(seg);
    std::vector<double> c;
    cd::cumulative_sums(v, c);
    const cd::Arc arc = cbs_reference_best_arc(c, config.min_width);
    bool split = arc.stat > 0;
    if (split) {
        const bool hybrid = n >= config.nmin && n > 2 * config.kmax;
        double tail = 0;
        if (hybrid) {
            double total_ss = 0;
            for (double value : v) total_ss += value * value;
            tail = cd::long_arc_tail_probability(cd::arc_t_statistic(arc.stat, n, total_ss), n,
                                                 config.kmax);
        }
        const std::int64_t allowed = cd::allowed_exceedances(config, tail);
        split = allowed >= 0 &&
                cbs_reference_exceedances(seg, first, config, hybrid, arc.stat, seed) <= allowed;
    }
    if (!split) {
        out.emplace_back(first, end);
        return;
    }
    const auto [ai, aj] = cd::settle_arc_ends(seg, arc.i, arc.j, config);
    const std::size_t i = first + ai, j = first + aj;
    if (i > first) segment_plain(y, first, i, config, seed, out);
    segment_plain(y, i, j, config, seed, out);
    if (j < end) segment_plain(y, j, end, config, seed, out);
}

}  // namespace

std::vector<cnv::SegmentRange> cbs_reference(std::span<const double> x,
                                             const cnv::CnmopsParams& params, std::uint64_t seed) {
    if (x.empty()) return {};
    const cd::CbsConfig config = cd::config_from(params);
    const std::vector<double> y = cd::jittered(x, seed);
    std::vector<std::pair<std::size_t, std::size_t>> pieces;
    segment_plain(y, 0, x.size(), config, seed, pieces);
    std::vector<cnv::SegmentRange> out;
    for (const auto& [first, end] : pieces) {
        std::vector<double> values(x.begin() + static_cast<std::ptrdiff_t>(first),
                                   x.begin() + static_cast<std::ptrdiff_t>(end));
        double sum = 0;
        for (double value : values) sum += value;
        std::sort(values.begin(), values.end());
        const std::size_t m = values.size();
        const double median = m % 2 == 1 ? values[m / 2] : (values[m / 2 - 1] + values[m / 2]) / 2;
        out.push_back({first, end - 1, sum / static_cast<double>(m), median});
    }
    return out;
}

}  // namespace tropic::reference

// normalizeChromosomes of cn.mops, for one sequence. Windows where every sample has fewer than
// one read are left out of every statistic and set to 0 afterwards, as cn.mops does.
#include "tropic/cnv/normalize.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "cnv/stats/r_summary.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cnv {

namespace {

using detail::r_density_mode;
using detail::r_mean;
using detail::r_median;
using detail::r_quantile7;
using detail::r_statmod;
using detail::r_var;

// One sample's column over the kept windows.
std::vector<double> column(const SequenceCounts& sequence, std::size_t samples, std::size_t s,
                           const std::vector<char>& kept) {
    std::vector<double> values;
    for (std::size_t w = 0; w < sequence.window_count(); ++w) {
        if (kept[w]) values.push_back(sequence.counts[w * samples + s]);
    }
    return values;
}

// colMeans(na.rm = TRUE): a long double sum over the kept windows.
double column_mean(const std::vector<double>& values) {
    long double sum = 0;
    for (double v : values) sum += v;
    return static_cast<double>(sum / static_cast<long double>(values.size()));
}

std::optional<double> size_factor_of(const std::vector<double>& values,
                                     const CnmopsParams& params) {
    // cn.mops tests `sizeFactor == "median" | normType == "poisson"` before "quant" and "mode":
    // with normType poisson those two give the median.
    if (params.size_factor != SizeFactor::Mean && params.norm_type == NormType::Poisson) {
        return r_median(values);
    }
    switch (params.size_factor) {
        case SizeFactor::Mean:
            return column_mean(values);
        case SizeFactor::Median:
            return r_median(values);
        case SizeFactor::Quant:
            return r_quantile7(values, params.size_factor_quantile);
        case SizeFactor::Mode: {
            std::vector<double> nonzero;
            for (double v : values)
                if (v != 0) nonzero.push_back(v);
            return r_statmod(nonzero);
        }
    }
    return std::nullopt;
}

// Windows where every sample has < 1 read: out of the statistics, 0 in the result.
std::vector<char> kept_windows(const SequenceCounts& sequence, std::size_t samples) {
    std::vector<char> kept(sequence.window_count(), 0);
    for (std::size_t w = 0; w < kept.size(); ++w) {
        bool low = true;
        for (std::size_t s = 0; s < samples; ++s) low = low && sequence.counts[w * samples + s] < 1;
        kept[w] = low ? 0 : 1;
    }
    return kept;
}

// Each sample's size factor over the kept windows; cn.mops falls back to the global column sums
// when one cannot be computed, and stops at a factor of zero.
std::vector<double> size_factors(const SequenceCounts& sequence, std::size_t samples,
                                 const std::vector<char>& kept, const CnmopsParams& params,
                                 std::span<const double> column_sums,
                                 std::vector<std::string>& warnings) {
    std::vector<double> factors(samples);
    bool any_missing = false;
    for (std::size_t s = 0; s < samples; ++s) {
        const std::optional<double> f = size_factor_of(column(sequence, samples, s, kept), params);
        any_missing = any_missing || !f || std::isnan(*f);
        factors[s] = f.value_or(0);
    }
    if (any_missing) {
        warnings.push_back(
            fmt::format("normalisation failed for reference sequence {}: using global size factors",
                        sequence.name));
        factors.assign(column_sums.begin(), column_sums.end());
    }
    for (std::size_t s = 0; s < samples; ++s) {
        if (factors[s] == 0) {
            throw InputError(fmt::format(
                "cnv: sample {} has a normalisation factor of zero on reference sequence {} "
                "(no reads there): remove that sample or that sequence (e.g. chrY)",
                s + 1, sequence.name));
        }
    }
    return factors;
}

// The normType's centre of the size factors, which every sample is scaled to.
double size_factor_centre(const std::vector<double>& sizes, const SequenceCounts& sequence,
                          std::size_t samples, const std::vector<char>& kept,
                          const CnmopsParams& params) {
    switch (params.norm_type) {
        case NormType::Mean:
        case NormType::Poisson:
            return r_mean(sizes);
        case NormType::Median:
            return r_median(sizes);
        case NormType::Quant:
            return r_quantile7(sizes, params.norm_quantile);
        case NormType::Mode: {
            std::vector<double> nonzero;
            for (std::size_t w = 0; w < kept.size(); ++w) {
                if (!kept[w]) continue;
                for (std::size_t s = 0; s < samples; ++s) {
                    const double v = sequence.counts[w * samples + s];
                    if (v != 0) nonzero.push_back(v);
                }
            }
            return r_statmod(nonzero).value_or(std::nan(""));
        }
    }
    return std::nan("");
}

// normType "poisson": the mode of the kept windows' variance-to-mean ratios after scaling by
// `factor`, from R's density(); nullopt when there is none.
std::optional<double> dispersion_mode(const SequenceCounts& sequence, std::size_t samples,
                                      const std::vector<char>& kept,
                                      const std::vector<double>& factor, ThreadPool* pool) {
    std::vector<std::size_t> kept_rows;
    for (std::size_t w = 0; w < kept.size(); ++w)
        if (kept[w]) kept_rows.push_back(w);
    std::vector<double> ratios(kept_rows.size());
    constexpr std::size_t kRows = 4096;
    const auto ratios_of_block = [&](std::size_t block) {
        std::vector<double> row(samples);
        const std::size_t last = std::min(kept_rows.size(), (block + 1) * kRows);
        for (std::size_t r = block * kRows; r < last; ++r) {
            const std::size_t w = kept_rows[r];
            for (std::size_t s = 0; s < samples; ++s)
                row[s] = sequence.counts[w * samples + s] * factor[s];
            long double sum = 0;
            for (double v : row) sum += v;
            const double mean = static_cast<double>(sum / static_cast<long double>(samples));
            ratios[r] = r_var(row) / mean;
        }
    };
    parallel_for(pool, 0, (kept_rows.size() + kRows - 1) / kRows, ratios_of_block, 64);
    std::vector<double> finite;
    for (double r : ratios)
        if (!std::isnan(r)) finite.push_back(r);
    const double upper = r_quantile7(finite, 0.95);
    return r_density_mode(finite, upper);
}

// Each sample's scale on this sequence, from at least two kept windows.
std::vector<double> scale_factors(const SequenceCounts& sequence, std::size_t samples,
                                  const std::vector<char>& kept, const CnmopsParams& params,
                                  std::span<const double> column_sums,
                                  std::vector<std::string>& warnings, ThreadPool* pool) {
    const std::vector<double> sizes =
        size_factors(sequence, samples, kept, params, column_sums, warnings);
    const double centre = size_factor_centre(sizes, sequence, samples, kept, params);
    std::vector<double> factor(samples);
    for (std::size_t s = 0; s < samples; ++s) factor[s] = centre / sizes[s];
    if (params.norm_type == NormType::Poisson) {
        const std::optional<double> mode = dispersion_mode(sequence, samples, kept, factor, pool);
        if (mode && std::isfinite(*mode)) {
            for (std::size_t s = 0; s < samples; ++s) factor[s] = factor[s] * 1 / *mode;
        }
    }
    return factor;
}

}  // namespace

std::vector<double> normalize_sequence(const SequenceCounts& sequence, std::size_t samples,
                                       const CnmopsParams& params,
                                       std::span<const double> column_sums,
                                       std::vector<std::string>& warnings, ThreadPool* pool) {
    const std::size_t windows = sequence.window_count();
    std::vector<double> out(sequence.counts.begin(), sequence.counts.end());
    if (params.norm != 1 || windows == 0) return out;
    if (std::all_of(out.begin(), out.end(), [](double v) { return v == 0; })) return out;
    const std::vector<char> kept = kept_windows(sequence, samples);
    std::vector<double> factor(samples, 1.0);
    if (std::count(kept.begin(), kept.end(), 1) > 1) {
        factor = scale_factors(sequence, samples, kept, params, column_sums, warnings, pool);
    } else {
        warnings.push_back(fmt::format(
            "normalisation for reference sequence {} not applicable: too few windows with reads",
            sequence.name));
    }
    if (!std::all_of(factor.begin(), factor.end(), [](double f) { return std::isfinite(f); })) {
        warnings.push_back(fmt::format(
            "normalisation for reference sequence {} not applicable: a sample has no reads there",
            sequence.name));
        factor.assign(samples, 1.0);
    }
    for (std::size_t w = 0; w < windows; ++w) {
        for (std::size_t s = 0; s < samples; ++s) {
            out[w * samples + s] = kept[w] ? sequence.counts[w * samples + s] * factor[s] : 0.0;
        }
    }
    return out;
}

}  // namespace tropic::cnv

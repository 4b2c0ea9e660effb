// normalizeChromosomes of cn.mops, for one sequence. Windows where every sample has fewer than
// one read are left out of every statistic and set to 0 afterwards, as cn.mops does.
#include "tropic/cnv/normalize.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

#include "cnv/stats/r_summary.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cnv {

namespace {

using detail::r_mean;
using detail::r_median;
using detail::r_quantile7;
using detail::r_statmod;

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

}  // namespace

std::vector<double> normalize_sequence(const SequenceCounts& sequence, std::size_t samples,
                                       const CnmopsParams& params,
                                       std::span<const double> column_sums,
                                       std::vector<std::string>& warnings, ThreadPool* pool) {
    auto parallel = [pool](std::size_t count, const std::function<void(std::size_t)>& body) {
        parallel_for(pool, 0, count, body, 64);
    };
    const std::size_t windows = sequence.window_count();
    std::vector<double> out(sequence.counts.begin(), sequence.counts.end());
    if (params.norm != 1 || windows == 0) return out;
    bool all_zero = true;
    for (double v : sequence.counts) all_zero = all_zero && v == 0;
    if (all_zero) return out;

    // Windows where every sample has < 1 read: out of the statistics, 0 in the result.
    std::vector<char> kept(windows, 0);
    std::size_t kept_count = 0;
    for (std::size_t w = 0; w < windows; ++w) {
        bool low = true;
        for (std::size_t s = 0; s < samples; ++s) low = low && sequence.counts[w * samples + s] < 1;
        kept[w] = low ? 0 : 1;
        kept_count += low ? 0 : 1;
    }

    std::vector<double> factor(samples, 1.0);
    if (kept_count > 1) {
        std::vector<double> size_factors(samples);
        bool any_missing = false;
        for (std::size_t s = 0; s < samples; ++s) {
            const std::optional<double> f =
                size_factor_of(column(sequence, samples, s, kept), params);
            any_missing = any_missing || !f || std::isnan(*f);
            size_factors[s] = f.value_or(0);
        }
        if (any_missing) {
            warnings.push_back(fmt::format(
                "normalisation failed for reference sequence {}: using global size factors",
                sequence.name));
            size_factors.assign(column_sums.begin(), column_sums.end());
        }
        for (std::size_t s = 0; s < samples; ++s) {
            if (size_factors[s] == 0) {
                throw InputError(fmt::format(
                    "cnv: sample {} has a normalisation factor of zero on reference sequence {} "
                    "(no reads there): remove that sample or that sequence (e.g. chrY)",
                    s + 1, sequence.name));
            }
        }
        switch (params.norm_type) {
            case NormType::Mean:
            case NormType::Poisson: {
                const double center = r_mean(size_factors);
                for (std::size_t s = 0; s < samples; ++s) factor[s] = center / size_factors[s];
                break;
            }
            case NormType::Median: {
                const double center = r_median(size_factors);
                for (std::size_t s = 0; s < samples; ++s) factor[s] = center / size_factors[s];
                break;
            }
            case NormType::Quant: {
                const double center = r_quantile7(size_factors, params.norm_quantile);
                for (std::size_t s = 0; s < samples; ++s) factor[s] = center / size_factors[s];
                break;
            }
            case NormType::Mode: {
                std::vector<double> nonzero;
                for (std::size_t w = 0; w < windows; ++w) {
                    if (!kept[w]) continue;
                    for (std::size_t s = 0; s < samples; ++s) {
                        const double v = sequence.counts[w * samples + s];
                        if (v != 0) nonzero.push_back(v);
                    }
                }
                const double center = r_statmod(nonzero).value_or(std::nan(""));
                for (std::size_t s = 0; s < samples; ++s) factor[s] = center / size_factors[s];
                break;
            }
        }
        if (params.norm_type == NormType::Poisson) {
            // The mode of the windows' variance-to-mean ratios after scaling, from R's density().
            std::vector<std::size_t> kept_rows;
            for (std::size_t w = 0; w < windows; ++w)
                if (kept[w]) kept_rows.push_back(w);
            std::vector<double> ratios(kept_rows.size());
            constexpr std::size_t kRows = 4096;
            parallel((kept_rows.size() + kRows - 1) / kRows, [&](std::size_t block) {
                std::vector<double> row(samples);
                const std::size_t last = std::min(kept_rows.size(), (block + 1) * kRows);
                for (std::size_t r = block * kRows; r < last; ++r) {
                    const std::size_t w = kept_rows[r];
                    for (std::size_t s = 0; s < samples; ++s)
                        row[s] = sequence.counts[w * samples + s] * factor[s];
                    long double sum = 0;
                    for (double v : row) sum += v;
                    const double mean =
                        static_cast<double>(sum / static_cast<long double>(samples));
                    ratios[r] = detail::r_var(row) / mean;
                }
            });
            std::vector<double> finite;
            for (double r : ratios)
                if (!std::isnan(r)) finite.push_back(r);
            const double upper = r_quantile7(finite, 0.95);
            const std::optional<double> mode = detail::r_density_mode(finite, upper);
            if (mode && std::isfinite(*mode)) {
                for (std::size_t s = 0; s < samples; ++s) factor[s] = factor[s] * 1 / *mode;
            }
        }
    } else {
        warnings.push_back(fmt::format(
            "normalisation for reference sequence {} not applicable: too few windows with reads",
            sequence.name));
    }
    bool finite = true;
    for (double f : factor) finite = finite && std::isfinite(f);
    if (!finite) {
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

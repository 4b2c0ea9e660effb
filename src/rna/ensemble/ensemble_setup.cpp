#include "rna/ensemble/ensemble_setup.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "rna/ensemble/ensemble_pair_rule.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail {

double initial_ensemble_scale(int mfe_dcal, std::size_t n, double kT) {
    if (n == 0) return 1.0;
    constexpr double kStabilityFactor = 1.07;  // RNAfold's sfact
    const double cal_per_base = mfe_dcal * 10.0 / static_cast<double>(n);
    return std::max(1.0, std::exp(-kStabilityFactor * cal_per_base / kT));
}

EnsembleScaleSearch::EnsembleScaleSearch(double scale, std::size_t n)
    : log_scale_(std::log(scale)), n_(static_cast<double>(n == 0 ? 1 : n)) {}

double EnsembleScaleSearch::next(double scaled_z, double prefix_log_rate) {
    if (++attempts_ > 40)
        throw InternalError(fmt::format(
            "an ensemble fold of {} nt: no scale keeps Z in double range (Z = {} at scale {})", n_,
            scaled_z, std::exp(log_scale_)));
    if (scaled_z > 0 && std::isfinite(scaled_z)) {
        log_scale_ += std::log(scaled_z) / n_;
    } else {
        // 0: the scale divides too much away; infinity (or NaN from inf * 0): too little.
        const bool under = scaled_z == 0;
        (under ? have_high_ : have_low_) = true;
        (under ? high_ : low_) = log_scale_;
        double guess = log_scale_;
        if (prefix_log_rate != 0.0) {
            guess += prefix_log_rate;
        } else {
            guess += (under ? -step_ : step_) / n_;
            step_ *= 2;
        }
        const bool inside = (!have_low_ || guess > low_) && (!have_high_ || guess < high_);
        log_scale_ = inside ? guess : (low_ + high_) / 2;
    }
    // s^k must stay a normal double for the loop sizes the tables use.
    log_scale_ = std::clamp(log_scale_, -20.0, 20.0);
    // On a grid of 2^-20 in ln s: Z (and a prefix's rate) differ in their last bits between the
    // CPU's and the device's summation orders, and the grid keeps that out of the scale, so both
    // backends fill again at the same scale and report the same one. Any scale near the guess
    // serves: rounding moves ln s by at most 2^-21, so Z by a factor of at most e^(n / 2^21).
    log_scale_ = std::ldexp(std::round(std::ldexp(log_scale_, 20)), -20);
    return std::exp(log_scale_);
}

void make_ensemble_setup(EnsembleSetup& setup, std::span<const std::uint8_t> sequence,
                         const BoltzmannFactors& factors, const MfeParams& mfe_params,
                         const StructureConstraint* constraint, double scale, bool with_mask) {
    const int n = static_cast<int>(sequence.size());
    const auto un = static_cast<std::size_t>(n);
    setup.scale = scale;
    setup.base.resize(un);
    for (int k = 0; k < n; ++k) setup.base[k] = static_cast<std::int8_t>(param_base(sequence[k]));
    setup.pair_ok.clear();
    if (with_mask) {
        setup.pair_ok.assign(un * un, 0);
        for (int i = 0; i < n; ++i)
            for (int j = i + kEnsembleMinHairpin + 1; j < n; ++j)
                if (ensemble_pair_may_form(sequence.data(), n, i, j, mfe_params.max_bp_span,
                                           mfe_params.no_lonely_pairs) &&
                    (constraint == nullptr || constraint->allows_pair(i, j)))
                    setup.pair_ok[static_cast<std::size_t>(i) * un + static_cast<std::size_t>(j)] =
                        1;
    }
    // Hairpins: initiation (extrapolated past 30 without truncation) times s^-(size+2); a factor
    // that underflows to 0 is a loop too long to weigh anything against the ensemble.
    setup.hairpin_factor.assign(un + 1, 0.0);
    const double log_scale = std::log(scale);
    for (int size = kEnsembleMinHairpin; size <= n; ++size) {
        const double initiation =
            size <= kMaxLoop
                ? factors.hairpin[size]
                : factors.hairpin[kMaxLoop] *
                      std::exp(-(factors.lxc * std::log(size / 30.0)) * 10.0 / factors.kT);
        setup.hairpin_factor[size] = initiation * std::exp(-(size + 2) * log_scale);
    }
    setup.ml_unpaired.assign(un + 1, 0.0);
    const double per_base = factors.ml_base / scale;
    setup.ml_unpaired[0] = 1.0;
    for (std::size_t k = 1; k <= un; ++k)
        setup.ml_unpaired[k] = setup.ml_unpaired[k - 1] * per_base;

    EnsembleModel& m = setup.model;
    m.f = &factors;
    m.sequence = sequence.data();
    m.base = setup.base.data();
    m.hairpin_factor = setup.hairpin_factor.data();
    m.pair_ok = with_mask ? setup.pair_ok.data() : nullptr;
    for (int k = 0; k <= kEnsembleScaleTable; ++k) m.scale_pow[k] = std::exp(-k * log_scale);
    for (int n2 = 0; n2 <= kMaxLoop; ++n2)
        for (int n1 = 0; n1 + n2 <= kMaxLoop; ++n1)
            m.generic_cost[n2][n1] = factors.interior[n1 + n2] *
                                     factors.ninio[n1 > n2 ? n1 - n2 : n2 - n1] *
                                     m.scale_pow[n1 + n2 + 2];
    m.n = n;
    m.dangles = mfe_params.dangles == Dangles::Both;
}

}  // namespace tropic::rna::detail

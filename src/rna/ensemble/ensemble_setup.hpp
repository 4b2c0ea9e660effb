#pragma once
// What a partition-function fold of one sequence needs besides its tables, on every backend: the
// parameter codes, the mask of pairs that may form, the per-size hairpin factors and the powers
// of the scaled multiloop base factor (ensemble_model.hpp), and the per-base scale.
#include <cstdint>
#include <span>
#include <vector>

#include "rna/ensemble/ensemble_model.hpp"
#include "tropic/rna/boltzmann_factors.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/structure_constraint.hpp"

namespace tropic::rna::detail {

struct EnsembleSetup {
    std::vector<std::int8_t> base;
    std::vector<std::uint8_t> pair_ok;   // n x n
    std::vector<double> hairpin_factor;  // size 0..n
    std::vector<double> ml_unpaired;     // (b / s)^k, k = 0..n
    double scale = 1;
    EnsembleModel model;  // points into the vectors above (and at the sequence and factors)
};

// RNAfold's first estimate of the per-base scale: exp(-1.07 * MFE / (n kT)), at least 1.
double initial_ensemble_scale(int mfe_dcal, std::size_t n, double kT);

// The setup at scale `scale`. The mask holds the pairs that may form (ensemble_pair_rule.hpp) and
// that `constraint` allows; without `with_mask` it is left empty (model.pair_ok null) for a
// device that builds it.
void make_ensemble_setup(EnsembleSetup& setup, std::span<const std::uint8_t> sequence,
                         const BoltzmannFactors& factors, const MfeParams& mfe_params,
                         const StructureConstraint* constraint, double scale,
                         bool with_mask = true);

// The scales to retry with after a fill whose scaled Z left the safe range: Z's own per-base
// value when Z is finite and positive (the next Z lands near 1); after an underflow to 0 or an
// overflow, the per-base value of the longest prefix still in range (ensemble_prefix_log_rate),
// else steps of e^600 in Z doubled at each further miss; and bisection (in ln s) between a scale
// that underflowed and one that overflowed whenever a guess falls outside them. Throws
// InternalError after 40 attempts.
class EnsembleScaleSearch {
  public:
    EnsembleScaleSearch(double scale, std::size_t n);
    double next(double scaled_z, double prefix_log_rate = 0.0);
    int attempts() const { return attempts_; }  // retries asked for so far

  private:
    double log_scale_;
    double n_;
    int attempts_ = 0;
    double step_ = 600;  // in ln Z
    bool have_low_ = false, have_high_ = false;
    double low_ = 0, high_ = 0;  // ln s that overflowed, that underflowed
};

}  // namespace tropic::rna::detail

#pragma once
// Plain reference of cn.mops' local model, used only by tests: cn.mops' R and C code
// (.cn.mopsCE with the "cnmops" C routine, and .referencecn.mops) written out directly for one
// window, independent of src/cnv/model. It keeps the whole posterior matrix alpha_ik as the C
// routine does, adds sum_ik(I_i alpha_ik cov_k) class by class as the C routine does, and takes
// R's means in long double as R's mean() does.
#include <cstddef>
#include <span>
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"

namespace tropic::reference {

struct CnmopsWindowFit {
    std::vector<double> lambda;       // [i]
    std::vector<double> alpha;        // [i]
    std::vector<int> expected_class;  // [k]: index into params.classes
    std::vector<double> sini;         // [k]
    double ini = 0;
    bool prior_only = false;
    // The posterior of the last E-step, [k * classes + i] (cn.mops' alpha.ik, by sample).
    std::vector<double> posterior;
    // Cohort only: the log-likelihood sum_k log sum_i alpha_i Poisson(x_k; cov_k lambda_i) of the
    // parameters before cycle 0, 1, ..., and after the last cycle (cycles + 1 values), computed
    // without cn.mops' 1e-100 floor.
    std::vector<double> log_likelihood;
};

// R's median() and mean() (the latter in long double with R's second, correcting pass).
double r_median(std::vector<double> v);
double r_mean(std::span<const double> v);

// .cn.mopsCE for one window: counts x (one per sample) and cn.mops' coverages cov.
CnmopsWindowFit cnmops_cohort_window(std::span<const double> x, std::span<const double> cov,
                                     const cnv::CnmopsParams& params);

// .referencecn.mops for one window against the controls' expected count `lambda`, with
// referencecn.mops' prior (recycled over samples as R does, unless params.fix_reference_prior).
CnmopsWindowFit cnmops_reference_window(std::span<const double> x, std::span<const double> cov,
                                        double lambda, const cnv::CnmopsParams& params);

}  // namespace tropic::reference

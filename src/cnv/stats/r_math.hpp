#pragma once
// The few functions of R's math library (libRmath) that cn.mops' results depend on, behind plain
// names: Rmath.h defines macros (dnorm, pt, ...) that must not leak into other code.
namespace tropic::cnv::detail {

// log P(T > t) for Student's t with `df` degrees of freedom: R's pt(t, df, lower = FALSE, log =
// TRUE).
double t_upper_tail_log(double t, double df);

// The normal density: R's dnorm(x, mean = 0, sd).
double normal_density(double x, double sd);

// log Gamma(x): R's lgammafn(x) (lgamma() in R).
double log_gamma(double x);

}  // namespace tropic::cnv::detail

#include "cnv/stats/r_math.hpp"

#define MATHLIB_STANDALONE 1
#include <Rmath.h>

namespace tropic::cnv::detail {

double t_upper_tail_log(double t, double df) {
    return pt(t, df, /*lower_tail=*/0, /*log_p=*/1);
}

double normal_density(double x, double sd) {
    return dnorm4(x, 0.0, sd, /*give_log=*/0);
}

double log_gamma(double x) {
    return lgammafn(x);
}

}  // namespace tropic::cnv::detail

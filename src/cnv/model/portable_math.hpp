#pragma once
// exp, log and lgamma(x + 1) that give the same bits on the host and on the device, so that the
// CPU and CUDA paths of the local model agree exactly (identical posteriors, hence identical sI/NI
// and identical segmentations and calls), not merely to the last few bits. glibc's and CUDA's
// own functions differ in the last bit for some arguments; the model's sI/NI in flat stretches is
// rounding-level noise that the segmentation's candidate steps follow, so one bit can move a
// breakpoint.
//
// Only IEEE-exact operations are used (+, -, *, / rounded to nearest, rint, frexp, ldexp), with
// no fused multiply-add: the device file is compiled with -fmad=false and the host with
// -ffp-contract=off (CMakeLists.txt). Accuracy: about 1 ulp for exp and log, and an absolute
// error about 1e-15 * |result| for lgamma, well inside the model's tolerance against cn.mops
// (1e-9 relative; tests/cnv/test_cnmops_oracle.cpp).
#include <cmath>
#include <cstdint>
#include <cstring>

#include "tropic/core/host_device.hpp"

namespace tropic::cnv::detail {

inline constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2, its last 21 bits zero
inline constexpr double kLn2Lo = 1.90821492927058770002e-10;  // ln 2 - kLn2Hi
inline constexpr double kInvLn2 = 1.44269504088896338700e+00;

// e^x: x = k ln2 + r with |r| <= ln2 / 2, e^r by its Taylor series to degree 13 (the next term is
// below 4e-18 relative), scaled by 2^k.
// The bits of a double and back (memcpy: defined on host and device, free once compiled).
TROPIC_HOST_DEVICE inline std::uint64_t bits_of(double x) {
    std::uint64_t b;
    std::memcpy(&b, &x, sizeof b);
    return b;
}
TROPIC_HOST_DEVICE inline double double_of(std::uint64_t b) {
    double x;
    std::memcpy(&x, &b, sizeof x);
    return x;
}

TROPIC_HOST_DEVICE inline double portable_exp(double x) {
    if (x != x) return x;
    if (x > 709.782712893384) return HUGE_VAL;
    if (x < -745.1332191019412) return 0.0;
    const double k = rint(x * kInvLn2);
    // k * kLn2Hi is exact (|k| < 1100) and so is the subtraction (the values are close).
    const double r = (x - k * kLn2Hi) - k * kLn2Lo;
    double p = 1.0 / 6227020800.0;  // 1/13!
    p = p * r + 1.0 / 479001600.0;
    p = p * r + 1.0 / 39916800.0;
    p = p * r + 1.0 / 3628800.0;
    p = p * r + 1.0 / 362880.0;
    p = p * r + 1.0 / 40320.0;
    p = p * r + 1.0 / 5040.0;
    p = p * r + 1.0 / 720.0;
    p = p * r + 1.0 / 120.0;
    p = p * r + 1.0 / 24.0;
    p = p * r + 1.0 / 6.0;
    p = p * r + 0.5;
    p = p * r + 1.0;
    p = p * r + 1.0;
    const int ki = static_cast<int>(k);
    // 2^k exactly from its bits where the product stays normal (the product is then exact);
    // ldexp, which rounds once, near the ends of the range.
    if (ki > -1020 && ki < 1020) return p * double_of(static_cast<std::uint64_t>(ki + 1023) << 52);
    return ldexp(p, ki);
}

// ln x: x = 2^e m with sqrt(1/2) <= m < sqrt(2), ln m = 2 atanh(f) with f = (m - 1) / (m + 1),
// |f| <= 0.1716, by its series to f^25.
TROPIC_HOST_DEVICE inline double portable_log(double x) {
    if (x != x || x < 0) return x != x ? x : NAN;
    if (x == 0) return -HUGE_VAL;
    if (x == HUGE_VAL) return x;
    int e = 0;
    double m;
    const std::uint64_t b = bits_of(x);
    const int biased = static_cast<int>((b >> 52) & 0x7ff);
    if (biased != 0) {
        // Normal: the exponent field and the mantissa with the exponent of 0.5 (as frexp).
        e = biased - 1022;
        m = double_of((b & 0x000fffffffffffffULL) | 0x3fe0000000000000ULL);
    } else {
        m = frexp(x, &e);  // subnormal
    }
    if (m < 0.70710678118654752440) {
        m = m * 2;
        e = e - 1;
    }
    const double f = (m - 1) / (m + 1);
    const double s = f * f;
    double p = 1.0 / 25;
    p = p * s + 1.0 / 23;
    p = p * s + 1.0 / 21;
    p = p * s + 1.0 / 19;
    p = p * s + 1.0 / 17;
    p = p * s + 1.0 / 15;
    p = p * s + 1.0 / 13;
    p = p * s + 1.0 / 11;
    p = p * s + 1.0 / 9;
    p = p * s + 1.0 / 7;
    p = p * s + 1.0 / 5;
    p = p * s + 1.0 / 3;
    const double log_m = 2 * f + 2 * f * (s * p);
    const double de = static_cast<double>(e);
    return de * kLn2Hi + (de * kLn2Lo + log_m);
}

// ln Gamma(x + 1) for x >= 0 (a count): 0 for x = 0 and 1; otherwise Stirling's series at z >= 13
// (shifted up by the recurrence Gamma(z + 1) = z Gamma(z)), to the z^-13 term.
TROPIC_HOST_DEVICE inline double portable_log_factorial(double x) {
    if (x == 0 || x == 1) return 0.0;
    double z = x + 1;
    double product = 1;
    while (z < 13) {
        product = product * z;
        z = z + 1;
    }
    const double inv = 1 / z;
    const double inv2 = inv * inv;
    double series = 1.0 / 156;
    series = series * inv2 - 691.0 / 360360;
    series = series * inv2 + 1.0 / 1188;
    series = series * inv2 - 1.0 / 1680;
    series = series * inv2 + 1.0 / 1260;
    series = series * inv2 - 1.0 / 360;
    series = series * inv2 + 1.0 / 12;
    const double stirling = (z - 0.5) * portable_log(z) - z + 0.91893853320467274178 + series * inv;
    return product == 1 ? stirling : stirling - portable_log(product);
}

}  // namespace tropic::cnv::detail

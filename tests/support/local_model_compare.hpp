#pragma once
// Comparisons of cn.mops local-model fits for the copy-number tests: one window of a
// LocalModelResult against the plain reference, and two LocalModelResults (GPU against CPU).
//
// Tolerance: relative, |a - b| <= tol * max(|a|, |b|) + tol * scale, with the scale of the
// quantity as an absolute floor (a norm-wise relative bound):
//   - lambda: no floor; it is well conditioned (measured <= 4e-14 between the CPU and the
//     reference, which add one sum in another order).
//   - alpha: scale 1 (alpha sums to 1). The weights of classes that hold little mass are ill
//     conditioned componentwise: EM's slow convergence of mixture weights carries a one-ulp
//     change of lambda or of an exp() over the cycles, and two correct summation orders already
//     differ by up to 4e-11 relative on weights below 1e-6 (and 1e-11 above), while the
//     absolute difference stays below 6e-14.
//   - sI/NI and I/NI: scale max |log2 I|. sI/NI sums terms of both signs that cancel to nearly 0;
//     I/NI of a window that is CN2 everywhere is a sum of tiny posteriors, ill conditioned
//     like alpha (measured 7e-12 relative, 4e-13 absolute).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

#include "reference/cnmops_reference.hpp"
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/local_model.hpp"

namespace tropic::test {

inline bool close_relative(double a, double b, double tol, double floor = 0) {
    if (a == b) return true;  // also equal infinities
    return std::fabs(a - b) <= tol * std::max(std::fabs(a), std::fabs(b)) + floor;
}

inline double sini_scale(const cnv::CnmopsParams& params) {
    double scale = 0;
    for (double f : params.folds) scale = std::max(scale, std::fabs(std::log2(f)));
    return scale;
}

inline ::testing::AssertionResult window_matches_reference(const cnv::LocalModelResult& got,
                                                           std::size_t w,
                                                           const reference::CnmopsWindowFit& want,
                                                           const cnv::CnmopsParams& params,
                                                           double tol) {
    const std::size_t n = got.classes, N = got.samples;
    auto fail = [&](const std::string& what, double a, double b) {
        return ::testing::AssertionFailure()
               << "window " << w << ": " << what << " = " << a << " (reference " << b
               << ", relative difference " << std::fabs(a - b) / std::max(std::fabs(b), 1e-300)
               << ")";
    };
    for (std::size_t i = 0; i < n; ++i) {
        if (!close_relative(got.lambda[w * n + i], want.lambda[i], tol))
            return fail("lambda[" + std::to_string(i) + "]", got.lambda[w * n + i], want.lambda[i]);
        if (!close_relative(got.alpha[w * n + i], want.alpha[i], tol, tol))
            return fail("alpha[" + std::to_string(i) + "]", got.alpha[w * n + i], want.alpha[i]);
    }
    const double floor = tol * sini_scale(params);
    for (std::size_t k = 0; k < N; ++k) {
        if (got.expected_class[w * N + k] != want.expected_class[k])
            return fail("expected_class[" + std::to_string(k) + "]", got.expected_class[w * N + k],
                        want.expected_class[k]);
        if (!close_relative(got.sini[w * N + k], want.sini[k], tol, floor))
            return fail("sini[" + std::to_string(k) + "]", got.sini[w * N + k], want.sini[k]);
    }
    if (!close_relative(got.ini[w], want.ini, tol, floor)) return fail("ini", got.ini[w], want.ini);
    return ::testing::AssertionSuccess();
}

// Every value of `got` against `want` (same shape), with the first difference named.
inline ::testing::AssertionResult results_match(const cnv::LocalModelResult& got,
                                                const cnv::LocalModelResult& want,
                                                const cnv::CnmopsParams& params, double tol) {
    if (got.windows != want.windows || got.samples != want.samples || got.classes != want.classes)
        return ::testing::AssertionFailure() << "shapes differ";
    const std::size_t n = got.classes, N = got.samples;
    auto fail = [&](const char* what, std::size_t window, std::size_t index, double a, double b) {
        return ::testing::AssertionFailure()
               << "window " << window << ": " << what << "[" << index << "] = " << a
               << ", expected " << b << " (relative difference "
               << std::fabs(a - b) / std::max(std::fabs(b), 1e-300) << ")";
    };
    for (std::size_t j = 0; j < got.lambda.size(); ++j) {
        if (!close_relative(got.lambda[j], want.lambda[j], tol))
            return fail("lambda", j / n, j % n, got.lambda[j], want.lambda[j]);
        if (!close_relative(got.alpha[j], want.alpha[j], tol, tol))
            return fail("alpha", j / n, j % n, got.alpha[j], want.alpha[j]);
    }
    const double floor = tol * sini_scale(params);
    for (std::size_t j = 0; j < got.sini.size(); ++j) {
        if (got.expected_class[j] != want.expected_class[j])
            return fail("expected_class", j / N, j % N, got.expected_class[j],
                        want.expected_class[j]);
        if (!close_relative(got.sini[j], want.sini[j], tol, floor))
            return fail("sini", j / N, j % N, got.sini[j], want.sini[j]);
    }
    for (std::size_t w = 0; w < got.ini.size(); ++w)
        if (!close_relative(got.ini[w], want.ini[w], tol, floor))
            return fail("ini", w, 0, got.ini[w], want.ini[w]);
    if (got.prior_only_windows != want.prior_only_windows)
        return ::testing::AssertionFailure() << "prior_only_windows " << got.prior_only_windows
                                             << ", expected " << want.prior_only_windows;
    return ::testing::AssertionSuccess();
}

}  // namespace tropic::test

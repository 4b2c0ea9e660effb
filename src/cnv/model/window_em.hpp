#pragma once
// The per-window rule of cn.mops' local model, shared by the CPU path and the CUDA kernel so that
// both run one definition. Everything a window needs is passed in; nothing allocates.
//
// Cohort (cn.mops' "cnmops" C routine with .cn.mopsCE around it):
//   - all counts <= minReadCount: the prior (alpha = 1 on CN2, lambda = 0, every sample CN2,
//     sI/NI = 0, I/NI = 0);
//   - else lambda0 = median(x / cov) (or max(mean(x / cov), 1) when that is below 1e-10), and EM
//     starts from lambda_i = (I_i * lambda0) * I_i: cn.mops multiplies by the fold change twice,
//     once in R and once in C (reproduced; docs/cnv.md);
//   - each cycle: E-step a_ik = alpha_i * Poisson(x_k; cov_k * lambda_i), floored at 1e-100 and
//     normalised over i; M-step lambda_i = N * mean(x) / sum_ik(I_i a_ik cov_k) * I_i and
//     alpha_i = (prior_i + mean_k a_ik) / (1 + sum(prior)).
//   - outputs come from the last E-step's a_ik (cn.mops returns that matrix), lambda and alpha
//     from the last M-step.
// Reference (.referencecn.mops): one E-step against the controls' lambda, with cn.mops' prior
// recycled over samples (fix_reference_prior applies it over classes instead).
//
// Sums over samples are accumulated in sample order and those over classes in class order, as
// cn.mops does, except sum_ik(I_i a_ik cov_k): cn.mops adds it class by class, this adds it
// sample by sample (so that a_ik need not be stored); the two differ in the last bits only.
//
// kFixedClasses: the rules below take the class count from ModelConstants, or, when the template
// argument is not 0, as a constant, so that the device's loops over classes unroll and the
// per-class state (lambda, alpha, the posteriors) stays in registers instead of local memory.
// Both forms compute the same values.
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "cnv/model/portable_math.hpp"
#include "tropic/core/host_device.hpp"

// Unrolls the loops over classes on the device (with kFixedClasses they have a constant count),
// so that the per-class arrays become registers; the host compiler decides for itself.
#if defined(__CUDA_ARCH__)
#define TROPIC_CNV_UNROLL _Pragma("unroll")
#else
#define TROPIC_CNV_UNROLL
#endif

namespace tropic::cnv::detail {

inline constexpr int kMaxClasses = 16;
inline constexpr double kAlphaFloor = 1e-100;  // cn.mops' eps

// What every window of a run shares, derived once from CnmopsParams.
struct ModelConstants {
    int classes = 0;
    int cn2 = 0;  // index of class "CN2"
    int cycles = 20;
    double min_read_count = 5;
    bool reference = false;
    bool fix_reference_prior = false;
    double fold[kMaxClasses] = {};
    double log2_fold[kMaxClasses] = {};
    double abs_log2_fold[kMaxClasses] = {};
    double alpha_init[kMaxClasses] = {};
    double alpha_prior[kMaxClasses] = {};  // cohort: priorImpact on CN2; reference: normalised
    double sum_alpha_prior = 0;
};

// Strided views, so that the same rule reads a row of a window-major matrix on the CPU and a
// column of a sample-major one on the device.
struct WindowIn {
    const double* x;  // counts of the window's samples: x[k * x_stride]
    std::size_t x_stride;
    const double* coverage;   // [k]
    double reference_lambda;  // Method::Reference only
};

struct WindowOut {
    double* lambda;                // [i]
    double* alpha;                 // [i]
    std::uint8_t* expected_class;  // [k * stride]
    double* sini;                  // [k * stride]
    std::size_t stride;
    double* ini;
    bool* prior_only;
};

// Scratch of `samples` doubles each, strided like the input: the ratios x / cov (for the median)
// and lgamma(x + 1).
struct WindowScratch {
    double* ratio;
    double* log_factorial;
    std::size_t stride;
};

// k-th smallest of v[0], v[stride], ..., v[(n - 1) * stride]; reorders v (quickselect).
TROPIC_HOST_DEVICE inline double select_kth(double* v, std::size_t stride, std::size_t n,
                                            std::size_t k) {
    std::size_t lo = 0, hi = n - 1;
    while (lo < hi) {
        const double pivot = v[((lo + hi) / 2) * stride];
        std::size_t i = lo, j = hi;
        while (i <= j) {
            while (v[i * stride] < pivot) ++i;
            while (pivot < v[j * stride]) --j;
            if (i <= j) {
                const double t = v[i * stride];
                v[i * stride] = v[j * stride];
                v[j * stride] = t;
                ++i;
                if (j == 0) break;
                --j;
            }
        }
        if (k <= j) {
            hi = j;
        } else if (k >= i) {
            lo = i;
        } else {
            return v[k * stride];
        }
    }
    return v[k * stride];
}

// R's median() of v (n >= 1): the middle value, or the mean of the two middle values.
TROPIC_HOST_DEVICE inline double median_of(double* v, std::size_t stride, std::size_t n) {
    const std::size_t half = (n + 1) / 2 - 1;
    const double lower = select_kth(v, stride, n, half);
    if (n % 2 == 1) return lower;
    // After selection every element above position `half` is >= lower: the next order
    // statistic is the smallest of them.
    double upper = v[(half + 1) * stride];
    for (std::size_t k = half + 2; k < n; ++k)
        upper = v[k * stride] < upper ? v[k * stride] : upper;
    return (lower + upper) / 2;
}

template <int kFixedClasses>
TROPIC_HOST_DEVICE constexpr int class_count(const ModelConstants& c) {
    return kFixedClasses > 0 ? kFixedClasses : c.classes;
}

// Writes the outputs of one sample from its normalised a_ik (the last E-step).
template <int kFixedClasses = 0>
TROPIC_HOST_DEVICE inline void emit_sample(const ModelConstants& c, const double* a, std::size_t k,
                                           const WindowOut& out, double& ini_sum) {
    const int classes = class_count<kFixedClasses>(c);
    // The best value is kept, not re-read as a[best]: an index known only at run time would put
    // the device's a[] into local memory.
    int best = 0;
    double best_value = a[0], signed_sum = 0, abs_sum = 0;
    TROPIC_CNV_UNROLL
    for (int i = 0; i < classes; ++i) {
        if (a[i] > best_value) {  // the first maximum, as which(x == max(x))[1]
            best = i;
            best_value = a[i];
        }
        signed_sum += c.log2_fold[i] * a[i];
        abs_sum += c.abs_log2_fold[i] * a[i];
    }
    out.expected_class[k * out.stride] = static_cast<std::uint8_t>(best);
    out.sini[k * out.stride] = signed_sum;
    ini_sum += abs_sum;
}

TROPIC_HOST_DEVICE inline void emit_prior(const ModelConstants& c, std::size_t samples,
                                          double lambda_base, const WindowOut& out) {
    for (int i = 0; i < c.classes; ++i) {
        out.lambda[i] = c.reference ? lambda_base * c.fold[i] : 0.0;
        out.alpha[i] = i == c.cn2 ? 1.0 : 0.0;
    }
    for (std::size_t k = 0; k < samples; ++k) {
        out.expected_class[k * out.stride] = static_cast<std::uint8_t>(c.cn2);
        out.sini[k * out.stride] = 0.0;
    }
    *out.ini = 0.0;
    *out.prior_only = true;
}

// cn.mops' EM for one window of `samples` counts.
template <int kFixedClasses = 0>
TROPIC_HOST_DEVICE inline void fit_window_cohort(const ModelConstants& c, std::size_t samples,
                                                 const WindowIn& in, const WindowScratch& scratch,
                                                 const WindowOut& out) {
    const std::size_t n_samples = samples;
    bool all_low = true;
    for (std::size_t k = 0; k < n_samples; ++k)
        all_low = all_low && in.x[k * in.x_stride] <= c.min_read_count;
    if (all_low) {
        emit_prior(c, n_samples, 0.0, out);
        return;
    }
    *out.prior_only = false;
    const int classes = class_count<kFixedClasses>(c);
    // With one coverage for all samples (cn.mops' norm != 2), cov * lambda_i and its log are the
    // same for every sample: computed once per cycle, they are the very values the per-sample
    // expression gives, at 1/samples of the cost of the log.
    bool uniform_coverage = true;
    for (std::size_t k = 1; k < n_samples; ++k)
        uniform_coverage = uniform_coverage && in.coverage[k] == in.coverage[0];
    double mean_x = 0;
    for (std::size_t k = 0; k < n_samples; ++k) {
        const double x = in.x[k * in.x_stride];
        scratch.ratio[k * scratch.stride] = x / in.coverage[k];  // R: x*1/cov is (x*1)/cov
        scratch.log_factorial[k * scratch.stride] = portable_log_factorial(x);
        mean_x += x;
    }
    mean_x = mean_x / static_cast<double>(n_samples);
    double lambda0 = median_of(scratch.ratio, scratch.stride, n_samples);
    if (lambda0 < 1e-10) {
        double sum = 0;
        for (std::size_t k = 0; k < n_samples; ++k) sum += in.x[k * in.x_stride] / in.coverage[k];
        const double mean = sum / static_cast<double>(n_samples);
        lambda0 = mean > 1.0 ? mean : 1.0;
    }
    double lambda[kMaxClasses], alpha[kMaxClasses], alpha_sum[kMaxClasses], a[kMaxClasses];
    double mu[kMaxClasses] = {}, log_mu[kMaxClasses] = {};  // cov * lambda_i, its log (uniform)
    TROPIC_CNV_UNROLL
    for (int i = 0; i < classes; ++i) {
        lambda[i] = (c.fold[i] * lambda0) * c.fold[i];
        alpha[i] = c.alpha_init[i];
    }
    double ini_sum = 0;
    for (int cycle = 0; cycle < c.cycles; ++cycle) {
        const bool last = cycle + 1 == c.cycles;
        TROPIC_CNV_UNROLL
        for (int i = 0; i < classes; ++i) {
            alpha_sum[i] = 0;
            if (uniform_coverage) {
                mu[i] = in.coverage[0] * lambda[i];
                log_mu[i] = portable_log(mu[i]);
            }
        }
        double weighted = 0;  // sum_ik I_i a_ik cov_k
        for (std::size_t k = 0; k < n_samples; ++k) {
            const double x = in.x[k * in.x_stride];
            const double cov = in.coverage[k];
            const double lg = scratch.log_factorial[k * scratch.stride];
            double column = 0;
            TROPIC_CNV_UNROLL
            for (int i = 0; i < classes; ++i) {
                const double m = uniform_coverage ? mu[i] : cov * lambda[i];
                const double log_m = uniform_coverage ? log_mu[i] : portable_log(m);
                double v = alpha[i] * portable_exp((x * log_m) - lg - m);
                if (v < kAlphaFloor) v = kAlphaFloor;
                a[i] = v;
                column = column + v;
            }
            TROPIC_CNV_UNROLL
            for (int i = 0; i < classes; ++i) {
                a[i] = a[i] / column;
                alpha_sum[i] += a[i];
                weighted += c.fold[i] * a[i] * cov;
            }
            if (last) emit_sample<kFixedClasses>(c, a, k, out, ini_sum);
        }
        TROPIC_CNV_UNROLL
        for (int i = 0; i < classes; ++i) {
            lambda[i] = static_cast<double>(n_samples) * mean_x / weighted * c.fold[i];
            alpha[i] = (c.alpha_prior[i] + alpha_sum[i] / static_cast<double>(n_samples)) /
                       (1 + c.sum_alpha_prior);
        }
    }
    TROPIC_CNV_UNROLL
    for (int i = 0; i < classes; ++i) {
        out.lambda[i] = lambda[i];
        out.alpha[i] = alpha[i];
    }
    *out.ini = ini_sum / static_cast<double>(n_samples);
}

// .referencecn.mops for one window: one E-step against the controls' expected count.
template <int kFixedClasses = 0>
TROPIC_HOST_DEVICE inline void fit_window_reference(const ModelConstants& c, std::size_t samples,
                                                    const WindowIn& in, const WindowOut& out) {
    const double lambda = in.reference_lambda;
    bool all_low = lambda <= c.min_read_count;
    for (std::size_t k = 0; k < samples; ++k)
        all_low = all_low && in.x[k * in.x_stride] <= c.min_read_count;
    if (all_low) {
        emit_prior(c, samples, lambda, out);
        return;
    }
    *out.prior_only = false;
    const int classes = class_count<kFixedClasses>(c);
    double alpha_sum[kMaxClasses], a[kMaxClasses];
    TROPIC_CNV_UNROLL
    for (int i = 0; i < classes; ++i) alpha_sum[i] = 0;
    double ini_sum = 0;
    for (std::size_t k = 0; k < samples; ++k) {
        const double x = in.x[k * in.x_stride];
        const double lg = portable_log_factorial(x);
        double row = 0;
        TROPIC_CNV_UNROLL
        for (int i = 0; i < classes; ++i) {
            const double mu = lambda * in.coverage[k] * c.fold[i];
            double v = portable_exp(x * portable_log(mu) - lg - mu);
            if (v < kAlphaFloor) v = kAlphaFloor;
            // R multiplies the samples x classes matrix by the class prior vector, which R
            // recycles down the columns: element (k, i) gets prior[(i * N + k) mod n].
            const std::size_t prior_index = c.fix_reference_prior
                                                ? static_cast<std::size_t>(i)
                                                : (static_cast<std::size_t>(i) * samples + k) %
                                                      static_cast<std::size_t>(c.classes);
            v = v * c.alpha_prior[prior_index];
            a[i] = v;
            row += v;
        }
        TROPIC_CNV_UNROLL
        for (int i = 0; i < classes; ++i) {
            a[i] = a[i] / row;
            alpha_sum[i] += a[i];
        }
        emit_sample<kFixedClasses>(c, a, k, out, ini_sum);
    }
    TROPIC_CNV_UNROLL
    for (int i = 0; i < classes; ++i) {
        out.lambda[i] = lambda * c.fold[i];
        out.alpha[i] = alpha_sum[i] / static_cast<double>(samples);
    }
    *out.ini = ini_sum / static_cast<double>(samples);
}

}  // namespace tropic::cnv::detail

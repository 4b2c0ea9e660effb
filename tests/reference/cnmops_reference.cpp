#include "reference/cnmops_reference.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace tropic::reference {

namespace {

int cn2_index(const cnv::CnmopsParams& params) {
    const auto it = std::find(params.classes.begin(), params.classes.end(), "CN2");
    if (it == params.classes.end()) throw std::invalid_argument("no class CN2");
    return static_cast<int>(it - params.classes.begin());
}

CnmopsWindowFit prior_fit(const cnv::CnmopsParams& params, std::size_t samples,
                          double lambda_base) {
    const std::size_t n = params.folds.size();
    const int cn2 = cn2_index(params);
    CnmopsWindowFit fit;
    fit.prior_only = true;
    fit.lambda.assign(n, 0.0);
    fit.alpha.assign(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        // .cn.mopsCE returns rep(0, n); .referencecn.mops returns lambda * I.
        if (params.method == cnv::Method::Reference) fit.lambda[i] = lambda_base * params.folds[i];
    }
    fit.alpha[static_cast<std::size_t>(cn2)] = 1.0;
    fit.expected_class.assign(samples, cn2);
    fit.sini.assign(samples, 0.0);
    fit.posterior.assign(samples * n, 0.0);
    for (std::size_t k = 0; k < samples; ++k) fit.posterior[k * n + cn2] = 1.0;
    return fit;
}

// expCN, sini and ini from the posterior, as .cn.mopsCE and .referencecn.mops compute them:
// which(x == max(x))[1] per sample, log2(I) %*% alpha.ik, mean(abs(log2(I)) %*% alpha.ik).
void summarise(const cnv::CnmopsParams& params, std::size_t samples, CnmopsWindowFit& fit) {
    const std::size_t n = params.folds.size();
    fit.expected_class.assign(samples, 0);
    fit.sini.assign(samples, 0.0);
    std::vector<double> abs_sums(samples, 0.0);
    for (std::size_t k = 0; k < samples; ++k) {
        const double* a = &fit.posterior[k * n];
        double best = a[0];
        int best_index = 0;
        for (std::size_t i = 1; i < n; ++i) {
            if (a[i] > best) {
                best = a[i];
                best_index = static_cast<int>(i);
            }
        }
        fit.expected_class[k] = best_index;
        for (std::size_t i = 0; i < n; ++i) {
            const double l2 = std::log2(params.folds[i]);
            fit.sini[k] += l2 * a[i];
            abs_sums[k] += std::fabs(l2) * a[i];
        }
    }
    fit.ini = r_mean(abs_sums);
}

double log_poisson(double x, double mu) {
    return x * std::log(mu) - std::lgamma(x + 1) - mu;
}

double log_likelihood(std::span<const double> x, std::span<const double> cov,
                      const std::vector<double>& alpha, const std::vector<double>& lambda) {
    double total = 0;
    for (std::size_t k = 0; k < x.size(); ++k) {
        std::vector<double> terms;
        for (std::size_t i = 0; i < alpha.size(); ++i) {
            if (alpha[i] > 0)
                terms.push_back(std::log(alpha[i]) + log_poisson(x[k], cov[k] * lambda[i]));
        }
        const double top = *std::max_element(terms.begin(), terms.end());
        double sum = 0;
        for (double t : terms) sum += std::exp(t - top);
        total += top + std::log(sum);
    }
    return total;
}

}  // namespace

double r_median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    if (n % 2 == 1) return v[n / 2];
    const double pair[] = {v[n / 2 - 1], v[n / 2]};
    return r_mean(pair);
}

double r_mean(std::span<const double> v) {
    long double s = 0;
    for (double x : v) s += x;
    s /= static_cast<long double>(v.size());
    if (std::isfinite(static_cast<double>(s))) {
        long double t = 0;
        for (double x : v) t += x - s;
        s += t / static_cast<long double>(v.size());
    }
    return static_cast<double>(s);
}

CnmopsWindowFit cnmops_cohort_window(std::span<const double> x, std::span<const double> cov,
                                     const cnv::CnmopsParams& params) {
    const std::size_t N = x.size();
    const std::size_t n = params.folds.size();
    const std::vector<double>& I = params.folds;
    if (std::all_of(x.begin(), x.end(), [&](double v) { return v <= params.min_read_count; }))
        return prior_fit(params, N, 0.0);

    // R: lambda.est <- median(x*1/cov); x*1/cov parses as (x*1)/cov.
    std::vector<double> ratio(N);
    for (std::size_t k = 0; k < N; ++k) ratio[k] = (x[k] * 1) / cov[k];
    double lambda0 = r_median(ratio);
    if (lambda0 < 1e-10) lambda0 = std::max(r_mean(ratio), 1.0);
    // R: lambda.init <- I*lambda.est; C: lambda_est[i] = lambdaInit[i]*I[i].
    const int cn2 = cn2_index(params);
    std::vector<double> alpha_init(n, 0.05), alpha_prior(n, 0.0);
    alpha_init[static_cast<std::size_t>(cn2)] = 0.6;
    double init_sum = 0;
    for (double a : alpha_init) init_sum += a;
    for (double& a : alpha_init) a = a / init_sum;
    alpha_prior[static_cast<std::size_t>(cn2)] = params.prior_impact;

    // The C routine "cnmops".
    const double eps = 1e-100;
    std::vector<double> lg(N);
    double meanx = 0;
    for (std::size_t k = 0; k < N; ++k) {
        lg[k] = std::lgamma(x[k] + 1);
        meanx += x[k];
    }
    meanx = meanx / static_cast<double>(N);
    double sum_alpha_prior = 0;
    for (double a : alpha_prior) sum_alpha_prior += a;
    std::vector<double> alpha_ik(n * N), alpha_i(n), alpha_est(n), lambda_est(n);
    for (std::size_t i = 0; i < n; ++i) {
        alpha_est[i] = alpha_init[i];
        lambda_est[i] = (I[i] * lambda0) * I[i];
    }
    CnmopsWindowFit fit;
    for (int cycle = 0; cycle < params.cycles; ++cycle) {
        fit.log_likelihood.push_back(log_likelihood(x, cov, alpha_est, lambda_est));
        for (std::size_t k = 0; k < N; ++k) {
            double col_sum = 0;
            for (std::size_t i = 0; i < n; ++i) {
                double& a = alpha_ik[k * n + i];
                a = alpha_est[i] * std::exp((x[k] * std::log(cov[k] * lambda_est[i])) - lg[k] -
                                            cov[k] * lambda_est[i]);
                if (a < eps) a = eps;
                col_sum = col_sum + a;
            }
            for (std::size_t i = 0; i < n; ++i) alpha_ik[k * n + i] = alpha_ik[k * n + i] / col_sum;
        }
        double sum_I_alpha = 0;
        for (std::size_t i = 0; i < n; ++i) {
            alpha_i[i] = 0;
            for (std::size_t k = 0; k < N; ++k) {
                alpha_i[i] = alpha_i[i] + alpha_ik[k * n + i];
                sum_I_alpha = sum_I_alpha + I[i] * alpha_ik[k * n + i] * cov[k];
            }
            alpha_i[i] = alpha_i[i] / static_cast<double>(N);
        }
        for (std::size_t i = 0; i < n; ++i) {
            lambda_est[i] = static_cast<double>(N) * meanx / sum_I_alpha * I[i];
            alpha_est[i] = (alpha_prior[i] + alpha_i[i]) / (1 + sum_alpha_prior);
        }
    }
    fit.log_likelihood.push_back(log_likelihood(x, cov, alpha_est, lambda_est));
    fit.lambda = lambda_est;
    fit.alpha = alpha_est;
    fit.posterior = alpha_ik;
    summarise(params, N, fit);
    return fit;
}

CnmopsWindowFit cnmops_reference_window(std::span<const double> x, std::span<const double> cov,
                                        double lambda, const cnv::CnmopsParams& params) {
    const std::size_t N = x.size();
    const std::size_t n = params.folds.size();
    const std::vector<double>& I = params.folds;
    if (std::all_of(x.begin(), x.end(), [&](double v) { return v <= params.min_read_count; }) &&
        lambda <= params.min_read_count)
        return prior_fit(params, N, lambda);
    // referencecn.mops: alpha.prior <- rep(1, n); CN2 gets 1 + priorImpact; normalised.
    const int cn2 = cn2_index(params);
    std::vector<double> prior(n, 1.0);
    prior[static_cast<std::size_t>(cn2)] = 1 + params.prior_impact;
    double prior_sum = 0;
    for (double p : prior) prior_sum += p;
    for (double& p : prior) p = p / prior_sum;

    // alpha.ik: the N x n matrix of sapply(I, ...), pmax'd at 1e-100, times alpha.prior. R
    // recycles the prior down the columns of that matrix: element (k, i), at position i*N + k in
    // column-major order, gets prior[(i*N + k) mod n]. With N = 1 R multiplies two vectors.
    CnmopsWindowFit fit;
    fit.posterior.assign(N * n, 0.0);
    for (std::size_t k = 0; k < N; ++k) {
        for (std::size_t i = 0; i < n; ++i) {
            const double mu = lambda * cov[k] * I[i];
            double v = std::exp(x[k] * std::log(mu) - std::lgamma(x[k] + 1) - mu);
            v = std::max(v, 1e-100);
            const std::size_t p = params.fix_reference_prior ? i : (i * N + k) % n;
            fit.posterior[k * n + i] = v * prior[p];
        }
        double row_sum = 0;
        for (std::size_t i = 0; i < n; ++i) row_sum += fit.posterior[k * n + i];
        for (std::size_t i = 0; i < n; ++i) fit.posterior[k * n + i] /= row_sum;
    }
    fit.alpha.assign(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) {
        std::vector<double> column(N);
        for (std::size_t k = 0; k < N; ++k) column[k] = fit.posterior[k * n + i];
        fit.alpha[i] = N > 1 ? r_mean(column) : column[0];  // rowMeans, or alpha.ik itself
    }
    fit.lambda.assign(n, 0.0);
    for (std::size_t i = 0; i < n; ++i) fit.lambda[i] = lambda * I[i];
    summarise(params, N, fit);
    return fit;
}

}  // namespace tropic::reference

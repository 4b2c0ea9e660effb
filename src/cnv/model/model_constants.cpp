#include "cnv/model/model_constants.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "tropic/core/error.hpp"

namespace tropic::cnv::detail {

void check_model_shape(const CnmopsParams& params) {
    const std::size_t n = params.folds.size();
    if (n != params.classes.size()) {
        throw InputError(
            fmt::format("cnv: {} fold changes (--folds) but {} class names (--classes)", n,
                        params.classes.size()));
    }
    if (n == 0 || n > static_cast<std::size_t>(kMaxClasses)) {
        throw InputError(fmt::format(
            "cnv: between 1 and {} copy-number classes are supported, not {}", kMaxClasses, n));
    }
    if (std::find(params.classes.begin(), params.classes.end(), "CN2") == params.classes.end()) {
        throw InputError("cnv: one of the classes must be named CN2 (the normal copy number)");
    }
    for (std::size_t i = 0; i < n; ++i) {
        const double fold = params.folds[i];
        if (!(fold > 0) || !std::isfinite(fold)) {
            throw InputError(fmt::format("cnv: fold change {} of class {} is not positive", fold,
                                         params.classes[i]));
        }
    }
    if (params.cycles < 1) {
        throw InputError(
            fmt::format("cnv: --cycles (cyc) must be at least 1, not {}", params.cycles));
    }
}

ModelConstants make_model_constants(const CnmopsParams& params) {
    check_model_shape(params);
    const std::size_t n = params.folds.size();
    const auto cn2 = std::find(params.classes.begin(), params.classes.end(), "CN2");
    ModelConstants c;
    c.classes = static_cast<int>(n);
    c.cn2 = static_cast<int>(cn2 - params.classes.begin());
    c.cycles = params.cycles;
    c.min_read_count = params.min_read_count;
    c.reference = params.method == Method::Reference;
    c.fix_reference_prior = params.fix_reference_prior;
    double init_sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double fold = params.folds[i];
        c.fold[i] = fold;
        c.log2_fold[i] = std::log2(fold);
        c.abs_log2_fold[i] = std::fabs(c.log2_fold[i]);
        c.alpha_init[i] = static_cast<int>(i) == c.cn2 ? 0.6 : 0.05;
        init_sum += c.alpha_init[i];
    }
    for (std::size_t i = 0; i < n; ++i) c.alpha_init[i] = c.alpha_init[i] / init_sum;
    if (c.reference) {
        // referencecn.mops: 1 for every class, 1 + priorImpact for CN2, normalised.
        double sum = 0;
        for (std::size_t i = 0; i < n; ++i) {
            c.alpha_prior[i] = static_cast<int>(i) == c.cn2 ? 1 + params.prior_impact : 1.0;
            sum += c.alpha_prior[i];
        }
        for (std::size_t i = 0; i < n; ++i) c.alpha_prior[i] = c.alpha_prior[i] / sum;
    } else {
        for (std::size_t i = 0; i < n; ++i) {
            c.alpha_prior[i] = static_cast<int>(i) == c.cn2 ? params.prior_impact : 0.0;
        }
    }
    c.sum_alpha_prior = 0;
    for (std::size_t i = 0; i < n; ++i) c.sum_alpha_prior = c.sum_alpha_prior + c.alpha_prior[i];
    return c;
}

}  // namespace tropic::cnv::detail

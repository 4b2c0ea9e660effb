#pragma once
// The parameters of cn.mops' pipeline, with cn.mops' names and defaults (cn.mops 1.53, the
// Bioconductor source this was checked against). docs/cnv.md explains each.
#include <cstdint>
#include <string>
#include <vector>

namespace tropic::cnv {

enum class Method {
    Cohort,     // cn.mops(): every sample is modelled against the cohort
    Reference,  // referencecn.mops(): cases against the controls' expected counts
};

enum class NormType { Poisson, Mean, Median, Quant, Mode };  // normType ("min" is not one)
enum class SizeFactor { Mean, Median, Quant, Mode };         // sizeFactor
enum class Segmentation { Fast, Cbs };  // segAlgorithm: "fast" or "DNAcopy" (our own CBS)

struct CnmopsParams {
    Method method = Method::Cohort;
    // The copy-number classes: their expected fold changes I and names.
    std::vector<double> folds{0.025, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4};
    std::vector<std::string> classes{"CN0", "CN1", "CN2", "CN3", "CN4", "CN5", "CN6", "CN7", "CN8"};
    double prior_impact = 1;  // priorImpact
    int cycles = 20;          // cyc
    int norm = 1;             // norm: 0 none, 1 normalise, 2 model the coverages instead
    NormType norm_type = NormType::Poisson;
    SizeFactor size_factor = SizeFactor::Mean;
    double norm_quantile = 0.25;         // normQu
    double size_factor_quantile = 0.75;  // quSizeFactor
    double upper_threshold = 0.5;        // upperThreshold
    double lower_threshold = -0.9;       // lowerThreshold
    int min_width = 3;                   // minWidth
    Segmentation segmentation = Segmentation::Fast;
    double min_read_count = 5;  // minReadCount
    bool use_median = false;    // useMedian
    // segment()'s own parameters (cn.mops passes its "..." on to it).
    double seg_alpha = 0.05;
    int seg_delta = 20;
    int seg_max_int = 40;
    double seg_cyber_weight = 50;
    // DNAcopy-style CBS (segAlgorithm "DNAcopy"): alpha, nperm, and the seed of the permutations.
    double cbs_alpha = 0.01;
    int cbs_permutations = 10000;
    std::uint64_t seed = 1;
    // Corrections of cn.mops behaviours that are plainly bugs, off by default (docs/cnv.md).
    bool fix_reference_prior = false;  // referencecn.mops recycles its prior over samples
};

// cn.mops' defaults for exomes (exomecn.mops): priorImpact 10, lowerThreshold -0.8, minWidth 5,
// minReadCount 1.
[[nodiscard]] CnmopsParams exome_defaults();
// referencecn.mops' defaults: I and classes extended to CN16..CN128, minWidth 4, minReadCount 1,
// segAlgorithm "DNAcopy".
[[nodiscard]] CnmopsParams reference_defaults();

// Throws InputError naming the option (and cn.mops' parameter) of the first value outside the
// range cn.mops enforces or documents for it (docs/cnv.md lists them): e.g. a priorImpact that
// is not positive, a normQu outside [0, 1], a segment() alpha that is neither a share in (0, 1)
// nor a whole number of breakpoints. run_cnmops checks its parameters so before any work.
void check_cnmops_params(const CnmopsParams& params);

}  // namespace tropic::cnv

// The ranges of cn.mops' parameters (check_cnmops_params): every mode's defaults pass, and each
// value outside the range cn.mops enforces or documents is refused with its option named, by the
// check and by run_cnmops before any work.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/pipeline.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv {
namespace {

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

// The message of the InputError that `params` gives, or "" when none.
std::string refusal_of(const CnmopsParams& params) {
    try {
        check_cnmops_params(params);
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

TEST(CnmopsParamsCheck, EveryModesDefaultsPass) {
    EXPECT_EQ(refusal_of(CnmopsParams{}), "");
    EXPECT_EQ(refusal_of(exome_defaults()), "");
    EXPECT_EQ(refusal_of(reference_defaults()), "");
}

TEST(CnmopsParamsCheck, OutOfRangeValuesNameTheirOption) {
    struct Case {
        const char* option;
        std::function<void(CnmopsParams&)> set;
    };
    const Case cases[] = {
        {"--prior-impact", [](CnmopsParams& p) { p.prior_impact = -1; }},
        {"--prior-impact", [](CnmopsParams& p) { p.prior_impact = 0; }},
        {"--prior-impact", [](CnmopsParams& p) { p.prior_impact = kNan; }},
        {"--cycles", [](CnmopsParams& p) { p.cycles = 0; }},
        {"--norm", [](CnmopsParams& p) { p.norm = 3; }},
        {"--norm-quantile", [](CnmopsParams& p) { p.norm_quantile = 1.5; }},
        {"--norm-quantile", [](CnmopsParams& p) { p.norm_quantile = -0.1; }},
        {"--size-factor-quantile", [](CnmopsParams& p) { p.size_factor_quantile = kNan; }},
        {"--upper-threshold", [](CnmopsParams& p) { p.upper_threshold = -0.5; }},
        {"--lower-threshold", [](CnmopsParams& p) { p.lower_threshold = 0.2; }},
        {"--min-width", [](CnmopsParams& p) { p.min_width = 0; }},
        {"--min-read-count", [](CnmopsParams& p) { p.min_read_count = INFINITY; }},
        {"--seg-alpha", [](CnmopsParams& p) { p.seg_alpha = 0; }},
        {"--seg-alpha", [](CnmopsParams& p) { p.seg_alpha = 1.5; }},
        {"--seg-alpha", [](CnmopsParams& p) { p.seg_alpha = -2; }},
        {"--cbs-alpha", [](CnmopsParams& p) { p.cbs_alpha = 1; }},
        {"--cbs-permutations", [](CnmopsParams& p) { p.cbs_permutations = 0; }},
        {"delta", [](CnmopsParams& p) { p.seg_delta = 0; }},
        {"--folds", [](CnmopsParams& p) { p.folds.pop_back(); }},
        {"CN2", [](CnmopsParams& p) { p.classes[2] = "two"; }},
    };
    for (const Case& c : cases) {
        CnmopsParams params;
        c.set(params);
        EXPECT_NE(refusal_of(params).find(c.option), std::string::npos)
            << c.option << ": '" << refusal_of(params) << "'";
    }
}

// segment()'s alpha is a share of the candidates below 1 and a count of them from 1 on.
TEST(CnmopsParamsCheck, SegAlphaIsAShareOrAWholeCount) {
    for (double alpha : {0.001, 0.05, 0.999, 1.0, 2.0, 40.0}) {
        CnmopsParams params;
        params.seg_alpha = alpha;
        EXPECT_EQ(refusal_of(params), "") << alpha;
    }
}

class RecordingSink : public CnvSink {
  public:
    void begin(const CnvRunInfo&) override { begun = true; }
    void sequence(const SequenceResult&) override {}
    bool begun = false;
};

TEST(CnmopsParamsCheck, RunCnmopsRefusesBeforeAnyWork) {
    CountMatrix matrix;
    matrix.samples = {"a", "b"};
    SequenceCounts& sequence = matrix.sequences.emplace_back();
    sequence.name = "chr1";
    sequence.start = {0};
    sequence.end = {100};
    sequence.counts = {5, 6};
    MemoryCountSource source(matrix);
    CnmopsParams params;
    params.lower_threshold = 0.3;
    RecordingSink sink;
    EXPECT_THROW((void)run_cnmops(source, params, sink, RunOptions{}), InputError);
    EXPECT_FALSE(sink.begun);
}

}  // namespace
}  // namespace tropic::cnv

// The BPMax site writer (docs/rri.md): header, site stretches, bracket structure, JSON.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tropic/rna/bpmax_writer.hpp"

namespace tropic::rna {
namespace {

const SequenceRecord kQuery{"q", "AGGACA"}, kTarget{"t", "UGUCCA"};

// Two inter-molecular G-C pairs: query G2-G3 with target C5-C4 (1-based), in the box of query
// 2..5 and target 2..5, so that the writer must shift the pairs to the site's stretches.
BpmaxResult two_inter_pairs() {
    BpmaxSite site;
    site.score = 12;  // two GC pairs of weight 3 at scale 2
    site.begin1 = 1, site.end1 = 4, site.begin2 = 1, site.end2 = 4;
    site.pairs = {{BpmaxPairKind::Inter, 1, 4}, {BpmaxPairKind::Inter, 2, 3}};
    return BpmaxResult{{site}};
}

TEST(BpmaxWriter, TextBlockPerSite) {
    std::string out;
    append_bpmax_text(out, kQuery, kTarget, two_inter_pairs(), BpmaxWeights{});
    EXPECT_EQ(out,
              ">q&t length1=6 length2=6 score=6 site=2-5&2-5 rank=1\n"
              "GGAC&GUCC\n"
              "[[..&..]]\n");
}

TEST(BpmaxWriter, NoSiteGivesTheHeaderWithScoreZero) {
    std::string out;
    append_bpmax_text(out, kQuery, SequenceRecord{"empty", ""}, BpmaxResult{}, BpmaxWeights{});
    EXPECT_EQ(out, ">q&empty length1=6 length2=0 score=0\n");
}

TEST(BpmaxWriter, JsonLineWithPairsInStrandCoordinates) {
    std::string out;
    append_bpmax_json(out, kQuery, kTarget, two_inter_pairs(), BpmaxWeights{});
    EXPECT_EQ(out,
              "{\"query\":\"q\",\"target\":\"t\",\"length1\":6,\"length2\":6,\"model\":\"bpmax\","
              "\"sites\":[{\"rank\":1,\"score\":6,\"begin1\":2,\"end1\":5,\"begin2\":2,\"end2\":5,"
              "\"sequence\":\"GGAC&GUCC\",\"structure\":\"[[..&..]]\",\"pairs\":["
              "{\"type\":\"inter\",\"i\":2,\"j\":5},{\"type\":\"inter\",\"i\":3,\"j\":4}]}]}\n");
    EXPECT_TRUE(nlohmann::json::accept(out)) << out;
}

TEST(BpmaxWriter, ScoresInUserUnits) {
    std::string out;
    BpmaxResult result = two_inter_pairs();
    result.sites[0].score = 21;
    append_bpmax_text(out, kQuery, kTarget, result, BpmaxWeights{});
    EXPECT_NE(out.find(" score=10.5 "), std::string::npos) << out;
}

}  // namespace
}  // namespace tropic::rna

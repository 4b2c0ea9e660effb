// Re-scoring joint structures (score_bpmax_structure) and their dot-bracket text.
#include <gtest/gtest.h>

#include <vector>

#include "tropic/core/error.hpp"
#include "tropic/rna/bpmax.hpp"

namespace {

using tropic::rna::BpmaxPair;
using tropic::rna::BpmaxPairKind;
using tropic::rna::BpmaxWeights;

// s1 = GGAAACCA, s2 = UGAAAACU (codes A0 C1 G2 U3).
const std::vector<std::uint8_t> s1 = {2, 2, 0, 0, 0, 1, 1, 0};
const std::vector<std::uint8_t> s2 = {3, 2, 0, 0, 0, 0, 1, 3};

TEST(BpmaxStructure, ScoresAndDrawsAValidStructure) {
    const std::vector<BpmaxPair> pairs = {{BpmaxPairKind::Intra1, 1, 5},
                                          {BpmaxPairKind::Intra2, 1, 6},
                                          {BpmaxPairKind::Inter, 7, 0},
                                          {BpmaxPairKind::Inter, 2, 7}};
    EXPECT_EQ(tropic::rna::score_bpmax_structure(s1, s2, pairs, BpmaxWeights{}), 6 + 6 + 2 + 2);
    EXPECT_EQ(tropic::rna::bpmax_dot_bracket(8, 8, pairs), ".([..).[&](....)]");
}

TEST(BpmaxStructure, RejectsWhatCannotForm) {
    const BpmaxWeights w;
    auto rejects = [&](std::vector<BpmaxPair> pairs) {
        EXPECT_THROW((void)tropic::rna::score_bpmax_structure(s1, s2, pairs, w),
                     tropic::InputError);
    };
    rejects({{BpmaxPairKind::Intra1, 1, 4}});                                 // span 3
    rejects({{BpmaxPairKind::Intra1, 0, 5}, {BpmaxPairKind::Intra1, 1, 6}});  // crossing
    rejects({{BpmaxPairKind::Inter, 7, 0}, {BpmaxPairKind::Inter, 7, 7}});    // two partners
    rejects({{BpmaxPairKind::Inter, 2, 0}, {BpmaxPairKind::Inter, 7, 7}});    // inter crossing
    rejects({{BpmaxPairKind::Inter, 2, 2}});                                  // A-A
    rejects({{BpmaxPairKind::Inter, 8, 0}});                                  // out of range
}

}  // namespace

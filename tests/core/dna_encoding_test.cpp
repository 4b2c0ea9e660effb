#include "tropic/core/dna_encoding.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tropic {
namespace {

TEST(DnaEncoding, CanonicalBasesAreZeroToThree) {
    EXPECT_EQ(encode_dna_residue('A'), DnaBase::A);
    EXPECT_EQ(encode_dna_residue('C'), DnaBase::C);
    EXPECT_EQ(encode_dna_residue('G'), DnaBase::G);
    EXPECT_EQ(encode_dna_residue('T'), DnaBase::T);
    std::vector<std::uint8_t> expected{0, 1, 2, 3};
    EXPECT_EQ(encode_dna("ACGT"), expected);
    EXPECT_TRUE(encode_dna("").empty());
}

TEST(DnaEncoding, EveryOtherIupacCodeIsN) {
    for (char c : std::string("RYSWKMBDHVN")) EXPECT_EQ(encode_dna_residue(c), DnaBase::N) << c;
    std::vector<std::uint8_t> expected{0, 4, 3, 4};
    EXPECT_EQ(encode_dna("ANTR"), expected);
    EXPECT_EQ(static_cast<int>(DnaBase::N), 4);
    EXPECT_EQ(kDnaBaseCount, 5);
}

}  // namespace
}  // namespace tropic

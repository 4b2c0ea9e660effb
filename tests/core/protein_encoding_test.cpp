#include "tropic/core/protein_encoding.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tropic {
namespace {

TEST(ProteinEncoding, FollowsNcbiMatrixOrder) {
    // The header row of NCBI's BLOSUM62 file.
    const std::string ncbi = "A R N D C Q E G H I L K M F P S T W Y V B Z X *";
    std::size_t index = 0;
    for (char letter : ncbi) {
        if (letter == ' ') continue;
        EXPECT_EQ(encode_protein_residue(letter), index) << letter;
        ++index;
    }
    EXPECT_EQ(index, static_cast<std::size_t>(kProteinCodeCount));
}

TEST(ProteinEncoding, LettersMissingFromTheMatricesAreX) {
    const auto x = encode_protein_residue('X');
    EXPECT_EQ(x, kProteinUnknownCode);
    for (char c : std::string("JUO")) EXPECT_EQ(encode_protein_residue(c), x) << c;
}

TEST(ProteinEncoding, EncodesSequences) {
    std::vector<std::uint8_t> expected{12, 0, 19, 22, 23};
    EXPECT_EQ(encode_protein("MAVU*"), expected);
    EXPECT_TRUE(encode_protein("").empty());
}

}  // namespace
}  // namespace tropic

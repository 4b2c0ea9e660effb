#include "tropic/core/alphabet.hpp"

#include <gtest/gtest.h>

#include <string>

namespace tropic {
namespace {

TEST(Alphabet, NormalizesCaseAndThymine) {
    EXPECT_EQ(normalize_rna_residue('a'), 'A');
    EXPECT_EQ(normalize_rna_residue('c'), 'C');
    EXPECT_EQ(normalize_rna_residue('g'), 'G');
    EXPECT_EQ(normalize_rna_residue('u'), 'U');
    EXPECT_EQ(normalize_rna_residue('T'), 'U');
    EXPECT_EQ(normalize_rna_residue('t'), 'U');
    EXPECT_EQ(normalize_rna_residue('U'), 'U');
}

TEST(Alphabet, KeepsIupacCodes) {
    for (char c : std::string("RYSWKMBDHVN")) {
        EXPECT_EQ(normalize_rna_residue(c), c) << c;
        EXPECT_EQ(normalize_rna_residue(static_cast<char>(c - 'A' + 'a')), c) << c;
        EXPECT_EQ(encode_rna_residue(c), Base::N) << c;
    }
}

TEST(Alphabet, RejectsEverythingElse) {
    for (int c = 0; c < 256; ++c) {
        char ch = static_cast<char>(c);
        bool iupac =
            std::string("ACGUTRYSWKMBDHVNacgutryswkmbdhvn").find(ch) != std::string::npos && c != 0;
        EXPECT_EQ(normalize_rna_residue(ch).has_value(), iupac) << "byte " << c;
    }
    EXPECT_FALSE(normalize_rna_residue('X'));
    EXPECT_FALSE(normalize_rna_residue('-'));
    EXPECT_FALSE(normalize_rna_residue('.'));
    EXPECT_FALSE(normalize_rna_residue('*'));
    EXPECT_FALSE(normalize_rna_residue(' '));
    EXPECT_FALSE(normalize_rna_residue('E'));
}

TEST(Alphabet, EncodesCanonicalBases) {
    EXPECT_EQ(encode_rna_residue('A'), Base::A);
    EXPECT_EQ(encode_rna_residue('C'), Base::C);
    EXPECT_EQ(encode_rna_residue('G'), Base::G);
    EXPECT_EQ(encode_rna_residue('U'), Base::U);
    EXPECT_EQ(encode_rna_residue('N'), Base::N);
    auto encoded = encode_rna("ACGUNR");
    std::vector<std::uint8_t> expected{0, 1, 2, 3, 4, 4};
    EXPECT_EQ(encoded, expected);
    EXPECT_TRUE(encode_rna("").empty());
}

TEST(Alphabet, LettersRoundTrip) {
    for (Base b : {Base::A, Base::C, Base::G, Base::U, Base::N})
        EXPECT_EQ(encode_rna_residue(base_letter(b)), b);
}

TEST(Alphabet, RnaThroughTheAlphabetEnumIsTheRnaAlphabet) {
    for (int c = 0; c < 256; ++c) {
        char ch = static_cast<char>(c);
        EXPECT_EQ(normalize_residue(Alphabet::Rna, ch), normalize_rna_residue(ch)) << "byte " << c;
    }
}

// Checks every byte: the letters of `accepted`, in either case, normalise to themselves in upper
// case; `renamed`, in either case, normalises to `renamed_to`; everything else is rejected.
void expect_alphabet(Alphabet alphabet, const std::string& accepted, char renamed = 0,
                     char renamed_to = 0) {
    for (int c = 1; c < 256; ++c) {
        char ch = static_cast<char>(c);
        char upper = ch >= 'a' && ch <= 'z' ? static_cast<char>(ch - 'a' + 'A') : ch;
        auto n = normalize_residue(alphabet, ch);
        if (accepted.find(upper) != std::string::npos)
            EXPECT_EQ(n, upper) << "byte " << c;
        else if (renamed != 0 && upper == renamed)
            EXPECT_EQ(n, renamed_to) << "byte " << c;
        else
            EXPECT_FALSE(n) << "byte " << c;
    }
    EXPECT_FALSE(normalize_residue(alphabet, '\0'));
}

TEST(Alphabet, DnaAcceptsIupacCodesAndReadsUAsT) {
    expect_alphabet(Alphabet::Dna, "ACGTRYSWKMBDHVN", 'U', 'T');
}

TEST(Alphabet, ProteinAcceptsAminoAcidsAmbiguityCodesAndStop) {
    expect_alphabet(Alphabet::Protein, "ACDEFGHIKLMNPQRSTVWYBZJUOX*");
}

TEST(Alphabet, Names) {
    EXPECT_EQ(alphabet_name(Alphabet::Rna), "RNA");
    EXPECT_EQ(alphabet_name(Alphabet::Dna), "DNA");
    EXPECT_EQ(alphabet_name(Alphabet::Protein), "protein");
}

}  // namespace
}  // namespace tropic

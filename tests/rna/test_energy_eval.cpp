// Structure evaluation: loop rules on hand-built cases, and rejection of bad structures.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/energy_eval.hpp"

namespace {

using tropic::encode_rna;
using tropic::rna::Dangles;
using tropic::rna::evaluate_structure;

const tropic::rna::EnergyParams& P = tropic::rna::turner2004_params();
constexpr int CG = 1, GC = 2;  // pair types (AU = 5, UA = 6 are not used here)
constexpr int A = 1, C = 2, G = 3, U = 4;

int eval(const std::string& seq, const std::string& structure, Dangles d = Dangles::Both,
         std::vector<tropic::rna::LoopContribution>* loops = nullptr) {
    return evaluate_structure(encode_rna(seq), structure, P, d, loops);
}

TEST(EnergyEval, StackedHairpinOfThree) {
    // Two GC-on-GC stacks and a loop of three closed by GC: no mismatch, no terminal penalty.
    EXPECT_EQ(eval("GGGAAACCC", "(((...)))"), 2 * P.stack[GC][CG] + P.hairpin[3]);
}

TEST(EnergyEval, TriloopClosedByAuPaysTerminalPenaltyTwice) {
    // The A-U pair pays once closing the loop of three and once as an exterior helix end.
    EXPECT_EQ(eval("AAAAU", "(...)"), P.hairpin[3] + 2 * P.terminal_au);
    EXPECT_EQ(eval("AAAAU", "(...)", Dangles::None), P.hairpin[3] + 2 * P.terminal_au);
}

TEST(EnergyEval, SpecialTetraloopReplacesTheLoopTerms) {
    EXPECT_EQ(eval("CAACGG", "(....)"), P.tetraloops.energy[0]);
    EXPECT_EQ(eval("GAAAAC", "(....)"), P.hairpin[4] + P.mismatch_hairpin[GC][A][A]);
}

TEST(EnergyEval, LongHairpinIsExtrapolated) {
    const std::string seq = "G" + std::string(40, 'A') + "C";
    const std::string structure = "(" + std::string(40, '.') + ")";
    EXPECT_EQ(eval(seq, structure), P.hairpin[30] +
                                        static_cast<int>(107.856 * std::log(40.0 / 30.0)) +
                                        P.mismatch_hairpin[GC][A][A]);
}

TEST(EnergyEval, ExteriorMismatchOnlyWithDangles2) {
    const int core = 2 * P.stack[GC][CG] + P.hairpin[3];
    EXPECT_EQ(eval("AGGGAAACCCA", ".(((...)))."), core + P.mismatch_exterior[GC][A][A]);
    EXPECT_EQ(eval("AGGGAAACCCA", ".(((...))).", Dangles::None), core);
    EXPECT_EQ(eval("AGGGAAACCC", ".(((...)))"), core + P.dangle5[GC][A]);
    EXPECT_EQ(eval("GGGAAACCCA", "(((...)))."), core + P.dangle3[GC][A]);
}

TEST(EnergyEval, SingleBulgeKeepsTheStack) {
    EXPECT_EQ(eval("GAGGAAACCC", "(.((...)))"), P.bulge[1] + 2 * P.stack[GC][CG] + P.hairpin[3]);
    // A longer bulge pays terminal penalties for A-U ends instead of stacking.
    EXPECT_EQ(eval("AAAGGAAACCU", "(..((...)))"),
              P.bulge[2] + P.terminal_au + P.stack[GC][CG] + P.hairpin[3] + P.terminal_au);
}

TEST(EnergyEval, InteriorLoopsUseTheirTables) {
    // 1x1: G-C closing, A and A unpaired, inner G-C.
    EXPECT_EQ(eval("GAGGAAACCAC", "(.((...)).)"),
              P.int11[GC][CG][A][A] + P.stack[GC][CG] + P.hairpin[3]);
    // 2x2 around the inner pair G-C read from inside as C-G.
    EXPECT_EQ(eval("GACGGAAACCAUC", "(..((...))..)"),
              P.int22[GC][CG][A][C][A][U] + P.stack[GC][CG] + P.hairpin[3]);
    // 2x4: a generic loop with mismatches and asymmetry.
    EXPECT_EQ(eval("GACGGAAACCAAAUC", "(..((...))....)"),
              P.interior[6] + std::min(P.max_ninio, 2 * P.ninio) + P.mismatch_interior[GC][A][U] +
                  P.mismatch_interior[CG][A][C] + P.stack[GC][CG] + P.hairpin[3]);
}

TEST(EnergyEval, MultiloopTermsWithBothDangleModels) {
    const std::string seq = "GGGGAAACCCGGGAAACCCC";
    const std::string structure = "((((...)))(((...))))";
    const int branch = 2 * P.stack[GC][CG] + P.hairpin[3];
    EXPECT_EQ(eval(seq, structure, Dangles::None), P.ml_closing + 3 * P.ml_intern + 2 * branch);
    EXPECT_EQ(eval(seq, structure), P.ml_closing + 3 * P.ml_intern + 2 * branch +
                                        P.mismatch_multi[CG][C][G] + P.mismatch_multi[GC][G][G] +
                                        P.mismatch_multi[GC][C][C]);
}

TEST(EnergyEval, LoopsAddUpToTheTotal) {
    std::vector<tropic::rna::LoopContribution> loops;
    const int total =
        eval("AGGGGAAACCCGGGAAACCCCA", ".((((...)))(((...)))).", Dangles::Both, &loops);
    ASSERT_EQ(loops.size(), 8u);  // exterior, multi, 2 x (2 stacks + hairpin)
    EXPECT_EQ(loops[0].kind, tropic::rna::LoopKind::Exterior);
    EXPECT_EQ(loops[1].kind, tropic::rna::LoopKind::Multi);
    EXPECT_EQ(loops[1].i, 2);
    EXPECT_EQ(loops[1].j, 21);
    int sum = 0;
    for (const auto& loop : loops) sum += loop.energy;
    EXPECT_EQ(sum, total);
}

TEST(EnergyEval, BadStructuresNameThePosition) {
    auto message = [](const std::string& seq, const std::string& structure) -> std::string {
        try {
            eval(seq, structure);
        } catch (const tropic::InputError& e) {
            return e.what();
        }
        return "no error";
    };
    EXPECT_NE(message("GGGAAACC", "(((...)))").find("9 characters but the sequence has 8"),
              std::string::npos);
    EXPECT_NE(message("GGGAAACCC", "(((...)).").find("unbalanced '(' at position 1"),
              std::string::npos);
    EXPECT_NE(message("GGGAAACCC", "((....)))").find("unbalanced ')' at position 9"),
              std::string::npos);
    EXPECT_NE(message("AGGAAACCA", "(((...)))").find("bases 1 and 9 (A-A), which cannot pair"),
              std::string::npos);
    EXPECT_NE(message("GGAACC", "((..))").find("fewer than 3 unpaired"), std::string::npos);
    EXPECT_NE(message("GGGAAACCC", "(((.x.)))").find("'x' at position 5"), std::string::npos);
    EXPECT_NE(message("GGNAAACCC", "(((...)))").find("(N-C), which cannot pair"),
              std::string::npos);
}

}  // namespace

// Suboptimal structures (Wuchty): against brute force over every structure of tiny sequences,
// and properties on random ones (each structure re-scored by the evaluator, no duplicates, the
// MFE first, the order, the guard).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "support/all_structures.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/structure_constraint.hpp"
#include "tropic/rna/subopt.hpp"

namespace {

using tropic::rna::Dangles;
using tropic::rna::MfeParams;
using tropic::rna::SuboptOrder;
using tropic::rna::SuboptParams;

const tropic::rna::EnergyParams& P = tropic::rna::turner2004_params();

using tropic::test::all_structures;
using tropic::test::partners;

bool has_lonely_pair(const std::string& structure) {
    const auto partner = partners(structure);
    const int n = static_cast<int>(structure.size());
    for (int i = 0; i < n; ++i) {
        const int j = partner[i];
        if (j <= i) continue;
        const bool inner = partner[i + 1] == j - 1;
        const bool outer = i > 0 && j + 1 < n && partner[i - 1] == j + 1;
        if (!inner && !outer) return true;
    }
    return false;
}

// Every valid structure of `s` under `mfe_params` and `constraint`, with its evaluated energy.
std::map<std::string, int> brute_force(const std::vector<std::uint8_t>& s,
                                       const MfeParams& mfe_params,
                                       const tropic::rna::StructureConstraint* constraint) {
    auto may_pair = [&](int i, int j) {
        if (mfe_params.max_bp_span >= 0 && j - i + 1 > mfe_params.max_bp_span) return false;
        return constraint == nullptr || constraint->allows_pair(i, j);
    };
    std::map<std::string, int> energy;
    for (const std::string& structure :
         all_structures(s, 0, static_cast<int>(s.size()) - 1, may_pair)) {
        if (mfe_params.no_lonely_pairs && has_lonely_pair(structure)) continue;
        energy[structure] = tropic::rna::evaluate_structure(s, structure, P, mfe_params.dangles);
    }
    return energy;
}

std::string letters(const std::vector<std::uint8_t>& s) {
    std::string out;
    for (auto b : s) out += "ACGUN"[b];
    return out;
}

MfeParams random_mfe_params(std::mt19937_64& rng) {
    MfeParams mfe_params;
    mfe_params.dangles = rng() % 2 ? Dangles::Both : Dangles::None;
    mfe_params.no_lonely_pairs = rng() % 3 == 0;
    if (rng() % 4 == 0) mfe_params.max_bp_span = 6 + static_cast<int>(rng() % 8);
    return mfe_params;
}

// The list of `result` is the brute-force list within delta, as a set with energies, and in
// RNAsubopt --sorted order.
void expect_brute_force(const std::vector<std::uint8_t>& s, const MfeParams& mfe_params, int delta,
                        const tropic::rna::StructureConstraint* constraint = nullptr) {
    SCOPED_TRACE(letters(s) + " dangles " + std::to_string(static_cast<int>(mfe_params.dangles)) +
                 (mfe_params.no_lonely_pairs ? " noLP" : "") + " span " +
                 std::to_string(mfe_params.max_bp_span) + " delta " + std::to_string(delta));
    const auto all = brute_force(s, mfe_params, constraint);
    int mfe = tropic::rna::kInfEnergy;
    for (const auto& [structure, e] : all) mfe = std::min(mfe, e);
    std::vector<tropic::rna::SuboptStructure> expected;
    for (const auto& [structure, e] : all)
        if (e <= mfe + delta) expected.push_back({e, structure});
    std::sort(expected.begin(), expected.end(), [](const auto& a, const auto& b) {
        return a.energy != b.energy ? a.energy < b.energy : a.structure < b.structure;
    });
    SuboptParams subopt_params;
    subopt_params.delta = delta;
    const auto result = tropic::rna::subopt(s, P, mfe_params, subopt_params, constraint);
    EXPECT_EQ(result.mfe, mfe);
    EXPECT_EQ(result.delta, delta);
    ASSERT_EQ(result.structures.size(), expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
        EXPECT_EQ(result.structures[k].structure, expected[k].structure) << "entry " << k;
        EXPECT_EQ(result.structures[k].energy, expected[k].energy) << "entry " << k;
    }
}

TEST(Subopt, EqualsBruteForceOnTinySequences) {
    for (std::uint64_t seed :
         std::vector<std::uint64_t>{1, 7, 20260101, tropic::test::test_seed()}) {
        std::mt19937_64 rng(seed);
        for (int trial = 0; trial < 150; ++trial) {
            const std::size_t n = 1 + rng() % 14;
            const auto s = tropic::test::random_rna(rng, n, 0.6);
            const MfeParams mfe_params = random_mfe_params(rng);
            expect_brute_force(s, mfe_params, static_cast<int>(rng() % 600));
        }
    }
}

TEST(Subopt, EqualsBruteForceUnderConstraints) {
    std::mt19937_64 rng(tropic::test::test_seed());
    const std::string symbols = "....x<>";
    for (int trial = 0; trial < 60; ++trial) {
        const std::size_t n = 8 + rng() % 7;
        const auto s = tropic::test::random_rna(rng, n, 0.6);
        std::string text(n, '.');
        for (char& c : text) c = symbols[rng() % symbols.size()];
        const tropic::rna::StructureConstraint constraint(text, s);
        expect_brute_force(s, MfeParams{}, 400, &constraint);
    }
}

// Every structure once, within delta, its energy the evaluator's; the MFE first.
TEST(Subopt, PropertiesOnRandomSequences) {
    for (std::uint64_t seed : std::vector<std::uint64_t>{3, 20261121, tropic::test::test_seed()}) {
        std::mt19937_64 rng(seed);
        for (int trial = 0; trial < 40; ++trial) {
            const std::size_t n = 15 + rng() % 60;
            const auto s = tropic::test::random_rna(rng, n);
            const MfeParams mfe_params = random_mfe_params(rng);
            SuboptParams subopt_params;
            subopt_params.delta = static_cast<int>(rng() % 250);
            subopt_params.order =
                rng() % 2 ? SuboptOrder::EnergyThenStructure : SuboptOrder::Enumeration;
            SCOPED_TRACE(letters(s) + " delta " + std::to_string(subopt_params.delta));
            const auto result = tropic::rna::subopt(s, P, mfe_params, subopt_params);
            const auto mfe = tropic::rna::fold_mfe(s, P, mfe_params);
            EXPECT_EQ(result.mfe, mfe.energy);
            ASSERT_FALSE(result.structures.empty());
            std::set<std::string> seen;
            bool has_mfe_structure = false;
            for (const auto& entry : result.structures) {
                EXPECT_TRUE(seen.insert(entry.structure).second) << "twice: " << entry.structure;
                EXPECT_EQ(entry.energy, tropic::rna::evaluate_structure(s, entry.structure, P,
                                                                        mfe_params.dangles))
                    << entry.structure;
                EXPECT_LE(entry.energy, mfe.energy + subopt_params.delta);
                EXPECT_GE(entry.energy, mfe.energy);
                if (mfe_params.no_lonely_pairs) {
                    EXPECT_FALSE(has_lonely_pair(entry.structure));
                }
                has_mfe_structure |= entry.structure == mfe.structure;
            }
            EXPECT_TRUE(has_mfe_structure) << mfe.structure;
            if (subopt_params.order == SuboptOrder::EnergyThenStructure) {
                EXPECT_EQ(result.structures.front().energy, mfe.energy);
                EXPECT_TRUE(std::is_sorted(result.structures.begin(), result.structures.end(),
                                           [](const auto& a, const auto& b) {
                                               return a.energy != b.energy
                                                          ? a.energy < b.energy
                                                          : a.structure < b.structure;
                                           }));
            }
        }
    }
}

TEST(Subopt, GuardStopsTheEnumeration) {
    std::mt19937_64 rng(5);
    const auto s = tropic::test::random_rna(rng, 60);
    SuboptParams subopt_params;
    subopt_params.delta = 1500;
    subopt_params.max_structures = 100;
    try {
        (void)tropic::rna::subopt(s, P, MfeParams{}, subopt_params);
        FAIL() << "no ResourceError";
    } catch (const tropic::ResourceError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("more than 100 structures"), std::string::npos) << message;
        EXPECT_NE(message.find("stopped after producing 100"), std::string::npos) << message;
        EXPECT_NE(message.find("--max-structures"), std::string::npos) << message;
    }
}

TEST(Subopt, RejectsANegativeRange) {
    SuboptParams subopt_params;
    subopt_params.delta = -1;
    EXPECT_THROW(
        (void)tropic::rna::subopt(tropic::encode_rna("GGGAAACCC"), P, MfeParams{}, subopt_params),
        tropic::InputError);
}

TEST(Subopt, DeltaZeroGivesTheMfeStructures) {
    const auto s = tropic::encode_rna("GGGGAAAACCCCUUUUGGGGAAACCCC");
    SuboptParams subopt_params;
    subopt_params.delta = 0;
    const auto result = tropic::rna::subopt(s, P, MfeParams{}, subopt_params);
    ASSERT_EQ(result.structures.size(), 1u);
    EXPECT_EQ(result.structures[0].structure, "((((....((((....))))...))))");
    EXPECT_EQ(result.structures[0].energy, -1360);
}

}  // namespace

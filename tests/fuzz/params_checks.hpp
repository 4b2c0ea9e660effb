#pragma once
// What the two parameter-file targets do with a set they accepted: the engine trusts parameters
// once read (docs/architecture.md: input is validated at the edge), so every accepted set must score
// structures that use each kind of loop without undefined behaviour, at 37 °C and rescaled.
#include <array>
#include <string>
#include <string_view>
#include <utility>

#include "fuzz_support.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::fuzz {

// Sequence and structure pairs with stacks, hairpins of 3, 4, 5 and 40 bases (extrapolated past
// 30), 1x1, 1x2, 2x2 and 2x3 interior loops, a long interior loop (35 x 2), bulges of 1 and 33,
// a multiloop of three branches and free ends for the dangles.
inline constexpr std::array<std::pair<std::string_view, std::string_view>, 5> kScoredStructures{{
    {"GACGAAAACGUUAAGCUAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAGCAACGUAAAGCG",
     "((((....))))..(((........................................)))..(((...)))"},
    {"AUGACUAGAAACGAAUGAAACUGAAAAUUAGAACGAAACGAAUUAAGACGA",
     ".((.((.((..((..((...((((...))))..))...))..)).)).))."},
    {"GUAGCUGAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACGAAACGUUAGCAGCGCUGAACAAAGUUAGC",
     "((.((((.................................(((...))))))).))((((.((...))))))"},
    {"UGAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACGUAAAGCGAAUUA",
     "(((...................................(((...)))..)))"},
    {"AAGUGAAAUGCAAAAGCGAAACGAAAACGUAACUGAAAAAUAGAAACGCAA",
     "..(((...(((....)))..(((....)))..(((.....)))...))).."},
}};

inline void score_structures(const rna::EnergyParams& params) {
    for (const auto& [sequence, structure] : kScoredStructures) {
        const std::vector<std::uint8_t> encoded = encode_rna(sequence);
        for (rna::Dangles dangles : {rna::Dangles::Both, rna::Dangles::None}) {
            std::vector<rna::LoopContribution> loops;
            const int total = rna::evaluate_structure(encoded, structure, params, dangles, &loops);
            long long sum = 0;
            for (const auto& loop : loops) sum += loop.energy;
            check_invariant(sum == total, "the loops do not add up to the structure's energy");
        }
    }
}

// Scores with `params` and, when the file gave enthalpies, at two other temperatures.
inline void exercise_params(const rna::EnergyParams& params, const rna::EnergyParams& enthalpies) {
    score_structures(params);
    if (!params.has_enthalpies) return;
    for (double celsius : {0.0, 75.0})
        score_structures(rna::rescale_to_temperature(params, enthalpies, celsius));
}

// One parameter-file target: reads the input with `parse` (parse_vienna_params or
// parse_tropic_params) and exercises the set it accepts. The sets live in static storage:
// EnergyParams is about 200 KB, and under AddressSanitizer each such heap block is a fresh
// mapping whose page faults would cost more than the parse.
template <class Parse>
void fuzz_params_reader(Parse parse, const std::uint8_t* data, std::size_t size,
                        const std::string& source) {
    static rna::EnergyParams params, enthalpies;
    ignore_input_errors([&] {
        params = parse(as_text(data, size), source, &enthalpies);
        exercise_params(params, enthalpies);
    });
}

}  // namespace tropic::fuzz

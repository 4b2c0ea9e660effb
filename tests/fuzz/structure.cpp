// Dot-bracket structures (parse_structure) and their energy (evaluate_structure, as `tropic
// eval`): the first line is the sequence (a character that is not a nucleotide code becomes N),
// the rest the structure.
#include <string>

#include "fuzz_support.hpp"
#include "fuzz_target.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::fuzz {

// The first line as encoded residues: normalised where it is a nucleotide code, N otherwise.
inline std::vector<std::uint8_t> encode_first_line(std::string_view line) {
    std::string residues;
    for (char c : line) residues += normalize_rna_residue(c).value_or('N');
    return encode_rna(residues);
}

}  // namespace tropic::fuzz

TROPIC_FUZZ_TARGET(structure) {
    using namespace tropic;
    // Plain variables, not a structured binding: clang 14 lambdas cannot capture one.
    const auto lines = fuzz::split_first_line(fuzz::as_text(data, size));
    const std::string_view first = lines.first, structure = lines.second;
    const std::vector<std::uint8_t> sequence = fuzz::encode_first_line(first);
    fuzz::ignore_input_errors([&] {
        const std::vector<int> partner = rna::parse_structure(sequence, structure);
        const int n = static_cast<int>(sequence.size());
        fuzz::check_invariant(partner.size() == sequence.size(), "partner table size");
        for (int i = 0; i < n; ++i) {
            const int j = partner[i];
            if (j < 0) continue;
            fuzz::check_invariant(j < n && partner[j] == i, "partners are not mutual");
            fuzz::check_invariant(
                rna::pair_type(sequence[std::min(i, j)], sequence[std::max(i, j)]) != 0,
                "a pair that cannot form was accepted");
        }
        for (rna::Dangles dangles : {rna::Dangles::Both, rna::Dangles::None}) {
            std::vector<rna::LoopContribution> loops;
            const int total = rna::evaluate_structure(sequence, structure, rna::turner2004_params(),
                                                      dangles, &loops);
            long long sum = 0;
            for (const auto& loop : loops) sum += loop.energy;
            fuzz::check_invariant(sum == total, "the loops do not add up to the energy");
        }
    });
}

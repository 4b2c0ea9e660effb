// Hard-constraint strings (StructureConstraint, as `tropic fold -C`): the first line is the
// sequence (a character that is not a nucleotide code becomes N), the rest the constraint.
#include <string>

#include "fuzz_support.hpp"
#include "fuzz_target.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/rna/structure_constraint.hpp"

TROPIC_FUZZ_TARGET(constraint) {
    using namespace tropic;
    // Plain variables, not a structured binding: clang 14 lambdas cannot capture one.
    const auto lines = fuzz::split_first_line(fuzz::as_text(data, size));
    const std::string_view first = lines.first, constraint = lines.second;
    std::string residues;
    for (char c : first) residues += normalize_rna_residue(c).value_or('N');
    const std::vector<std::uint8_t> sequence = encode_rna(residues);
    fuzz::ignore_input_errors([&] {
        const rna::StructureConstraint allowed(constraint, sequence);
        const int n = static_cast<int>(sequence.size());
        fuzz::check_invariant(allowed.allowed_mask().size() == sequence.size() * sequence.size(),
                              "mask size");
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) {
                if (!allowed.allows_pair(i, j)) continue;
                fuzz::check_invariant(constraint[i] != 'x' && constraint[i] != '>' &&
                                          constraint[j] != 'x' && constraint[j] != '<',
                                      "a pair allowed on a base the constraint excludes");
            }
    });
}

#include "tropic/rna/structure_constraint.hpp"

#include <algorithm>

#include "rna/structure/bracket_pairs.hpp"

namespace tropic::rna {

StructureConstraint::StructureConstraint(std::string_view constraint,
                                         std::span<const std::uint8_t> sequence)
    : length_(sequence.size()), allowed_(sequence.size() * sequence.size(), 0) {
    const int n = static_cast<int>(length_);
    const std::vector<int> partner =
        detail::bracket_partners(sequence, constraint, "constraint", ".x|<>");

    for (int i = 0; i < n; ++i) {
        const char ci = constraint[i];
        if (ci == 'x' || ci == '>') continue;
        // The brackets strictly between i and j: a constrained pair crosses (i,j) unless they
        // balance without ever closing more than they opened.
        int balance = 0, lowest = 0;
        for (int j = i + 1; j < n; ++j) {
            const char cj = constraint[j];
            const bool ends_ok = cj != 'x' && cj != '<' && (partner[i] < 0 || partner[i] == j) &&
                                 (partner[j] < 0 || partner[j] == i);
            if (ends_ok && balance == 0 && lowest >= 0)
                allowed_[static_cast<std::size_t>(i) * length_ + static_cast<std::size_t>(j)] = 1;
            if (cj == '(') ++balance;
            if (cj == ')') lowest = std::min(lowest, --balance);
        }
    }
}

}  // namespace tropic::rna

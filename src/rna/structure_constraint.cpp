#include "tropic/rna/structure_constraint.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::rna {

StructureConstraint::StructureConstraint(std::string_view constraint,
                                         std::span<const std::uint8_t> sequence)
    : length_(sequence.size()), allowed_(sequence.size() * sequence.size(), 0) {
    const std::size_t length = length_;
    if (constraint.size() != length)
        throw InputError(fmt::format("constraint has {} characters but the sequence has {} bases",
                                     constraint.size(), length));
    const int n = static_cast<int>(length);
    std::vector<int> partner(length, -1), open;
    for (int k = 0; k < n; ++k) {
        const char c = constraint[k];
        if (c == '(') {
            open.push_back(k);
        } else if (c == ')') {
            if (open.empty())
                throw InputError(
                    fmt::format("unbalanced ')' at position {} of the constraint", k + 1));
            const int i = open.back();
            open.pop_back();
            if (pair_type(sequence[i], sequence[k]) == 0)
                throw InputError(fmt::format(
                    "the constraint pairs bases {} and {} ({}-{}), which cannot pair (only GC, "
                    "AU and GU pair)",
                    i + 1, k + 1, base_letter(static_cast<Base>(sequence[i])),
                    base_letter(static_cast<Base>(sequence[k]))));
            partner[k] = i;
            partner[i] = k;
        } else if (c != '.' && c != 'x' && c != '|' && c != '<' && c != '>') {
            throw InputError(fmt::format(
                "invalid character '{}' at position {} of the constraint (expected one of "
                ". x | < > ( ))",
                c, k + 1));
        }
    }
    if (!open.empty())
        throw InputError(
            fmt::format("unbalanced '(' at position {} of the constraint", open.back() + 1));

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
                allowed_[static_cast<std::size_t>(i) * length + static_cast<std::size_t>(j)] = 1;
            if (cj == '(') ++balance;
            if (cj == ')') lowest = std::min(lowest, --balance);
        }
    }
}

}  // namespace tropic::rna

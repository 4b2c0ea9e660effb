#include "rna/structure/bracket_pairs.hpp"

#include <fmt/format.h>

#include <string>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::rna::detail {

std::vector<int> bracket_partners(std::span<const std::uint8_t> sequence, std::string_view text,
                                  std::string_view what, std::string_view others) {
    if (text.size() != sequence.size())
        throw InputError(fmt::format("{} has {} characters but the sequence has {} bases", what,
                                     text.size(), sequence.size()));
    std::vector<int> partner(text.size(), -1), open;
    for (int k = 0; k < static_cast<int>(text.size()); ++k) {
        const char c = text[k];
        if (c == '(') {
            open.push_back(k);
        } else if (c == ')') {
            if (open.empty())
                throw InputError(
                    fmt::format("unbalanced ')' at position {} of the {}", k + 1, what));
            const int i = open.back();
            open.pop_back();
            if (pair_type(sequence[i], sequence[k]) == 0)
                throw InputError(fmt::format(
                    "the {} pairs bases {} and {} ({}-{}), which cannot pair (only GC, AU and GU "
                    "pair)",
                    what, i + 1, k + 1, base_letter(static_cast<Base>(sequence[i])),
                    base_letter(static_cast<Base>(sequence[k]))));
            partner[i] = k;
            partner[k] = i;
        } else if (others.find(c) == std::string_view::npos) {
            std::string expected = "( )";
            for (char other : others) expected += fmt::format(" {}", other);
            throw InputError(
                fmt::format("invalid character '{}' at position {} of the {} (expected one of {})",
                            c, k + 1, what, expected));
        }
    }
    if (!open.empty())
        throw InputError(
            fmt::format("unbalanced '(' at position {} of the {}", open.back() + 1, what));
    return partner;
}

}  // namespace tropic::rna::detail

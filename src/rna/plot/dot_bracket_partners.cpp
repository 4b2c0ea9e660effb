#include "rna/plot/dot_bracket_partners.hpp"

#include "tropic/core/error.hpp"

namespace tropic::rna::detail {

std::vector<int> dot_bracket_partners(std::string_view dot_bracket) {
    std::vector<int> partner(dot_bracket.size(), -1);
    std::vector<int> open;
    for (int k = 0; k < static_cast<int>(dot_bracket.size()); ++k) {
        if (dot_bracket[k] == '(') {
            open.push_back(k);
        } else if (dot_bracket[k] == ')') {
            if (open.empty())
                throw InputError("unbalanced ')' at position " + std::to_string(k + 1));
            partner[k] = open.back();
            partner[open.back()] = k;
            open.pop_back();
        }
    }
    if (!open.empty())
        throw InputError("unbalanced '(' at position " + std::to_string(open.back() + 1));
    return partner;
}

}  // namespace tropic::rna::detail

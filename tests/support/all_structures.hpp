#pragma once
// Brute force over secondary structures for tests on tiny sequences: every structure, and the
// partner table of a dot-bracket string.
#include <cstdint>
#include <string>
#include <vector>

#include "tropic/rna/energy_params.hpp"

namespace tropic::test {

// Every structure of s[i..j] (pairs GC, AU, GU; hairpins of 3 or more) that `may_pair(i, j)`
// allows.
template <class MayPair>
std::vector<std::string> all_structures(const std::vector<std::uint8_t>& s, int i, int j,
                                        const MayPair& may_pair) {
    if (i > j) return {""};
    std::vector<std::string> out;
    for (const std::string& rest : all_structures(s, i + 1, j, may_pair)) out.push_back("." + rest);
    for (int l = i + 4; l <= j; ++l) {
        if (rna::pair_type(s[i], s[l]) == 0 || !may_pair(i, l)) continue;
        const auto inside = all_structures(s, i + 1, l - 1, may_pair);
        const auto after = all_structures(s, l + 1, j, may_pair);
        for (const std::string& in : inside)
            for (const std::string& a : after) out.push_back("(" + in + ")" + a);
    }
    return out;
}

// partner[k]: the base paired with k, or -1.
inline std::vector<int> partners(const std::string& structure) {
    std::vector<int> partner(structure.size(), -1), open;
    for (int k = 0; k < static_cast<int>(structure.size()); ++k) {
        if (structure[k] == '(') open.push_back(k);
        if (structure[k] == ')') {
            partner[k] = open.back();
            partner[open.back()] = k;
            open.pop_back();
        }
    }
    return partner;
}

}  // namespace tropic::test

#include "reference/mirna_hairpin_reference.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace tropic::reference {

namespace {

// The structure's pairs, parents and children, from scratch.
struct PairTree {
    std::vector<int> partner;   // -1 unpaired
    std::vector<int> parent;    // per opening position: the opening of the enclosing pair, -1
    std::vector<int> children;  // per opening position: pairs directly inside
};

PairTree pair_tree(std::string_view structure) {
    const int n = static_cast<int>(structure.size());
    PairTree tree;
    tree.partner.assign(n, -1);
    std::vector<int> open;
    for (int k = 0; k < n; ++k) {
        if (structure[k] == '(') open.push_back(k);
        if (structure[k] == ')') {
            tree.partner[k] = open.back();
            tree.partner[open.back()] = k;
            open.pop_back();
        }
    }
    tree.parent.assign(n, -1);
    tree.children.assign(n, 0);
    for (int p = 0; p < n; ++p) {
        if (tree.partner[p] <= p) continue;
        // The innermost pair around p: the nearest opening to its left that closes after it.
        for (int r = p - 1; r >= 0; --r) {
            if (tree.partner[r] > tree.partner[p]) {
                tree.parent[p] = r;
                ++tree.children[r];
                break;
            }
        }
    }
    return tree;
}

bool is_chain(const PairTree& tree, int i) {
    const int j = tree.partner[i];
    for (int k = i; k < j; ++k)
        if (tree.partner[k] > k && tree.children[k] > 1) return false;
    return true;
}

std::optional<mirna::StemLoop> longest_stem_loop_of(const PairTree& tree,
                                                    std::uint32_t min_length) {
    std::optional<mirna::StemLoop> best;
    const int n = static_cast<int>(tree.partner.size());
    for (int i = 0; i < n; ++i) {
        const int j = tree.partner[i];
        if (j < i || !is_chain(tree, i)) continue;
        const int parent = tree.parent[i];
        if (parent >= 0 && tree.children[parent] < 2) continue;  // not outermost
        const auto length = static_cast<std::uint32_t>(j - i + 1);
        if (length < min_length) continue;
        if (!best || length > best->length())
            best =
                mirna::StemLoop{static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(j + 1)};
    }
    return best;
}

// The one pair directly inside pair (i, j), or -1.
int only_child(const PairTree& tree, int i) {
    for (int k = i + 1; k < tree.partner[i]; ++k)
        if (tree.parent[k] == i && tree.partner[k] > k) return k;
    return -1;
}

int letter(char c) {
    return static_cast<int>(std::string_view("ACGU").find(c));
}

}  // namespace

std::optional<mirna::StemLoop> longest_stem_loop_reference(std::string_view structure,
                                                           std::uint32_t min_length) {
    return longest_stem_loop_of(pair_tree(structure), min_length);
}

mirna::HairpinFeatures hairpin_features_reference(std::string_view sequence,
                                                  std::string_view structure, int mfe) {
    const PairTree tree = pair_tree(structure);
    const int n = static_cast<int>(sequence.size());
    mirna::HairpinFeatures f;
    f.length = static_cast<std::uint32_t>(n);
    f.mfe = mfe;
    f.amfe = mfe / 100.0 * 100.0 / n;  // dcal/mol -> kcal/mol
    const auto gc = std::count_if(sequence.begin(), sequence.end(),
                                  [](char c) { return c == 'G' || c == 'C'; });
    f.gc_percent = 100.0 * static_cast<double>(gc) / n;
    f.mfei = gc == 0 ? 0.0 : -f.amfe / f.gc_percent;
    std::map<std::string, int> dinucleotides;
    for (int k = 0; k + 1 < n; ++k) ++dinucleotides[std::string(sequence.substr(k, 2))];
    for (const auto& [pair, count] : dinucleotides) {
        const double p = static_cast<double>(count) / (n - 1);
        f.complexity -= p * std::log2(p);
    }
    for (int i = 0; i < n; ++i) {
        const int j = tree.partner[i];
        if (j < i) continue;
        ++f.base_pairs;
        std::uint32_t helix = 1;
        while (i + static_cast<int>(helix) < j - static_cast<int>(helix) &&
               tree.partner[i + helix] == j - static_cast<int>(helix))
            ++helix;
        f.longest_helix = std::max(f.longest_helix, helix);
        if (tree.children[i] == 0) ++f.hairpin_loops;
        if (tree.children[i] != 1) continue;
        const int k = only_child(tree, i);
        const auto five = static_cast<std::uint32_t>(k - i - 1);
        const auto three = static_cast<std::uint32_t>(j - tree.partner[k] - 1);
        if (five > 0 && three > 0) {
            ++f.internal_loops;
            f.largest_internal_loop = std::max(f.largest_internal_loop, five + three);
        } else if (five + three > 0) {
            ++f.bulges;
            f.largest_bulge = std::max(f.largest_bulge, five + three);
        }
        f.asymmetry += five > three ? five - three : three - five;
    }
    const auto stem = longest_stem_loop_of(tree, 0);
    if (!stem) {
        f.arms = {f.length / 2, f.length / 2};
    } else {
        int i = static_cast<int>(stem->begin);
        while (only_child(tree, i) >= 0) i = only_child(tree, i);
        f.arms = {static_cast<std::uint32_t>(i + 1), static_cast<std::uint32_t>(tree.partner[i])};
    }
    f.terminal_loop = f.arms.loop_end - f.arms.loop_begin;
    return f;
}

std::array<std::uint32_t, 16> dinucleotide_counts(std::string_view sequence) {
    std::array<std::uint32_t, 16> counts{};
    for (std::size_t k = 0; k + 1 < sequence.size(); ++k)
        ++counts[letter(sequence[k]) * 4 + letter(sequence[k + 1])];
    return counts;
}

std::vector<std::string> sequences_with_dinucleotides_of(std::string_view sequence) {
    std::vector<std::string> found;
    if (sequence.empty()) return {""};
    const auto wanted = dinucleotide_counts(sequence);
    const std::size_t rest = sequence.size() - 1;
    std::string candidate(sequence);
    for (std::uint64_t code = 0; code < (std::uint64_t{1} << (2 * rest)); ++code) {
        for (std::size_t k = 0; k < rest; ++k) candidate[k + 1] = "ACGU"[(code >> (2 * k)) & 3];
        if (dinucleotide_counts(candidate) == wanted) found.push_back(candidate);
    }
    return found;
}

}  // namespace tropic::reference

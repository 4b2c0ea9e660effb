// The Altschul & Erickson (1985) dinucleotide shuffle by an Eulerian walk (Kandel et al. 1996).
//
// A sequence is a walk through the multigraph whose vertices are the four letters and whose
// edges are its dinucleotides, from its first letter to its last. Every sequence with the same
// dinucleotides and first letter is an Eulerian path of that graph, and (BEST theorem) each one
// corresponds to exactly one choice of
//   - a last exit edge for every letter except the last one, these edges forming a tree that
//     leads every letter to the last one, and
//   - an order of each letter's other exit edges.
// Drawing the tree uniformly among such trees (edges counted with multiplicity) and each order
// uniformly makes every Eulerian path of labelled edges equally likely; every sequence is the
// same number of labelled paths (the product of its dinucleotide counts' factorials), so every
// sequence is equally likely.
#include <array>

#include "mirna/hairpin/rna_letters.hpp"
#include "mirna/significance/splitmix64.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/significance.hpp"

namespace tropic::mirna {

namespace {

constexpr std::array<char, 4> kLetters = {'A', 'C', 'G', 'U'};
constexpr unsigned kNoLetter = 4;

using EdgeCounts = std::array<std::array<std::uint32_t, 4>, 4>;  // [from][to]

std::uint32_t out_degree(const std::array<std::uint32_t, 4>& row) {
    return row[0] + row[1] + row[2] + row[3];
}

// The `index`-th edge (0-based) of `row` in letter order: the number of cumulative counts it has
// passed (without branches: the walk's draws are random, so branches would mispredict).
unsigned nth_target(const std::array<std::uint32_t, 4>& row, std::uint64_t index) {
    const std::uint64_t up_to_c = row[0] + std::uint64_t{row[1]};
    const std::uint64_t up_to_g = up_to_c + row[2];
    return static_cast<unsigned>(index >= row[0]) + static_cast<unsigned>(index >= up_to_c) +
           static_cast<unsigned>(index >= up_to_g);
}

// The same, skipping edges to `skipped`.
unsigned nth_target(const std::array<std::uint32_t, 4>& row, std::uint64_t index,
                    unsigned skipped) {
    for (unsigned to = 0; to < 4; ++to) {
        if (to == skipped) continue;
        if (index < row[to]) return to;
        index -= row[to];
    }
    return kNoLetter;  // not reached: index is below the row's (unskipped) total
}

// A last exit edge for every letter that is left at least once but is not the last letter,
// uniform among those choices that lead every such letter to `last` (Kandel et al.: draw each
// letter's edge, start over on a cycle). A self-loop can never be a last exit, so it is not
// drawn; every such letter has another exit (after its final occurrence comes another letter).
std::array<unsigned, 4> draw_last_exits(const EdgeCounts& edges, unsigned last,
                                        detail::SplitMix64& random) {
    std::array<unsigned, 4> exit{kNoLetter, kNoLetter, kNoLetter, kNoLetter};
    for (;;) {
        for (unsigned v = 0; v < 4; ++v) {
            if (v == last || out_degree(edges[v]) == 0) continue;
            const std::uint32_t others = out_degree(edges[v]) - edges[v][v];
            exit[v] = nth_target(edges[v], random.below(others), v);
        }
        bool tree = true;
        for (unsigned v = 0; v < 4 && tree; ++v) {
            unsigned at = v;
            // Four steps reach `last` from every letter unless the exits cycle.
            for (unsigned step = 0; step < 4 && at != last && exit[at] != kNoLetter; ++step)
                at = exit[at];
            tree = exit[v] == kNoLetter || at == last;
        }
        if (tree) return exit;
    }
}

}  // namespace

void dinucleotide_shuffle(std::string_view sequence, std::uint64_t seed, std::string& shuffled) {
    const std::size_t n = sequence.size();
    EdgeCounts edges{};
    unsigned previous = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const unsigned letter = detail::rna_letter_index(sequence[k], k, "shuffle");
        if (k > 0) ++edges[previous][letter];
        previous = letter;
    }
    if (n <= 2) {
        shuffled.assign(sequence);
        return;
    }
    const unsigned first = detail::rna_letter_index(sequence.front(), 0, "shuffle");
    const unsigned last = previous;
    detail::SplitMix64 random(seed);
    std::array<unsigned, 4> exit = draw_last_exits(edges, last, random);

    // The other exits of each letter, taken in a uniformly random order: drawing the next one
    // with probability proportional to what is left of each kind is a uniform shuffle of them.
    EdgeCounts left = edges;
    std::array<std::uint32_t, 4> left_total{};
    for (unsigned v = 0; v < 4; ++v) {
        if (exit[v] != kNoLetter) --left[v][exit[v]];
        left_total[v] = out_degree(left[v]);
    }
    shuffled.resize(n);
    shuffled[0] = kLetters[first];
    unsigned at = first;
    for (std::size_t k = 1; k < n; ++k) {
        unsigned next = exit[at];
        if (left_total[at] == 0) {
            exit[at] = kNoLetter;  // a letter's last exit is its last visit
        } else {
            next = nth_target(left[at], random.below(left_total[at]));
            --left[at][next];
            --left_total[at];
        }
        if (next == kNoLetter) throw InternalError("dinucleotide_shuffle: the walk ended early");
        shuffled[k] = kLetters[next];
        at = next;
    }
}

std::string dinucleotide_shuffle(std::string_view sequence, std::uint64_t seed) {
    std::string shuffled;
    dinucleotide_shuffle(sequence, seed, shuffled);
    return shuffled;
}

}  // namespace tropic::mirna

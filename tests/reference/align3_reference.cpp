#include "reference/align3_reference.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>
#include <string>

namespace tropic::test {

using align::Align3Result;
using align::Align3Sequences;
using align::Scoring;

namespace {

constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min() / 4;

// The pairs (x, y) in the order (A,B), (A,C), (B,C).
constexpr int kPairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};

// The linear model's tie order of the column masks.
constexpr std::uint8_t kMaskOrder[7] = {7, 3, 5, 6, 1, 2, 4};

bool has(std::uint8_t mask, int sequence) {
    return ((mask >> sequence) & 1) != 0;
}

std::int64_t length_of(const Align3Sequences& s, int sequence) {
    return static_cast<std::int64_t>(s[static_cast<std::size_t>(sequence)].size());
}

// A cell (i, j, k): residues of A, B and C used so far.
using Cell = std::array<std::int64_t, 3>;

Cell before(const Cell& cell, std::uint8_t mask) {
    Cell from = cell;
    for (int s = 0; s < 3; ++s)
        if (has(mask, s)) --from[static_cast<std::size_t>(s)];
    return from;
}

bool inside(const Cell& cell) {
    return cell[0] >= 0 && cell[1] >= 0 && cell[2] >= 0;
}

struct Cube {
    Cell size;  // m + 1, n + 1, p + 1
    std::int64_t states;
    std::vector<std::int64_t> values;
    Cube(const Align3Sequences& s, std::int64_t states_per_cell)
        : size{length_of(s, 0) + 1, length_of(s, 1) + 1, length_of(s, 2) + 1},
          states(states_per_cell),
          values(static_cast<std::size_t>(size[0] * size[1] * size[2] * states_per_cell), kNone) {}
    std::int64_t& at(const Cell& c, std::int64_t state = 0) {
        return values[static_cast<std::size_t>(((c[0] * size[1] + c[1]) * size[2] + c[2]) * states +
                                               state)];
    }
};

template <typename Visit>
void for_each_cell(const Cell& size, const Visit& visit) {
    for (std::int64_t i = 0; i < size[0]; ++i)
        for (std::int64_t j = 0; j < size[1]; ++j)
            for (std::int64_t k = 0; k < size[2]; ++k) visit(Cell{i, j, k});
}

// The residue of `sequence` that a column of `mask` ending at `cell` holds.
std::uint8_t residue(const Align3Sequences& s, int sequence, const Cell& cell) {
    return s[static_cast<std::size_t>(sequence)]
            [static_cast<std::size_t>(cell[static_cast<std::size_t>(sequence)] - 1)];
}

// ---- the linear model: one cube, 7 predecessors ----

std::int64_t linear_column_cost(const Align3Sequences& s, const Scoring& scoring, std::uint8_t mask,
                                const Cell& cell) {
    std::int64_t cost = 0;
    for (const auto& pair : kPairs) {
        const bool x = has(mask, pair[0]), y = has(mask, pair[1]);
        if (x && y)
            cost += scoring.matrix.score(residue(s, pair[0], cell), residue(s, pair[1], cell));
        else if (x || y)
            cost -= scoring.gaps.extend;
    }
    return cost;
}

std::vector<std::uint8_t> linear_alignment(const Align3Sequences& s, const Scoring& scoring,
                                           std::int64_t& score) {
    Cube v(s, 1);
    for_each_cell(v.size, [&](const Cell& cell) {
        if (cell == Cell{0, 0, 0}) {
            v.at(cell) = 0;
            return;
        }
        for (std::uint8_t mask = 1; mask <= 7; ++mask) {
            const Cell from = before(cell, mask);
            if (inside(from))
                v.at(cell) =
                    std::max(v.at(cell), v.at(from) + linear_column_cost(s, scoring, mask, cell));
        }
    });
    Cell cell{v.size[0] - 1, v.size[1] - 1, v.size[2] - 1};
    score = v.at(cell);
    std::vector<std::uint8_t> reversed;
    while (cell != Cell{0, 0, 0}) {
        bool found = false;
        for (std::uint8_t mask : kMaskOrder) {
            const Cell from = before(cell, mask);
            if (inside(from) &&
                v.at(from) + linear_column_cost(s, scoring, mask, cell) == v.at(cell)) {
                reversed.push_back(mask);
                cell = from;
                found = true;
                break;
            }
        }
        if (!found) throw std::logic_error("align3_reference: linear traceback found no column");
    }
    return {reversed.rbegin(), reversed.rend()};
}

// ---- the affine model: the three pairs' gap states ----

// A pair's state: M (its projection's last column had both residues, or it has none yet), X (x's
// residue against a gap), Y (y's residue against a gap).
enum PairState : std::uint8_t { M = 0, X = 1, Y = 2 };
using PairStates = std::array<std::uint8_t, 3>;

PairStates after_column(std::uint8_t mask, PairStates states) {
    for (std::size_t q = 0; q < 3; ++q) {
        const bool x = has(mask, kPairs[q][0]), y = has(mask, kPairs[q][1]);
        if (x && y)
            states[q] = M;
        else if (x)
            states[q] = X;
        else if (y)
            states[q] = Y;
    }
    return states;
}

std::int64_t affine_column_cost(const Align3Sequences& s, const Scoring& scoring, std::uint8_t mask,
                                const PairStates& previous, const Cell& cell) {
    const std::int64_t open = scoring.gaps.open, extend = scoring.gaps.extend;
    std::int64_t cost = 0;
    for (std::size_t q = 0; q < 3; ++q) {
        const bool x = has(mask, kPairs[q][0]), y = has(mask, kPairs[q][1]);
        if (x && y)
            cost += scoring.matrix.score(residue(s, kPairs[q][0], cell),
                                         residue(s, kPairs[q][1], cell));
        else if (x)
            cost -= extend + (previous[q] == X ? 0 : open);
        else if (y)
            cost -= extend + (previous[q] == Y ? 0 : open);
    }
    return cost;
}

// The 13 states in their documented index order: masks 7, 3, 5, 6, then masks 1, 2 and 4 with
// their carried pair ((B,C), (A,C), (A,B)) in M, X, Y.
struct StateTable {
    std::array<std::uint8_t, 13> mask{};
    std::array<PairStates, 13> states{};
    StateTable() {
        const std::uint8_t multi[4] = {7, 3, 5, 6};
        for (int s = 0; s < 4; ++s) {
            mask[static_cast<std::size_t>(s)] = multi[s];
            states[static_cast<std::size_t>(s)] = after_column(multi[s], {M, M, M});
        }
        const std::uint8_t single[3] = {1, 2, 4};
        for (int g = 0; g < 3; ++g)
            for (std::uint8_t carried : {M, X, Y}) {
                const auto s = static_cast<std::size_t>(4 + 3 * g + carried);
                mask[s] = single[g];
                states[s] = after_column(single[g], {carried, carried, carried});
            }
        for (std::uint8_t m = 1; m <= 7; ++m)
            for (std::size_t s = 0; s < 13; ++s) next[m][s] = index_of(after_column(m, states[s]));
    }
    // The index of the state whose pair states are `ps` (every reachable triple has one).
    int index_of(const PairStates& ps) const {
        for (int s = 0; s < 13; ++s)
            if (states[static_cast<std::size_t>(s)] == ps) return s;
        throw std::logic_error("align3_reference: pair states of no documented state");
    }
    // next[mask][s]: the state a column of `mask` leads to from state s.
    std::array<std::array<int, 13>, 8> next{};
};

const StateTable& state_table() {
    static const StateTable table;
    return table;
}

std::vector<std::uint8_t> affine_alignment(const Align3Sequences& s, const Scoring& scoring,
                                           std::int64_t& score) {
    const StateTable& table = state_table();
    Cube f(s, 13);
    f.at({0, 0, 0}, 0) = 0;
    for_each_cell(f.size, [&](const Cell& cell) {
        for (std::uint8_t mask = 1; mask <= 7; ++mask) {
            const Cell from = before(cell, mask);
            if (!inside(from)) continue;
            for (std::size_t p = 0; p < 13; ++p) {
                const std::int64_t value = f.at(from, static_cast<std::int64_t>(p));
                if (value == kNone) continue;
                const PairStates& previous = table.states[p];
                std::int64_t& target = f.at(cell, table.next[mask][p]);
                target =
                    std::max(target, value + affine_column_cost(s, scoring, mask, previous, cell));
            }
        }
    });
    Cell cell{f.size[0] - 1, f.size[1] - 1, f.size[2] - 1};
    int state = 0;
    for (int t = 1; t < 13; ++t)
        if (f.at(cell, t) > f.at(cell, state)) state = t;
    score = f.at(cell, state);
    std::vector<std::uint8_t> reversed;
    while (cell != Cell{0, 0, 0}) {
        const std::uint8_t mask = table.mask[static_cast<std::size_t>(state)];
        const Cell from = before(cell, mask);
        int chosen = -1;
        for (int p = 0; p < 13 && chosen < 0; ++p) {
            const PairStates& previous = table.states[static_cast<std::size_t>(p)];
            if (f.at(from, p) != kNone && table.next[mask][static_cast<std::size_t>(p)] == state &&
                f.at(from, p) + affine_column_cost(s, scoring, mask, previous, cell) ==
                    f.at(cell, state))
                chosen = p;
        }
        if (chosen < 0) throw std::logic_error("align3_reference: affine traceback is stuck");
        reversed.push_back(mask);
        cell = from;
        state = chosen;
    }
    return {reversed.rbegin(), reversed.rend()};
}

void check_columns(const Align3Sequences& s, std::span<const std::uint8_t> columns) {
    Cell used{0, 0, 0};
    for (std::uint8_t mask : columns) {
        if (mask < 1 || mask > 7)
            throw std::invalid_argument("column mask " + std::to_string(mask) + " is not 1..7");
        for (int q = 0; q < 3; ++q)
            if (has(mask, q)) ++used[static_cast<std::size_t>(q)];
    }
    for (int q = 0; q < 3; ++q)
        if (used[static_cast<std::size_t>(q)] != length_of(s, q))
            throw std::invalid_argument("columns use " +
                                        std::to_string(used[static_cast<std::size_t>(q)]) +
                                        " residues of sequence " + std::to_string(q) + " of " +
                                        std::to_string(length_of(s, q)));
}

}  // namespace

Align3Result align3_reference(const Align3Sequences& sequences, const Scoring& scoring) {
    Align3Result result;
    result.columns = scoring.gaps.open == 0 ? linear_alignment(sequences, scoring, result.score)
                                            : affine_alignment(sequences, scoring, result.score);
    result.identities = align3_identities(sequences, result.columns, scoring.matrix);
    return result;
}

std::int64_t align3_plain_score(const Align3Sequences& sequences,
                                std::span<const std::uint8_t> columns, const Scoring& scoring) {
    check_columns(sequences, columns);
    std::int64_t score = 0;
    for (const auto& pair : kPairs) {
        // The projection: one entry per column where x or y has a residue, 'M' both, 'X' x only,
        // 'Y' y only, with the residues it holds.
        std::string kinds;
        std::vector<std::pair<std::uint8_t, std::uint8_t>> residues;
        std::size_t x = 0, y = 0;
        const auto& xs = sequences[static_cast<std::size_t>(pair[0])];
        const auto& ys = sequences[static_cast<std::size_t>(pair[1])];
        for (std::uint8_t mask : columns) {
            const bool hx = has(mask, pair[0]), hy = has(mask, pair[1]);
            if (!hx && !hy) continue;
            kinds += hx && hy ? 'M' : hx ? 'X' : 'Y';
            residues.emplace_back(hx ? xs[x++] : 0, hy ? ys[y++] : 0);
        }
        for (std::size_t c = 0; c < kinds.size();) {
            if (kinds[c] == 'M') {
                score += scoring.matrix.score(residues[c].first, residues[c].second);
                ++c;
                continue;
            }
            std::size_t run = c;
            while (run < kinds.size() && kinds[run] == kinds[c]) ++run;
            score -= scoring.gaps.open +
                     static_cast<std::int64_t>(run - c) * std::int64_t{scoring.gaps.extend};
            c = run;
        }
    }
    return score;
}

std::int64_t align3_identities(const Align3Sequences& sequences,
                               std::span<const std::uint8_t> columns,
                               const align::SubstitutionMatrix& matrix) {
    const std::uint8_t unknown = matrix.alphabet == Alphabet::Dna ? 4 : 22;
    std::array<std::size_t, 3> at{0, 0, 0};
    std::int64_t identities = 0;
    for (std::uint8_t mask : columns) {
        if (mask == 7) {
            const std::uint8_t a = sequences[0][at[0]], b = sequences[1][at[1]],
                               c = sequences[2][at[2]];
            if (a == b && b == c && a != unknown) ++identities;
        }
        for (int q = 0; q < 3; ++q)
            if (has(mask, q)) ++at[static_cast<std::size_t>(q)];
    }
    return identities;
}

namespace {

// Depth-first over every alignment, scoring each column from the projections' last kinds as it
// goes (the side of each pair's last gap, which decides whether a gap residue opens a gap).
class Enumerator {
  public:
    Enumerator(const Align3Sequences& s, const Scoring& scoring) : s_(s), scoring_(scoring) {}

    Align3BruteForce run() {
        visit({0, 0, 0}, {M, M, M}, 0);
        return std::move(best_);
    }

  private:
    // The tie key of a column of `mask` after pair kinds `last`: its rank in the linear tie
    // order, or the index of its affine state (the mask's first index plus the carried pair's
    // kind).
    std::uint8_t key(std::uint8_t mask, const PairStates& last) const {
        // Written out again rather than read from the dynamic program's tables, so that the
        // two cannot share a mistake.
        if (scoring_.gaps.open == 0) {
            constexpr std::uint8_t kRank[8] = {0, 4, 5, 1, 6, 2, 3, 0};
            return kRank[mask];
        }
        switch (mask) {
            case 7:
                return 0;
            case 3:
                return 1;
            case 5:
                return 2;
            case 6:
                return 3;
            case 1:
                return static_cast<std::uint8_t>(4 + last[2]);
            case 2:
                return static_cast<std::uint8_t>(7 + last[1]);
            default:
                return static_cast<std::uint8_t>(10 + last[0]);
        }
    }

    void visit(const Cell& cell, const PairStates& last, std::int64_t score) {
        if (cell == Cell{length_of(s_, 0), length_of(s_, 1), length_of(s_, 2)}) {
            finish(score);
            return;
        }
        for (std::uint8_t mask = 1; mask <= 7; ++mask) {
            Cell next = cell;
            for (int q = 0; q < 3; ++q)
                if (has(mask, q)) ++next[static_cast<std::size_t>(q)];
            if (next[0] > length_of(s_, 0) || next[1] > length_of(s_, 1) ||
                next[2] > length_of(s_, 2))
                continue;
            PairStates kinds = last;
            std::int64_t gain = 0;
            for (std::size_t q = 0; q < 3; ++q) {
                const bool x = has(mask, kPairs[q][0]), y = has(mask, kPairs[q][1]);
                if (x && y) {
                    gain += scoring_.matrix.score(residue(s_, kPairs[q][0], next),
                                                  residue(s_, kPairs[q][1], next));
                    kinds[q] = M;
                } else if (x || y) {
                    const std::uint8_t side = x ? X : Y;
                    gain -= scoring_.gaps.extend + (last[q] == side ? 0 : scoring_.gaps.open);
                    kinds[q] = side;
                }
            }
            columns_.push_back(mask);
            keys_.push_back(key(mask, last));
            visit(next, kinds, score + gain);
            columns_.pop_back();
            keys_.pop_back();
        }
    }

    void finish(std::int64_t score) {
        ++best_.alignments;
        const bool better = best_.alignments == 1 || score > best_.score ||
                            (score == best_.score &&
                             std::lexicographical_compare(keys_.rbegin(), keys_.rend(),
                                                          best_keys_.rbegin(), best_keys_.rend()));
        if (!better) return;
        best_.score = score;
        best_.columns = columns_;
        best_keys_ = keys_;
    }

    const Align3Sequences& s_;
    const Scoring& scoring_;
    std::vector<std::uint8_t> columns_, keys_, best_keys_;
    Align3BruteForce best_;
};

}  // namespace

Align3BruteForce align3_brute_force(const Align3Sequences& sequences, const Scoring& scoring) {
    return Enumerator(sequences, scoring).run();
}

}  // namespace tropic::test

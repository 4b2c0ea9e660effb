#include "reference/align_reference.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <stdexcept>
#include <vector>

namespace tropic::test {

using align::AlignMode;
using align::PairAlignment;
using align::Scoring;

namespace {

constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min() / 4;

struct Matrix {
    std::int64_t rows, cols;
    std::vector<std::int64_t> v;
    Matrix(std::int64_t r, std::int64_t c)
        : rows(r), cols(c), v(static_cast<std::size_t>(r * c), kNone) {}
    std::int64_t& operator()(std::int64_t i, std::int64_t j) {
        return v[static_cast<std::size_t>(i * cols + j)];
    }
};

bool free_row0(AlignMode mode) {
    return mode != AlignMode::Global;
}
bool free_col0(AlignMode mode) {
    return mode == AlignMode::Local || mode == AlignMode::Overlap;
}

void push(std::vector<CigarElement>& reversed, CigarOp op) {
    if (!reversed.empty() && reversed.back().op == op)
        ++reversed.back().length;
    else
        reversed.push_back({op, 1});
}

}  // namespace

PairAlignment align_reference(std::span<const std::uint8_t> q, std::span<const std::uint8_t> t,
                              AlignMode mode, const Scoring& scoring) {
    const auto m = static_cast<std::int64_t>(q.size()), n = static_cast<std::int64_t>(t.size());
    const std::int64_t open = scoring.gaps.open, extend = scoring.gaps.extend;
    Matrix H(m + 1, n + 1), I(m + 1, n + 1), D(m + 1, n + 1);
    H(0, 0) = 0;
    for (std::int64_t j = 1; j <= n; ++j) H(0, j) = free_row0(mode) ? 0 : -(open + j * extend);
    for (std::int64_t i = 1; i <= m; ++i) H(i, 0) = free_col0(mode) ? 0 : -(open + i * extend);
    const auto s = [&](std::int64_t i, std::int64_t j) {
        return static_cast<std::int64_t>(scoring.matrix.score(q[i - 1], t[j - 1]));
    };
    for (std::int64_t i = 1; i <= m; ++i)
        for (std::int64_t j = 1; j <= n; ++j) {
            I(i, j) = std::max(H(i - 1, j) - open - extend, I(i - 1, j) - extend);
            D(i, j) = std::max(H(i, j - 1) - open - extend, D(i, j - 1) - extend);
            std::int64_t h = std::max({H(i - 1, j - 1) + s(i, j), I(i, j), D(i, j)});
            if (mode == AlignMode::Local) h = std::max<std::int64_t>(h, 0);
            H(i, j) = h;
        }
    // The end cell: the best score, then the smallest j, then the smallest i.
    std::int64_t ei = -1, ej = -1, best = kNone;
    const auto consider = [&](std::int64_t i, std::int64_t j) {
        const std::int64_t h = H(i, j);
        if (h > best || (h == best && (j < ej || (j == ej && i < ei)))) {
            best = h;
            ei = i;
            ej = j;
        }
    };
    switch (mode) {
        case AlignMode::Global:
            consider(m, n);
            break;
        case AlignMode::Local:
            consider(0, 0);
            for (std::int64_t i = 1; i <= m; ++i)
                for (std::int64_t j = 1; j <= n; ++j) consider(i, j);
            break;
        case AlignMode::Glocal:
            for (std::int64_t j = 0; j <= n; ++j) consider(m, j);
            break;
        case AlignMode::Overlap:
            for (std::int64_t j = 0; j <= n; ++j) consider(m, j);
            for (std::int64_t i = 0; i <= m; ++i) consider(i, n);
            break;
    }
    PairAlignment out;
    out.score = best;
    out.query_end = ei;
    out.target_end = ej;
    std::vector<CigarElement> rev;
    std::int64_t i = ei, j = ej;
    enum { kH, kI, kD } state = kH;
    while (true) {
        if (state == kH) {
            if (i == 0 || j == 0) {
                if (j == 0 && i > 0 && (mode == AlignMode::Global || mode == AlignMode::Glocal)) {
                    for (; i > 0; --i) push(rev, CigarOp::Insertion);
                } else if (i == 0 && j > 0 && mode == AlignMode::Global) {
                    for (; j > 0; --j) push(rev, CigarOp::Deletion);
                }
                break;
            }
            if (mode == AlignMode::Local && H(i, j) == 0) break;
            if (H(i, j) == H(i - 1, j - 1) + s(i, j)) {
                const bool unknown =
                    q[i - 1] == (scoring.matrix.alphabet == Alphabet::Dna ? 4 : 22);
                push(rev, q[i - 1] == t[j - 1] && !unknown ? CigarOp::SequenceMatch
                                                           : CigarOp::SequenceMismatch);
                --i;
                --j;
            } else if (H(i, j) == D(i, j)) {
                state = kD;
            } else if (H(i, j) == I(i, j)) {
                state = kI;
            } else {
                throw std::logic_error("align_reference: H matches no source");
            }
        } else if (state == kD) {
            push(rev, CigarOp::Deletion);
            state = D(i, j) == D(i, j - 1) - extend ? kD : kH;
            --j;
        } else {
            push(rev, CigarOp::Insertion);
            state = I(i, j) == I(i - 1, j) - extend ? kI : kH;
            --i;
        }
    }
    out.query_begin = i;
    out.target_begin = j;
    out.cigar.assign(rev.rbegin(), rev.rend());
    align::summarize_cigar(out);
    return out;
}

std::int64_t align_brute_force_score(std::span<const std::uint8_t> q,
                                     std::span<const std::uint8_t> t, AlignMode mode,
                                     const Scoring& scoring) {
    const auto m = static_cast<std::int64_t>(q.size()), n = static_cast<std::int64_t>(t.size());
    const std::int64_t open = scoring.gaps.open, extend = scoring.gaps.extend;
    // Every alignment of q[a..b) with t[c..d): a path of moves; the score of a whole alignment adds
    // the free end gaps of the mode. Enumerated recursively: (i, j, last move, score so far).
    std::int64_t best = kNone;
    const auto run = [&](std::int64_t a, std::int64_t b, std::int64_t c, std::int64_t d) {
        std::function<void(std::int64_t, std::int64_t, int, std::int64_t)> walk =
            [&](std::int64_t i, std::int64_t j, int last, std::int64_t score) {
                if (i == b && j == d) {
                    best = std::max(best, score);
                    return;
                }
                if (i < b && j < d) walk(i + 1, j + 1, 0, score + scoring.matrix.score(q[i], t[j]));
                if (i < b) walk(i + 1, j, 1, score - (last == 1 ? extend : open + extend));
                if (j < d) walk(i, j + 1, 2, score - (last == 2 ? extend : open + extend));
            };
        walk(a, c, 0, 0);
    };
    for (std::int64_t a = 0; a <= m; ++a)
        for (std::int64_t b = a; b <= m; ++b)
            for (std::int64_t c = 0; c <= n; ++c)
                for (std::int64_t d = c; d <= n; ++d) {
                    bool allowed = false;
                    switch (mode) {
                        case AlignMode::Global:
                            allowed = a == 0 && b == m && c == 0 && d == n;
                            break;
                        case AlignMode::Glocal:
                            allowed = a == 0 && b == m;
                            break;
                        case AlignMode::Local:
                            allowed = true;
                            break;
                        case AlignMode::Overlap:
                            // Free ends: the alignment starts on row 0 or column 0 and ends on
                            // row m or column n.
                            allowed = (a == 0 || c == 0) && (b == m || d == n);
                            break;
                    }
                    if (allowed) run(a, b, c, d);
                }
    if (mode == AlignMode::Local) best = std::max<std::int64_t>(best, 0);
    return best;
}

}  // namespace tropic::test

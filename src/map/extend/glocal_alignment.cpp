#include "map/extend/glocal_alignment.hpp"

#include <algorithm>

#include "tropic/align/pairwise.hpp"

namespace tropic::map::detail {

namespace {

// align's "minus infinity": far below every reachable score, and still representable after a
// gap cost is subtracted from it.
constexpr std::int32_t kMinusInfinity = -(1 << 30);
constexpr std::uint8_t kN = 4;

// A direction byte, as align's traceback keeps them: where H came from (bits 0-1) and whether D
// and I extended (bits 2 and 3).
enum : std::uint8_t { kFromDiagonal = 0, kFromD = 1, kFromI = 2 };
constexpr std::uint8_t kSourceMask = 3, kDExtends = 4, kIExtends = 8;

std::int32_t pair_score(std::uint8_t a, std::uint8_t b, const MapScoring& scoring) {
    if (a >= kN || b >= kN) return -1;
    return a == b ? scoring.match : -scoring.mismatch;
}

// The buffers of one thread's alignments, grown as needed and reused.
struct Scratch {
    std::vector<std::int32_t> h, e_up, profile;  // e_up: I of the row above
    std::vector<std::uint8_t> directions;
};

Scratch& thread_scratch() {
    thread_local Scratch scratch;
    return scratch;
}

// Fills the matrix row by row into scratch.directions; returns the last row's best (score, j).
std::pair<std::int32_t, std::size_t> fill(std::span<const std::uint8_t> read,
                                          std::span<const std::uint8_t> window,
                                          const MapScoring& scoring, Scratch& s) {
    const std::size_t m = read.size(), n = window.size();
    const std::int32_t open_extend = scoring.gap_open + scoring.gap_extend;
    const std::int32_t extend = scoring.gap_extend;
    // The substitution score of each read code against each window position.
    s.profile.resize((kN + 1) * n);
    for (std::uint8_t code = 0; code <= kN; ++code)
        for (std::size_t j = 0; j < n; ++j)
            s.profile[code * n + j] = pair_score(code, window[j], scoring);
    s.h.assign(n + 1, 0);
    s.e_up.assign(n + 1, kMinusInfinity);
    s.directions.resize(m * n);
    // Raw pointers held in locals: the direction bytes may alias anything, and the compiler
    // would otherwise reload every vector's data pointer after each byte stored.
    std::int32_t* const h_row = s.h.data();
    std::int32_t* const i_row = s.e_up.data();
    const std::int32_t* const profile = s.profile.data();
    std::uint8_t* const directions = s.directions.data();
    for (std::size_t i = 1; i <= m; ++i) {
        const std::int32_t* substitution = profile + std::min<std::size_t>(read[i - 1], kN) * n;
        std::uint8_t* dir = directions + (i - 1) * n;
        std::int32_t diag = h_row[0];
        std::int32_t h_left = -(scoring.gap_open + static_cast<std::int32_t>(i) * extend);
        h_row[0] = h_left;
        std::int32_t d_left = kMinusInfinity;
        for (std::size_t j = 1; j <= n; ++j) {
            const std::int32_t h_up = h_row[j], i_up = i_row[j];
            const std::int32_t i_extended = i_up - extend, d_extended = d_left - extend;
            const std::int32_t gap_i = std::max(h_up - open_extend, i_extended);
            const std::int32_t gap_d = std::max(h_left - open_extend, d_extended);
            const std::int32_t diag_sum = diag + substitution[j - 1];
            const std::int32_t h = std::max(diag_sum, std::max(gap_i, gap_d));
            // kFromDiagonal (0) when the diagonal gives H, else kFromD (1) when D does, else
            // kFromI (2): computed without branches, which the ties would mispredict.
            const int not_diagonal = h != diag_sum, not_d = h != gap_d;
            const int source = not_diagonal * (1 + not_d);
            dir[j - 1] = static_cast<std::uint8_t>(source | (gap_d == d_extended ? kDExtends : 0) |
                                                   (gap_i == i_extended ? kIExtends : 0));
            diag = h_up;
            h_row[j] = h;
            i_row[j] = gap_i;
            h_left = h;
            d_left = gap_d;
        }
    }
    std::size_t end = 0;
    for (std::size_t j = 1; j <= n; ++j)
        if (h_row[j] > h_row[end]) end = j;
    return {h_row[end], end};
}

// The last row's best score at least kShiftedEndDistance + `gaps` (the path's gap columns, which
// let a path end further off at little cost) from `end`, when it is within one match of the
// best.
std::optional<std::int32_t> shifted_score(const Scratch& s, std::size_t end, std::size_t gaps,
                                          const MapScoring& scoring) {
    const std::int32_t best = s.h[end];
    std::optional<std::int32_t> found;
    for (std::size_t j = 0; j < s.h.size(); ++j) {
        const std::size_t distance = j > end ? j - end : end - j;
        if (distance < kShiftedEndDistance + gaps) continue;
        if (s.h[j] >= best - scoring.match && (!found || s.h[j] > *found)) found = s.h[j];
    }
    return found;
}

// The same alignment through align_pair, its CIGAR turned into columns.
void align_glocal_by_align_pair(std::span<const std::uint8_t> read,
                                std::span<const std::uint8_t> window, const MapScoring& scoring,
                                GlocalPath& path) {
    align::AlignParams params;
    params.mode = align::AlignMode::Glocal;
    params.scoring.matrix = align::dna_matrix(scoring.match, -scoring.mismatch, -1);
    params.scoring.gaps = {scoring.gap_open, scoring.gap_extend};
    const align::PairAlignment alignment = align::align_pair(read, window, params);
    path.score = static_cast<std::int32_t>(alignment.score);
    path.target_begin = alignment.target_begin;
    path.shifted_score.reset();
    path.target_end = alignment.target_end;
    path.columns.clear();
    std::size_t q = 0, t = static_cast<std::size_t>(alignment.target_begin);
    for (const CigarElement& element : alignment.cigar)
        for (std::uint32_t k = 0; k < element.length; ++k) {
            if (element.op == CigarOp::Insertion || element.op == CigarOp::Deletion) {
                path.columns.push_back(
                    {element.op, -(scoring.gap_extend + (k == 0 ? scoring.gap_open : 0))});
                (element.op == CigarOp::Insertion ? q : t) += 1;
            } else {
                path.columns.push_back(
                    {CigarOp::Match, pair_score(read[q++], window[t++], scoring)});
            }
        }
}

}  // namespace

void align_glocal(std::span<const std::uint8_t> read, std::span<const std::uint8_t> window,
                  const MapScoring& scoring, GlocalPath& path, std::uint64_t max_direct_cells) {
    if (static_cast<std::uint64_t>(read.size()) * window.size() > max_direct_cells) {
        align_glocal_by_align_pair(read, window, scoring, path);
        return;
    }
    Scratch& s = thread_scratch();
    const auto [score, end] = fill(read, window, scoring, s);
    const std::size_t n = window.size();
    path.score = score;
    path.target_end = static_cast<std::int64_t>(end);
    path.columns.clear();
    const auto gap_column = [&](CigarOp op, bool opens) {
        path.columns.push_back({op, -(scoring.gap_extend + (opens ? scoring.gap_open : 0))});
    };
    // The walk goes backwards: a gap's first column (which pays the opening) is the one where
    // the walk leaves the gap.
    std::size_t i = read.size(), j = end;
    enum class State { H, I, D } state = State::H;
    while (i > 0) {
        if (state == State::H && j == 0) {
            for (std::size_t k = i; k > 0; --k) gap_column(CigarOp::Insertion, k == 1);
            break;
        }
        const std::uint8_t dir = s.directions[(i - 1) * n + (j - 1)];
        if (state == State::H) {
            const std::uint8_t source = dir & kSourceMask;
            if (source == kFromDiagonal) {
                path.columns.push_back(
                    {CigarOp::Match, pair_score(read[i - 1], window[j - 1], scoring)});
                --i;
                --j;
            } else {
                state = source == kFromD ? State::D : State::I;
            }
        } else if (state == State::D) {
            const bool opens = !(dir & kDExtends);
            gap_column(CigarOp::Deletion, opens);
            if (opens) state = State::H;
            --j;
        } else {
            const bool opens = !(dir & kIExtends);
            gap_column(CigarOp::Insertion, opens);
            if (opens) state = State::H;
            --i;
        }
    }
    path.target_begin = static_cast<std::int64_t>(j);
    std::reverse(path.columns.begin(), path.columns.end());
    const auto gaps = static_cast<std::size_t>(
        std::count_if(path.columns.begin(), path.columns.end(),
                      [](const AlignedColumn& column) { return column.op != CigarOp::Match; }));
    path.shifted_score = shifted_score(s, end, gaps, scoring);
}

}  // namespace tropic::map::detail

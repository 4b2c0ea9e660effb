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

// The columns of read row i (1-based) inside the band, clamped to the window: [first, last].
struct RowSpan {
    std::size_t first = 0, last = 0;
};

class BandRows {
  public:
    BandRows(std::size_t read_length, std::size_t window_length, DiagonalBand band)
        : low_(std::max<std::int64_t>(band.low, 1 - static_cast<std::int64_t>(read_length))),
          high_(std::min<std::int64_t>(band.high, static_cast<std::int64_t>(window_length) - 1)),
          window_length_(static_cast<std::int64_t>(window_length)) {}
    [[nodiscard]] RowSpan row(std::size_t i) const {
        const auto at = static_cast<std::int64_t>(i);
        // last < first (last may be 0) for a row without a cell.
        return {static_cast<std::size_t>(std::max<std::int64_t>(1, at + low_)),
                static_cast<std::size_t>(
                    std::max<std::int64_t>(0, std::min(window_length_, at + high_)))};
    }
    // Direction bytes kept per row: the widest row.
    [[nodiscard]] std::size_t width() const {
        return static_cast<std::size_t>(
            std::max<std::int64_t>(0, std::min(window_length_, high_ - low_ + 1)));
    }
    // Whether every row holds a cell (else no path stays inside the band).
    [[nodiscard]] bool holds_a_path(std::size_t read_length) const {
        return row(1).first <= row(1).last && row(read_length).first <= row(read_length).last;
    }

  private:
    std::int64_t low_, high_, window_length_;
};

// H in column 0: the read's first i bases inserted before the window.
std::int32_t column_zero(std::size_t i, const MapScoring& scoring) {
    return i == 0 ? 0 : -(scoring.gap_open + static_cast<std::int32_t>(i) * scoring.gap_extend);
}

// Fills the band row by row into scratch.directions (row i - 1 at (i - 1) * width, column j at
// j - row(i).first); returns the last row's best (score, j). Cells outside the band count as
// minus infinity: where a row's band reaches past the previous row's, the cell above is reset.
std::pair<std::int32_t, std::size_t> fill(std::span<const std::uint8_t> read,
                                          std::span<const std::uint8_t> window,
                                          const MapScoring& scoring, const BandRows& band,
                                          Scratch& s) {
    const std::size_t m = read.size(), n = window.size(), width = band.width();
    const std::int32_t open_extend = scoring.gap_open + scoring.gap_extend;
    const std::int32_t extend = scoring.gap_extend;
    // The substitution score of each read code against each window position.
    s.profile.resize((kN + 1) * n);
    for (std::uint8_t code = 0; code <= kN; ++code)
        for (std::size_t j = 0; j < n; ++j)
            s.profile[code * n + j] = pair_score(code, window[j], scoring);
    s.h.assign(n + 1, 0);
    s.e_up.assign(n + 1, kMinusInfinity);
    s.directions.resize(m * width);
    // Raw pointers held in locals: the direction bytes may alias anything, and the compiler
    // would otherwise reload every vector's data pointer after each byte stored.
    std::int32_t* const h_row = s.h.data();
    std::int32_t* const i_row = s.e_up.data();
    const std::int32_t* const profile = s.profile.data();
    std::uint8_t* const directions = s.directions.data();
    for (std::size_t i = 1; i <= m; ++i) {
        const RowSpan row = band.row(i);
        if (i > 1 && row.last > band.row(i - 1).last) {
            h_row[row.last] = kMinusInfinity;
            i_row[row.last] = kMinusInfinity;
        }
        const std::int32_t* substitution = profile + std::min<std::size_t>(read[i - 1], kN) * n;
        std::uint8_t* dir = directions + (i - 1) * width - row.first;
        std::int32_t diag = row.first == 1 ? column_zero(i - 1, scoring) : h_row[row.first - 1];
        std::int32_t h_left = row.first == 1 ? column_zero(i, scoring) : kMinusInfinity;
        std::int32_t d_left = kMinusInfinity;
        for (std::size_t j = row.first; j <= row.last; ++j) {
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
            dir[j] = static_cast<std::uint8_t>(source | (gap_d == d_extended ? kDExtends : 0) |
                                               (gap_i == i_extended ? kIExtends : 0));
            diag = h_up;
            h_row[j] = h;
            i_row[j] = gap_i;
            h_left = h;
            d_left = gap_d;
        }
    }
    const RowSpan last = band.row(m);
    std::size_t end = 0;
    std::int32_t best = column_zero(m, scoring);
    if (last.first > 1) {  // column 0 lies outside the band
        end = last.first;
        best = h_row[end];
    }
    for (std::size_t j = last.first; j <= last.last; ++j)
        if (h_row[j] > best) {
            best = h_row[j];
            end = j;
        }
    return {best, end};
}

// The last row's best score at least kShiftedEndDistance + `gaps` (the path's gap columns, which
// let a path end further off at little cost) from `end`, when it is within one match of the
// best; the last row's cells inside the band only.
std::optional<std::int32_t> shifted_score(const Scratch& s, std::int32_t best, std::size_t end,
                                          RowSpan last, std::size_t gaps,
                                          const MapScoring& scoring) {
    std::optional<std::int32_t> found;
    for (std::size_t j = last.first; j <= last.last; ++j) {
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
                  const MapScoring& scoring, GlocalPath& path, std::uint64_t max_direct_cells,
                  DiagonalBand band) {
    BandRows rows(read.size(), window.size(), band);
    if (!rows.holds_a_path(read.size())) rows = BandRows(read.size(), window.size(), kAllDiagonals);
    if (static_cast<std::uint64_t>(read.size()) * rows.width() > max_direct_cells) {
        align_glocal_by_align_pair(read, window, scoring, path);
        return;
    }
    Scratch& s = thread_scratch();
    const auto [score, end] = fill(read, window, scoring, rows, s);
    const std::size_t width = rows.width();
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
        const std::uint8_t dir = s.directions[(i - 1) * width + (j - rows.row(i).first)];
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
    path.shifted_score = shifted_score(s, score, end, rows.row(read.size()), gaps, scoring);
}

}  // namespace tropic::map::detail

#include "reference/map_extend_reference.hpp"

#include <algorithm>
#include <limits>

namespace tropic::test {

namespace {

constexpr std::int64_t kNegative = std::numeric_limits<std::int64_t>::min() / 4;
constexpr char kLetters[] = "ACGTN";

std::int64_t pair_score(std::uint8_t a, std::uint8_t b, const map::MapScoring& scoring) {
    if (a == 4 || b == 4) return -1;
    return a == b ? scoring.match : -scoring.mismatch;
}

// The score of a run of columns, every gap run scored from scratch.
std::int64_t score_columns(const std::string& ops, std::size_t begin, std::size_t end,
                           std::span<const std::uint8_t> read, std::span<const std::uint8_t> window,
                           std::size_t q, std::size_t t, const map::MapScoring& scoring) {
    std::int64_t score = 0;
    for (std::size_t k = begin; k < end; ++k) {
        const char op = ops[k];
        if (op == 'M') {
            score += pair_score(read[q++], window[t++], scoring);
            continue;
        }
        const bool opens = k == begin || ops[k - 1] != op;
        score -= scoring.gap_extend + (opens ? scoring.gap_open : 0);
        if (op == 'I')
            ++q;
        else
            ++t;
    }
    return score;
}

void add_op(std::vector<CigarElement>& cigar, CigarOp op) {
    if (!cigar.empty() && cigar.back().op == op)
        ++cigar.back().length;
    else
        cigar.push_back({op, 1});
}

struct Rows {
    std::string read, reference;  // '-' for a gap; the reference's letters, the read's as codes
};

Rows aligned_rows(std::span<const std::uint8_t> read, std::span<const std::uint8_t> reference,
                  std::span<const CigarElement> cigar) {
    Rows rows;
    std::size_t q = 0, t = 0;
    for (const CigarElement& e : cigar)
        for (std::uint32_t k = 0; k < e.length; ++k) switch (e.op) {
                case CigarOp::SoftClip:
                    ++q;
                    break;
                case CigarOp::Insertion:
                    rows.read += kLetters[read[q++]];
                    rows.reference += '-';
                    break;
                case CigarOp::Deletion:
                    rows.read += '-';
                    rows.reference += kLetters[reference[t++]];
                    break;
                default:
                    rows.read += kLetters[read[q++]];
                    rows.reference += kLetters[reference[t++]];
            }
    return rows;
}

}  // namespace

GlocalReference glocal_reference(std::span<const std::uint8_t> read,
                                 std::span<const std::uint8_t> window,
                                 const map::MapScoring& scoring) {
    const std::size_t m = read.size(), n = window.size();
    const std::int64_t open = scoring.gap_open, extend = scoring.gap_extend;
    using Table = std::vector<std::vector<std::int64_t>>;
    Table H(m + 1, std::vector<std::int64_t>(n + 1, 0));
    Table I(m + 1, std::vector<std::int64_t>(n + 1, kNegative));
    Table D(m + 1, std::vector<std::int64_t>(n + 1, kNegative));
    for (std::size_t i = 1; i <= m; ++i) H[i][0] = -(open + static_cast<std::int64_t>(i) * extend);
    for (std::size_t i = 1; i <= m; ++i)
        for (std::size_t j = 1; j <= n; ++j) {
            I[i][j] = std::max(H[i - 1][j] - open - extend, I[i - 1][j] - extend);
            D[i][j] = std::max(H[i][j - 1] - open - extend, D[i][j - 1] - extend);
            H[i][j] = std::max({H[i - 1][j - 1] + pair_score(read[i - 1], window[j - 1], scoring),
                                I[i][j], D[i][j]});
        }
    std::size_t end = 0;
    for (std::size_t j = 1; j <= n; ++j)
        if (H[m][j] > H[m][end]) end = j;  // strictly: the smallest j on ties
    GlocalReference out;
    out.score = H[m][end];
    out.target_end = static_cast<std::int64_t>(end);
    std::string reversed;
    std::size_t i = m, j = end;
    char state = 'H';
    while (i > 0) {
        if (state == 'H' && j == 0) {
            reversed.append(i, 'I');
            break;
        }
        if (state == 'H') {
            if (H[i][j] == H[i - 1][j - 1] + pair_score(read[i - 1], window[j - 1], scoring)) {
                reversed += 'M';
                --i;
                --j;
            } else {
                state = H[i][j] == D[i][j] ? 'D' : 'I';
            }
        } else if (state == 'D') {
            reversed += 'D';
            if (D[i][j] != D[i][j - 1] - extend) state = 'H';
            --j;
        } else {
            reversed += 'I';
            if (I[i][j] != I[i - 1][j] - extend) state = 'H';
            --i;
        }
    }
    out.target_begin = static_cast<std::int64_t>(j);
    out.ops.assign(reversed.rbegin(), reversed.rend());
    const auto gaps = static_cast<std::size_t>(
        std::count_if(out.ops.begin(), out.ops.end(), [](char op) { return op != 'M'; }));
    for (std::size_t j = 0; j <= n; ++j) {
        const std::size_t distance = j > end ? j - end : end - j;
        if (distance >= 3 + gaps && H[m][j] >= out.score - scoring.match &&
            (!out.shifted_score || H[m][j] > *out.shifted_score))
            out.shifted_score = H[m][j];
    }
    return out;
}

std::optional<map::detail::ReadHit> extend_reference(std::span<const std::uint8_t> read,
                                                     std::span<const std::uint8_t> window,
                                                     std::int64_t window_start,
                                                     const map::MapScoring& scoring) {
    if (read.empty() || window.empty()) return std::nullopt;
    const GlocalReference glocal = glocal_reference(read, window, scoring);
    const std::string& ops = glocal.ops;
    const std::size_t n = ops.size();
    if (ops.find('M') == std::string::npos) return std::nullopt;
    // Every kept part [b, e): starting at column 0 or an M column, ending at the last column or
    // after an M column; value = score - penalty per clipped end; ties to the smallest b, then the
    // largest e.
    std::int64_t best_value = 0, best_score = 0;
    std::size_t best_b = 0, best_e = 0;
    bool found = false;
    for (std::size_t b = 0; b < n; ++b) {
        if (b > 0 && ops[b] != 'M') continue;
        const auto before = [&](char op) {
            return static_cast<std::size_t>(std::count(ops.begin(), ops.begin() + b, op));
        };
        const std::size_t q0 = before('M') + before('I');
        const std::size_t t0 =
            static_cast<std::size_t>(glocal.target_begin) + before('M') + before('D');
        for (std::size_t e = n; e > b; --e) {
            if (e < n && ops[e - 1] != 'M') continue;
            const std::int64_t score = score_columns(ops, b, e, read, window, q0, t0, scoring);
            const std::int64_t value =
                score - (b > 0 ? scoring.clip_penalty : 0) - (e < n ? scoring.clip_penalty : 0);
            if (!found || value > best_value) {
                found = true;
                best_value = value;
                best_score = score;
                best_b = b;
                best_e = e;
            }
        }
    }
    if (best_score <= 0) return std::nullopt;

    map::detail::ReadHit hit;
    hit.score = static_cast<std::int32_t>(best_score);
    if (glocal.shifted_score)
        hit.shifted_score =
            static_cast<std::int32_t>(best_score - (glocal.score - *glocal.shifted_score));
    std::int64_t t = glocal.target_begin;
    std::uint32_t front = 0, back = 0;
    for (std::size_t k = 0; k < n; ++k) {
        if (k == best_b) hit.reference_begin = window_start + t;
        if (k < best_b && ops[k] != 'D') ++front;
        if (k >= best_e && ops[k] != 'D') ++back;
        if (k >= best_b && k < best_e)
            add_op(hit.cigar, ops[k] == 'M'   ? CigarOp::Match
                              : ops[k] == 'I' ? CigarOp::Insertion
                                              : CigarOp::Deletion);
        if (ops[k] != 'I') ++t;
        if (k + 1 == best_e) hit.reference_end = window_start + t;
    }
    if (front > 0) hit.cigar.insert(hit.cigar.begin(), {CigarOp::SoftClip, front});
    if (back > 0) hit.cigar.push_back({CigarOp::SoftClip, back});
    const auto reference =
        window.subspan(static_cast<std::size_t>(hit.reference_begin - window_start),
                       static_cast<std::size_t>(hit.reference_end - hit.reference_begin));
    hit.edit_distance = nm_reference(read, reference, hit.cigar);
    hit.md = md_reference(read, reference, hit.cigar);
    return hit;
}

std::string md_reference(std::span<const std::uint8_t> read,
                         std::span<const std::uint8_t> reference,
                         std::span<const CigarElement> cigar) {
    const Rows rows = aligned_rows(read, reference, cigar);
    std::string md;
    int run = 0;
    for (std::size_t k = 0; k < rows.read.size(); ++k) {
        const char r = rows.read[k], g = rows.reference[k];
        if (g == '-') continue;  // an insertion: not in MD
        if (r == g && r != 'N') {
            ++run;
            continue;
        }
        // A deletion continues the previous one only when the previous column was deleted too.
        const bool continues_deletion = r == '-' && k > 0 && rows.read[k - 1] == '-';
        if (!continues_deletion) {
            md += std::to_string(run);
            run = 0;
            if (r == '-') md += '^';
        }
        md += g;
    }
    return md + std::to_string(run);
}

std::int32_t nm_reference(std::span<const std::uint8_t> read,
                          std::span<const std::uint8_t> reference,
                          std::span<const CigarElement> cigar) {
    const Rows rows = aligned_rows(read, reference, cigar);
    std::int32_t nm = 0;
    for (std::size_t k = 0; k < rows.read.size(); ++k)
        nm += rows.read[k] != rows.reference[k] || rows.read[k] == 'N' ? 1 : 0;
    return nm;
}

}  // namespace tropic::test

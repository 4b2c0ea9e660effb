// The inter-sequence scan kernel (lane_scan.hpp), in AVX2 alone (its target attribute), so that
// the rest of the library keeps the baseline instruction set.
#include "align/search/lane_scan.hpp"

#include <algorithm>
#include <array>
#include <vector>

#include "align/pairwise/tile_striped.hpp"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define TROPIC_LANE_SCAN 1
#endif

namespace tropic::align::detail {

namespace {

constexpr std::int32_t kMaxLaneScore = 100;
constexpr std::int32_t kMaxLaneGap = 255;

}  // namespace

bool lane_scan_available(const Scoring& scoring) noexcept {
#ifdef TROPIC_LANE_SCAN
    const SubstitutionMatrix& matrix = scoring.matrix;
    return cpu_supports(SimdIsa::Avx2) && matrix.size <= 31 &&
           matrix.max_score() <= kMaxLaneScore && matrix.min_score() >= -kMaxLaneScore &&
           scoring.gaps.open + scoring.gaps.extend <= kMaxLaneGap;
#else
    (void)scoring;
    return false;
#endif
}

#ifdef TROPIC_LANE_SCAN

namespace {

#define TROPIC_LANE_TARGET __attribute__((target("avx2")))

constexpr int kLanes = 32;
// The code of a lane without a sequence (or past its end): its biased score is 0, the lowest, so
// such a column only ever lowers a lane's values.
constexpr std::uint8_t kIdleCode = 31;

// 32 lanes of 8 bits in memory (a std::vector of __m256i would drop the type's alignment).
struct alignas(32) LaneBytes {
    std::array<std::uint8_t, 32> byte{};
};

TROPIC_LANE_TARGET inline __m256i load(const LaneBytes& v) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(v.byte.data()));
}
TROPIC_LANE_TARGET inline void store(LaneBytes& v, __m256i x) {
    _mm256_store_si256(reinterpret_cast<__m256i*>(v.byte.data()), x);
}

// Per query row, the biased scores s(q_i, c) + bias of the codes 0..15 (lo) and 16..31 (hi), each
// repeated in both 128-bit halves: one byte shuffle looks up 32 lanes' scores at once.
struct RowProfile {
    std::vector<LaneBytes> lo, hi;
};

TROPIC_LANE_TARGET RowProfile row_profile(std::span<const std::uint8_t> query,
                                          const SubstitutionMatrix& matrix, std::int32_t bias) {
    RowProfile profile;
    profile.lo.resize(query.size());
    profile.hi.resize(query.size());
    for (std::size_t i = 0; i < query.size(); ++i) {
        std::array<std::uint8_t, 32>& lo = profile.lo[i].byte;
        std::array<std::uint8_t, 32>& hi = profile.hi[i].byte;
        for (int c = 0; c < 32; ++c) {
            const std::uint8_t value =
                c < matrix.size ? static_cast<std::uint8_t>(
                                      matrix.score(query[i], static_cast<std::uint8_t>(c)) + bias)
                                : 0;
            (c < 16 ? lo : hi)[static_cast<std::size_t>(c % 16)] = value;
            (c < 16 ? lo : hi)[static_cast<std::size_t>(c % 16 + 16)] = value;
        }
    }
    return profile;
}

}  // namespace

TROPIC_LANE_TARGET void lane_scan(std::span<const std::uint8_t> query, const TargetView& targets,
                                  std::size_t first, std::size_t last, const Scoring& scoring,
                                  std::span<std::int32_t> scores) {
    const SubstitutionMatrix& matrix = scoring.matrix;
    const std::int32_t bias = std::max(0, -matrix.min_score());
    // A lane whose best stays at or below this never saturated (an add saturates only from an H
    // above it, and the best then reaches 255 - bias).
    const std::int32_t exact_up_to = 255 - bias - std::max(0, matrix.max_score());
    const std::size_t m = query.size();
    if (m == 0) {
        std::fill(scores.begin(), scores.begin() + static_cast<std::ptrdiff_t>(last - first), 0);
        return;
    }
    const RowProfile profile = row_profile(query, matrix, bias);
    std::vector<LaneBytes> h_column(m), d_column(m);
    const __m256i gap_oe =
        _mm256_set1_epi8(static_cast<char>(scoring.gaps.open + scoring.gaps.extend));
    const __m256i gap_e = _mm256_set1_epi8(static_cast<char>(scoring.gaps.extend));
    const __m256i bias_v = _mm256_set1_epi8(static_cast<char>(bias));
    const __m256i fifteen = _mm256_set1_epi8(15);
    __m256i best = _mm256_setzero_si256();

    // Each lane's sequence (SIZE_MAX: none), the next residue's offset and the end.
    std::array<std::size_t, kLanes> lane_target;
    std::array<std::uint64_t, kLanes> lane_at{}, lane_end{};
    lane_target.fill(SIZE_MAX);
    alignas(32) std::array<std::uint8_t, kLanes> codes{}, reset{}, best_bytes{};
    std::size_t next = first;
    const auto finish = [&](int k) {
        const std::int32_t value = best_bytes[static_cast<std::size_t>(k)];
        scores[lane_target[static_cast<std::size_t>(k)] - first] =
            value > exact_up_to ? kLaneSaturated : value;
    };
    for (;;) {
        // Lanes whose sequence is done hand in their best and take the next sequence.
        bool any_reset = false, any_active = false;
        _mm256_store_si256(reinterpret_cast<__m256i*>(best_bytes.data()), best);
        for (int k = 0; k < kLanes; ++k) {
            const auto lane = static_cast<std::size_t>(k);
            reset[lane] = 0;
            if (lane_target[lane] != SIZE_MAX && lane_at[lane] < lane_end[lane]) {
                any_active = true;
                continue;
            }
            if (lane_target[lane] != SIZE_MAX) finish(k);
            lane_target[lane] = SIZE_MAX;
            while (next < last && targets.offsets[next + 1] == targets.offsets[next])
                scores[next++ - first] = 0;  // an empty sequence scores 0
            if (next < last) {
                lane_target[lane] = next;
                lane_at[lane] = targets.offsets[next];
                lane_end[lane] = targets.offsets[next + 1];
                ++next;
                reset[lane] = 0xff;
                any_reset = any_active = true;
            }
        }
        if (!any_active) break;
        if (any_reset) {
            // A lane's new sequence starts from the boundary: H = 0 and no gap open.
            const __m256i mask = _mm256_load_si256(reinterpret_cast<const __m256i*>(reset.data()));
            for (std::size_t i = 0; i < m; ++i) {
                store(h_column[i], _mm256_andnot_si256(mask, load(h_column[i])));
                store(d_column[i], _mm256_andnot_si256(mask, load(d_column[i])));
            }
            best = _mm256_andnot_si256(mask, best);
        }
        for (int k = 0; k < kLanes; ++k) {
            const auto lane = static_cast<std::size_t>(k);
            codes[lane] = lane_target[lane] != SIZE_MAX && lane_at[lane] < lane_end[lane]
                              ? targets.residues[lane_at[lane]++]
                              : kIdleCode;
        }
        const __m256i column = _mm256_load_si256(reinterpret_cast<const __m256i*>(codes.data()));
        const __m256i high_codes = _mm256_cmpgt_epi8(column, fifteen);
        // One column of every lane's pair, rows top to bottom: H, D (the gap along the database
        // sequence, kept per row) and I (the gap along the query, carried down the rows).
        __m256i h_diag = _mm256_setzero_si256(), gap_i = _mm256_setzero_si256();
        for (std::size_t i = 0; i < m; ++i) {
            const __m256i score =
                _mm256_blendv_epi8(_mm256_shuffle_epi8(load(profile.lo[i]), column),
                                   _mm256_shuffle_epi8(load(profile.hi[i]), column), high_codes);
            const __m256i h_left = load(h_column[i]);
            const __m256i gap_d = _mm256_max_epu8(_mm256_subs_epu8(load(d_column[i]), gap_e),
                                                  _mm256_subs_epu8(h_left, gap_oe));
            store(d_column[i], gap_d);
            __m256i h = _mm256_subs_epu8(_mm256_adds_epu8(h_diag, score), bias_v);
            h = _mm256_max_epu8(h, _mm256_max_epu8(gap_d, gap_i));
            store(h_column[i], h);
            best = _mm256_max_epu8(best, h);
            gap_i = _mm256_max_epu8(_mm256_subs_epu8(gap_i, gap_e), _mm256_subs_epu8(h, gap_oe));
            h_diag = h_left;
        }
    }
}

#else

void lane_scan(std::span<const std::uint8_t>, const TargetView&, std::size_t, std::size_t,
               const Scoring&, std::span<std::int32_t>) {}

#endif

}  // namespace tropic::align::detail

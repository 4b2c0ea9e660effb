// The striped tile kernel (Farrar's striped Smith-Waterman, generalised to the four modes and to
// tiles): one template over the vector policies of striped_ops.hpp. Included only by
// tile_striped_isa.hpp, once per instruction set, with TROPIC_STRIPED_TARGET (the target
// attribute) defined first; everything here has internal linkage, so the instruction sets' copies
// never meet at link time.
//
// Layout: the tile's R rows are cut into S = ceil(R / lanes) segments; row k (0-based in the
// tile) lives in lane k / S of segment k % S, so the rows a vector holds are S apart and the
// cells of one segment depend on the segment before, not on each other. Columns are the outer
// loop. I (the vertical gap) runs down each lane in the main pass; the "lazy F" pass then carries
// it across lanes (from the last segment of lane l to the first of lane l + 1) for as long as it
// can still raise something. D (the horizontal gap) is kept per segment and computed from the
// previous column's H, so the lazy pass never has to touch it.
//
// Exactness: with 32-bit lanes the arithmetic is the scalar kernel's own, so every output is bit
// for bit the same. With narrow lanes, saturating arithmetic makes every I and D equal to
// max(exact value, lane minimum) and every H exact as long as all H of the tile lie strictly
// inside the lane's range; the kernel checks that (a largest and a smallest H per vector) and
// returns false otherwise. I and D at the lane minimum are reported as kMinusInfinity: only
// values that low differ from the scalar kernel, and they cannot decide any H in range.
// Local alignment's bottom I is exact where it is above 0 and otherwise at most 0 and at most
// the exact value (the lazy pass stops carrying such an I: it can never lift an H above the floor
// 0, nor can anything computed from it).
//
// Rows beyond R that fill the last vector ("padding") come after every real row in this order,
// so they never reach a real cell. Their substitution scores keep them from tripping the checks:
// 0 (non-local: a padding H never leaves the range of the real H and edges above it) or minus
// infinity (local: they stay below the best H seen so far).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

#include "align/pairwise/striped_ops.hpp"
#include "align/pairwise/tile.hpp"

#ifndef TROPIC_STRIPED_TARGET
#error "define TROPIC_STRIPED_TARGET (the instruction set's target attribute) first"
#endif

#ifdef TROPIC_STRIPED_X86

namespace tropic::align::detail {
namespace {

#define TROPIC_STRIPED_INLINE TROPIC_STRIPED_TARGET __attribute__((always_inline)) inline

template <typename T>
struct LaneValues {
    static constexpr bool kNarrow = sizeof(T) < 4;
    static constexpr T kMin = std::numeric_limits<T>::min();
    static constexpr T kMax = std::numeric_limits<T>::max();
    // Minus infinity in a lane: the saturation floor for narrow lanes, the scalar kernel's
    // kMinusInfinity for 32-bit ones.
    static constexpr T kNegInf = kNarrow ? kMin : static_cast<T>(kMinusInfinity);

    // An H of an edge: false when it does not lie strictly inside the lane's range.
    static bool h_fits(std::int32_t v) { return !kNarrow || (v > kMin && v < kMax); }
    // An I or D of an edge: false above the range (below it is clamped: there it only ever loses
    // a max()).
    static bool gap_fits(std::int32_t v) { return !kNarrow || v < kMax; }
    static T gap_in(std::int32_t v) {
        if constexpr (kNarrow) return static_cast<T>(std::clamp<std::int32_t>(v, kMin, kMax));
        return static_cast<T>(v);
    }
    static std::int32_t gap_out(T v) {
        if constexpr (kNarrow)
            if (v == kMin) return kMinusInfinity;
        return v;
    }
    // a - b as the lanes compute it.
    static T sub(T a, std::int32_t b) {
        if constexpr (kNarrow) return static_cast<T>(std::clamp<std::int32_t>(a - b, kMin, kMax));
        return static_cast<T>(a - b);
    }
};

// Thread-local memory of one kernel instantiation: the query profile (kept while the next tile
// has the same query rows, matrix and padding, as a pair's repeated tiles of one row block or one
// query against many targets have) and the column buffers.
template <typename T>
struct Scratch {
    static constexpr std::size_t kAlign = 64;
    std::vector<std::uint8_t> profile_query;
    std::vector<std::int32_t> profile_scores;
    T profile_padding = 0;
    std::int64_t profile_segments = -1;
    std::vector<T> profile_storage;
    std::vector<T> column_storage;

    static T* aligned(std::vector<T>& storage, std::size_t count) {
        storage.resize(count + kAlign / sizeof(T));
        auto address = reinterpret_cast<std::uintptr_t>(storage.data());
        address = (address + kAlign - 1) & ~static_cast<std::uintptr_t>(kAlign - 1);
        return reinterpret_cast<T*>(address);
    }

    // The profile: for each residue code c, S vectors of the scores of the tile's rows against c
    // in striped order. nullptr when a score does not fit a lane.
    T* profile(const TileProblem& problem, const TileBounds& tile, std::int64_t segments, int lanes,
               T padding) {
        const std::uint8_t* query = problem.query + (tile.r0 - 1);
        const auto rows = static_cast<std::size_t>(tile.r1 - tile.r0);
        const SubstitutionMatrix& matrix = *problem.matrix;
        const std::size_t per_code = static_cast<std::size_t>(segments) * lanes;
        T* data = aligned(profile_storage, per_code * matrix.size);
        if (segments == profile_segments && padding == profile_padding &&
            profile_scores == matrix.scores && profile_query.size() == rows &&
            std::equal(query, query + rows, profile_query.begin()))
            return data;
        profile_segments = -1;
        for (std::int32_t score : matrix.scores)
            if (score < LaneValues<T>::kMin || score > LaneValues<T>::kMax) return nullptr;
        for (int c = 0; c < matrix.size; ++c) {
            T* out = data + per_code * c;
            for (std::int64_t s = 0; s < segments; ++s)
                for (int l = 0; l < lanes; ++l) {
                    const std::size_t k = static_cast<std::size_t>(l * segments + s);
                    *out++ = k < rows ? static_cast<T>(matrix.score(query[k], c)) : padding;
                }
        }
        profile_query.assign(query, query + rows);
        profile_scores = matrix.scores;
        profile_padding = padding;
        profile_segments = segments;
        return data;
    }
};

template <typename T>
Scratch<T>& scratch() {
    static thread_local Scratch<T> memory;
    return memory;
}

// What the kernel watches per H vector: the column's largest H (local: the end cell), the
// tile's largest and smallest H (narrow non-local lanes: saturation), or nothing (32-bit lanes,
// non-local).
enum class Watch { ColumnMax, Bounds, Nothing };

template <class Ops, Watch W>
TROPIC_STRIPED_INLINE void watch(typename Ops::V h, typename Ops::V& high, typename Ops::V& low) {
    if constexpr (W == Watch::ColumnMax || W == Watch::Bounds) high = Ops::max(high, h);
    if constexpr (W == Watch::Bounds) low = Ops::min(low, h);
}

template <class Ops, AlignMode Mode>
class StripedTile {
    using T = typename Ops::Lane;
    using V = typename Ops::V;
    using Lane = LaneValues<T>;
    static constexpr int kLanes = Ops::kLanes;
    static constexpr bool kLocal = Mode == AlignMode::Local;
    static constexpr Watch kWatch =
        kLocal ? Watch::ColumnMax : (Lane::kNarrow ? Watch::Bounds : Watch::Nothing);

  public:
    StripedTile(const TileProblem& problem, const TileBounds& tile, const TileEdges& edges,
                EndCell& best)
        : p_(problem), tile_(tile), edges_(edges), best_(best) {}

    TROPIC_STRIPED_TARGET bool run() {
        const std::int64_t rows = tile_.r1 - tile_.r0, columns = tile_.c1 - tile_.c0;
        segments_ = (rows + kLanes - 1) / kLanes;
        if constexpr (Lane::kNarrow)
            if (p_.gaps.open_extend >= Lane::kMax || p_.gaps.extend >= Lane::kMax) return false;

        Scratch<T>& memory = scratch<T>();
        profile_ = memory.profile(p_, tile_, segments_, kLanes, kLocal ? Lane::kNegInf : T{0});
        if (profile_ == nullptr) return false;
        const auto stride = static_cast<std::size_t>(segments_) * kLanes;
        T* column = Scratch<T>::aligned(memory.column_storage,
                                        4 * stride + 4 * static_cast<std::size_t>(columns));
        h_load_ = column;
        h_store_ = column + stride;
        h_third_ = column + 2 * stride;
        d_ = column + 3 * stride;
        top_h_ = column + 4 * stride;
        top_i_ = top_h_ + columns;
        bottom_h_ = top_i_ + columns;
        bottom_i_ = bottom_h_ + columns;
        if (!load_edges(rows, columns)) return false;
        if (!fill_columns(rows, columns)) return false;
        store_edges(rows, columns);
        return true;
    }

  private:
    // Striped left edge (H and D of column c0 - 1) and the top edge per column, checked against
    // the lane range. Branch-free loops over plain arrays (the compiler vectorises them): at
    // 300 x 300 the edges cost as much as a third of the cells' own work when they were checked
    // and converted one value at a time.
    TROPIC_STRIPED_TARGET bool load_edges(std::int64_t rows, std::int64_t columns) {
        // Restricted locals: the narrow lanes' stores are character stores, which may alias
        // anything, and would otherwise reload every pointer and keep the loops scalar.
        const std::int32_t* __restrict left_h = edges_.left_h + tile_.r0;
        const std::int32_t* __restrict left_d = edges_.left_d + tile_.r0;
        const std::int32_t* __restrict top_h = edges_.top_h + tile_.c0;  // top_h[-1]: the corner
        const std::int32_t* __restrict top_i = edges_.top_i + tile_.c0;
        T* __restrict striped_h = h_load_;
        T* __restrict striped_d = d_;
        T* __restrict first_h = top_h_;
        T* __restrict first_i = top_i_;
        if constexpr (Lane::kNarrow) {
            std::int32_t h_high = top_h[-1], h_low = top_h[-1], gap_high = INT32_MIN;
            for (std::int64_t k = 0; k < rows; ++k) {
                h_high = std::max(h_high, left_h[k]);
                h_low = std::min(h_low, left_h[k]);
                gap_high = std::max(gap_high, left_d[k]);
            }
            for (std::int64_t jj = 0; jj < columns; ++jj) {
                h_high = std::max(h_high, top_h[jj]);
                h_low = std::min(h_low, top_h[jj]);
                gap_high = std::max(gap_high, top_i[jj]);
            }
            if (!Lane::h_fits(h_high) || !Lane::h_fits(h_low) || !Lane::gap_fits(gap_high))
                return false;
        }
        // Padding rows first, then the real rows over them.
        const T padding_h = kLocal ? T{0} : static_cast<T>(left_h[rows - 1]);
        const auto stride = static_cast<std::size_t>(segments_) * kLanes;
        std::fill(striped_h, striped_h + stride, padding_h);
        std::fill(striped_d, striped_d + stride, Lane::kNegInf);
        for (std::int64_t l = 0, k0 = 0; k0 < rows; ++l, k0 += segments_) {
            const std::int64_t end = std::min(segments_, rows - k0);
            for (std::int64_t s = 0; s < end; ++s) {
                striped_h[s * kLanes + l] = static_cast<T>(left_h[k0 + s]);
                striped_d[s * kLanes + l] = Lane::gap_in(left_d[k0 + s]);
            }
        }
        // I of the tile's first row from the row above: max(H - (O + E), I - E), which the
        // saturating lanes give as the same maximum clamped to their range (clamping is monotonic
        // and no value here lies above it).
        const std::int32_t open_extend = p_.gaps.open_extend, extend = p_.gaps.extend;
        for (std::int64_t jj = 0; jj < columns; ++jj) {
            first_h[jj] = static_cast<T>(top_h[jj - 1]);
            // Narrow lanes clamp I before subtracting, as the lanes themselves would (and so no
            // edge value can wrap); 32-bit lanes compute what the scalar kernel does.
            const std::int32_t i_up =
                Lane::kNarrow ? std::max<std::int32_t>(top_i[jj], Lane::kMin) : top_i[jj];
            first_i[jj] = Lane::gap_in(std::max(top_h[jj] - open_extend, i_up - extend));
        }
        return true;
    }

    TROPIC_STRIPED_TARGET void store_edges(std::int64_t rows, std::int64_t columns) {
        // After the last column's rotation h_load_ holds that column. Lane-major order visits the
        // rows in order (k = l * S + s) without dividing.
        std::int32_t* __restrict left_h = edges_.left_h + tile_.r0;
        std::int32_t* __restrict left_d = edges_.left_d + tile_.r0;
        const T* __restrict striped_h = h_load_;
        const T* __restrict striped_d = d_;
        for (std::int64_t l = 0, k0 = 0; k0 < rows; ++l, k0 += segments_) {
            const std::int64_t end = std::min(segments_, rows - k0);
            for (std::int64_t s = 0; s < end; ++s) {
                left_h[k0 + s] = striped_h[s * kLanes + l];
                left_d[k0 + s] = Lane::gap_out(striped_d[s * kLanes + l]);
            }
        }
        std::int32_t* __restrict bottom_h = edges_.bottom_h + tile_.c0;
        std::int32_t* __restrict bottom_i = edges_.bottom_i + tile_.c0;
        const T* __restrict last_h = bottom_h_;
        const T* __restrict last_i = bottom_i_;
        for (std::int64_t jj = 0; jj < columns; ++jj) {
            bottom_h[jj] = last_h[jj];
            bottom_i[jj] = Lane::gap_out(last_i[jj]);
        }
        if constexpr (kLocal) {
            if (best_column_h_ == nullptr) return;
            const T score = best_score_;
            for (std::int64_t l = 0, k0 = 0; k0 < rows; ++l, k0 += segments_)
                for (std::int64_t s = 0, end = std::min(segments_, rows - k0); s < end; ++s)
                    if (best_column_h_[s * kLanes + l] == score) {
                        offer_end(best_, score, tile_.r0 + k0 + s, best_column_);
                        return;
                    }
        } else if constexpr (Mode == AlignMode::Glocal || Mode == AlignMode::Overlap) {
            if (tile_.r1 == p_.m + 1)
                for (std::int64_t jj = 0; jj < columns; ++jj)
                    offer_end(best_, bottom_h[jj], p_.m, tile_.c0 + jj);
            if constexpr (Mode == AlignMode::Overlap)
                if (tile_.c1 == p_.n + 1)
                    for (std::int64_t k = 0; k < rows; ++k)
                        offer_end(best_, left_h[k], tile_.r0 + k, p_.n);
        }
    }

    // One segment of the main pass: D from the previous column's H (so that the lazy pass, which
    // raises H, never has to touch D), H from the diagonal, D and the I carried down the lane,
    // then the I of the next segment.
    TROPIC_STRIPED_INLINE static void segment(std::int64_t s, const T* profile, T* d_column,
                                              T* h_store, const T* h_load, V& diag, V& vertical,
                                              V& high, V& low, V gap_oe, V gap_e) {
        const V h_left = Ops::load(h_load + s * kLanes);
        const V d =
            Ops::max(Ops::sub(h_left, gap_oe), Ops::sub(Ops::load(d_column + s * kLanes), gap_e));
        Ops::store(d_column + s * kLanes, d);
        // I last: it is the only term that depends on the segment before (through `vertical`), so
        // the chain from one segment to the next is three operations (max, sub, max), not four.
        V h = Ops::add(diag, Ops::load(profile + s * kLanes));
        h = Ops::max(h, d);
        if constexpr (kLocal) h = Ops::max(h, Ops::set1(T{0}));
        h = Ops::max(h, vertical);
        Ops::store(h_store + s * kLanes, h);
        watch<Ops, kWatch>(h, high, low);
        vertical = Ops::max(Ops::sub(vertical, gap_e), Ops::sub(h, gap_oe));
        diag = h_left;
    }

    // Every column of the tile. Its state lives in locals, not members: the narrow lanes' stores
    // are character stores that may alias anything, so members would be reloaded after each.
    TROPIC_STRIPED_TARGET bool fill_columns(std::int64_t rows, std::int64_t columns) {
        const std::int64_t segments = segments_;
        const auto stride = static_cast<std::size_t>(segments) * kLanes;
        // The last row's place: its H and I are the tile's bottom edge.
        const std::int64_t last_segment = (rows - 1) % segments;
        const std::int64_t last_lane = (rows - 1) / segments;
        const std::size_t last_at = static_cast<std::size_t>(last_segment) * kLanes + last_lane;
        const std::uint8_t* const target = p_.target + (tile_.c0 - 1);
        const T* const profile_base = profile_;
        const T* const top_h = top_h_;
        const T* const top_i = top_i_;
        T* const bottom_h = bottom_h_;
        T* const bottom_i = bottom_i_;
        T* h_load = h_load_;
        T* h_store = h_store_;
        T* h_third = h_third_;
        T* const d_column = d_;
        const V gap_oe = Ops::set1(static_cast<T>(p_.gaps.open_extend));
        const V gap_e = Ops::set1(static_cast<T>(p_.gaps.extend));
        const V neg_inf = Ops::set1(Lane::kNegInf);
        const V zero = Ops::set1(T{0});
        [[maybe_unused]] const V bound_high = Ops::set1(static_cast<T>(Lane::kMax - 1));
        [[maybe_unused]] const V bound_low = Ops::set1(static_cast<T>(Lane::kMin + 1));
        V high = Ops::set1(Lane::kMin), low = Ops::set1(Lane::kMax);
        V best_vector = Ops::set1(T{-1});
        T best_score = -1;
        std::int64_t best_column = 0;
        const T* best_column_h = nullptr;

        for (std::int64_t jj = 0; jj < columns; ++jj) {
            const T* profile = profile_base + static_cast<std::size_t>(target[jj]) * stride;
            V diag = Ops::shift_in(Ops::load(h_load + (segments - 1) * kLanes), top_h[jj]);
            V vertical = Ops::shift_in(neg_inf, top_i[jj]);
            if constexpr (kWatch == Watch::ColumnMax) high = zero;
            // The I of the bottom row: every candidate that reaches its segment, main pass and
            // lazy.
            std::int64_t s = 0;
            // Four segments an iteration: the diagonal and the left H then trade registers instead
            // of being copied, and the loop's own count falls (callgrind, 300 aa: 2 -> 4 saves
            // 0.5-3% of the instructions at every width; without unrolling int8 needs 3% more).
#pragma GCC unroll 4
            for (; s < last_segment; ++s)
                segment(s, profile, d_column, h_store, h_load, diag, vertical, high, low, gap_oe,
                        gap_e);
            V last_vertical = vertical;
#pragma GCC unroll 4
            for (; s < segments; ++s)
                segment(s, profile, d_column, h_store, h_load, diag, vertical, high, low, gap_oe,
                        gap_e);

            // Lazy F: carry I from lane l's last segment into lane l + 1 while some lane's
            // candidate beats the gap that the segment's H (as the main pass saw it) opens; below
            // that, the main pass already gave the next row at least as much. Local alignment also
            // stops once every candidate is at most 0: such an I never lifts an H above the floor
            // 0, and it only falls.
            vertical = Ops::shift_in(vertical, Lane::kNegInf);
            V h_open;
            const auto raise = [&](std::int64_t at_segment) TROPIC_STRIPED_TARGET
                __attribute__((always_inline)) {
                T* at = h_store + at_segment * kLanes;
                const V h = Ops::load(at);
                h_open = Ops::sub(h, gap_oe);
                if constexpr (kLocal) h_open = Ops::max(h_open, zero);
                const V raised = Ops::max(h, vertical);
                Ops::store(at, raised);
                watch<Ops, kWatch>(raised, high, low);
            };
            // Each pass in three pieces, the last row's segment on its own, so that no segment
            // asks whether it is that one.
            for (int pass = 0; pass < kLanes; ++pass) {
                for (s = 0; s < last_segment; ++s) {
                    raise(s);
                    vertical = Ops::sub(vertical, gap_e);
                    if (!Ops::any_gt(vertical, h_open)) goto carried;
                }
                raise(last_segment);
                last_vertical = Ops::max(last_vertical, vertical);
                vertical = Ops::sub(vertical, gap_e);
                if (!Ops::any_gt(vertical, h_open)) goto carried;
                for (s = last_segment + 1; s < segments; ++s) {
                    raise(s);
                    vertical = Ops::sub(vertical, gap_e);
                    if (!Ops::any_gt(vertical, h_open)) goto carried;
                }
                vertical = Ops::shift_in(vertical, Lane::kNegInf);
            }
        carried:

            // The bottom edge, in lanes until store_edges widens it.
            alignas(64) T lanes[kLanes];
            Ops::store(lanes, last_vertical);
            bottom_h[jj] = h_store[last_at];
            bottom_i[jj] = lanes[last_lane];

            if constexpr (kWatch == Watch::ColumnMax) {
                // Only a column that beats the best so far can hold the end (ties go to the
                // smaller j); its H stays in its buffer until a later column beats it.
                if (Ops::any_gt(high, best_vector)) [[unlikely]] {
                    best_score = Ops::hmax(high);
                    if (Lane::kNarrow && best_score == Lane::kMax) return false;
                    best_vector = Ops::set1(best_score);
                    best_column = tile_.c0 + jj;
                    best_column_h = h_store;
                }
            } else if constexpr (kWatch == Watch::Bounds) {
                if (Ops::any_gt(high, bound_high) || Ops::any_gt(bound_low, low)) return false;
            }

            // Rotate: this column's H is the next one's diagonal; the next column writes into a
            // buffer that holds neither it nor the best column.
            T* const previous = h_load;
            h_load = h_store;
            if (previous == best_column_h) {
                h_store = h_third;
                h_third = previous;
            } else {
                h_store = previous;
            }
        }
        h_load_ = h_load;
        best_score_ = best_score;
        best_column_ = best_column;
        best_column_h_ = best_column_h;
        return true;
    }

    const TileProblem& p_;
    const TileBounds& tile_;
    const TileEdges& edges_;
    EndCell& best_;
    std::int64_t segments_ = 1;
    const T* profile_ = nullptr;
    T *h_load_ = nullptr, *h_store_ = nullptr, *h_third_ = nullptr, *d_ = nullptr;
    T *top_h_ = nullptr, *top_i_ = nullptr, *bottom_h_ = nullptr, *bottom_i_ = nullptr;
    T best_score_ = -1;
    std::int64_t best_column_ = 0;
    const T* best_column_h_ = nullptr;
};

template <class Ops>
TROPIC_STRIPED_TARGET bool fill_tile_striped(const TileProblem& problem, const TileBounds& tile,
                                             const TileEdges& edges, EndCell& best) {
    switch (problem.mode) {
        case AlignMode::Local:
            return StripedTile<Ops, AlignMode::Local>(problem, tile, edges, best).run();
        case AlignMode::Global:
            return StripedTile<Ops, AlignMode::Global>(problem, tile, edges, best).run();
        case AlignMode::Glocal:
            return StripedTile<Ops, AlignMode::Glocal>(problem, tile, edges, best).run();
        case AlignMode::Overlap:
            return StripedTile<Ops, AlignMode::Overlap>(problem, tile, edges, best).run();
    }
    return false;
}

#undef TROPIC_STRIPED_INLINE

}  // namespace
}  // namespace tropic::align::detail

#endif  // TROPIC_STRIPED_X86

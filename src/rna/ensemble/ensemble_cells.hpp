#pragma once
// One cell of the inside and of the outside tables of the partition function (ensemble.hpp),
// on the host and in CUDA kernels alike: whatever order a backend fills cells in, a cell reads
// only cells that order has finished (inside: (p,q) with i <= p <= q <= j; outside: (p,q) with
// p <= i <= j <= q, the cell's own inside values and its own Qm^ before its Qm1^ before its Qb^).
//
// Tables are n x n squares of doubles, row i column j for i <= j; the tables read both ways keep
// a copy at row j column i (the lower triangle), so that every sum below runs over two
// contiguous vectors. The tables read by rows only lend their lower triangles to sums that make
// the interior loops and the multiloops' unpaired runs cheap (at row j, column i for cell (i,j)):
//   Qb:   Qb(i,j) inner_mismatch(i,j), the pair weighted as the inner pair of a generic loop;
//   Qm1^: during the inside pass S(i,j) = sum_{u >= i} (b/s)^(u-i) Qm1(u,j) = Qm1(i,j) +
//         (b/s) S(i+1,j); during the outside pass R(i,j) = sum_{k <= i} Qm^(k,j) (b/s)^(i-k) =
//         Qm^(i,j) + (b/s) R(i-1,j);
//   Qb^:  during the outside pass Qb^(i,j) outer_mismatch(i,j), the pair weighted as the closing
//         pair of a generic loop; once it is done, the pair probabilities.
//
// A table's element (i,j) lies at (i * n + j) * step (EnsembleTables::at): n is the row pitch (the
// fold's length, or the longest of a GPU group) and step 1, or the number of records of a GPU
// group whose tables are interleaved element by element (ensemble_fill.cu), so that the threads
// that take the same cell of consecutive records read consecutive doubles. Whatever walks a row
// does so through the Sum policy's step(), a constant 1 on the CPU.
#include <cmath>
#include <cstddef>

#include "rna/ensemble/ensemble_model.hpp"
#include "tropic/core/host_device.hpp"

namespace tropic::rna::detail {

struct EnsembleTables {
    double* qb = nullptr;    // pairs; rows only
    double* qm = nullptr;    // one or more multiloop helices; both ways
    double* qm1 = nullptr;   // one multiloop helix starting at i; both ways
    double* qbh = nullptr;   // outside of Qb; rows only (probabilities below the diagonal)
    double* qmh = nullptr;   // outside of Qm; both ways
    double* qm1h = nullptr;  // outside of Qm1; rows only
    double* w = nullptr;     // Qb^(i,j) times the multiloop closing factor of (i,j); both ways
    const double* ml_unpaired = nullptr;  // (b / s)^k for k = 0..n
    const double* z5 = nullptr;           // Z of bases 0..k-1 (k = 0..n), scaled
    const double* z3 = nullptr;           // Z of bases k..n-1 (k = 0..n), scaled
    int n = 0;                            // row pitch
    std::size_t step = 1;                 // between consecutive elements of a row

    TROPIC_HOST_DEVICE std::size_t at(int i, int j) const {
        return (static_cast<std::size_t>(i) * static_cast<std::size_t>(n) +
                static_cast<std::size_t>(j)) *
               step;
    }
};

// After a fill whose Z over- or underflowed at the current scale: ln Z5(k) / k of the longest
// prefix of 16 bases or more whose scaled Z5 is still an ordinary double, the per-base factor by
// which the scale is off (EnsembleScaleSearch); 0 when there is none.
TROPIC_HOST_DEVICE inline double ensemble_prefix_log_rate(const double* z5, int n) {
    for (int k = n; k >= 16; --k) {
        const double z = z5[k];
        if (z > 1e-300 && z < 1e300) {
#if defined(__CUDA_ARCH__)
            return log(z) / k;
#else
            return std::log(z) / k;
#endif
        }
    }
    return 0.0;
}

// sum_k a[k sa] b[k sb], k < count, in a fixed order (the steps are 1 but on interleaved GPU
// tables).
TROPIC_HOST_DEVICE inline double ensemble_dot(const double* a, const double* b, int count,
                                              std::size_t sa = 1, std::size_t sb = 1) {
    double s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int k = 0;
    for (; k + 4 <= count; k += 4) {
        s0 += a[k * sa] * b[k * sb];
        s1 += a[(k + 1) * sa] * b[(k + 1) * sb];
        s2 += a[(k + 2) * sa] * b[(k + 2) * sb];
        s3 += a[(k + 3) * sa] * b[(k + 3) * sb];
    }
    for (; k < count; ++k) s0 += a[k * sa] * b[k * sb];
    return (s0 + s1) + (s2 + s3);
}

// How a cell's sums are shared out. One thread computes a whole cell with EnsembleSerialSum (the
// CPU, and the GPU's thread-per-cell kernels): the sums below run in the order of their loops. A
// backend that gives one cell to several threads (the GPU's warp per cell) passes a policy with
// the same members: each thread takes the loop indices first, first + stride, ..., `part` sums
// its share of a dot product, `total` combines the threads' shares (and gives every thread the
// same value), `leader` picks the one thread that adds the terms outside the loops, and `sync`
// makes a cell's own writes visible to its other threads before they read them. `step` is the
// tables' EnsembleTables::step (a constant 1 where the layout is plain, so that the loops compile
// as before), `cost(m, n2)` row n2 of the generic interior loops' costs and `cost_step` the step
// along it (the GPU's interleaved groups keep their own copy, interleaved like the tables).
struct EnsembleSerialSum {
    static constexpr int first = 0;
    static constexpr int stride = 1;
    TROPIC_HOST_DEVICE static constexpr std::size_t step() { return 1; }
    TROPIC_HOST_DEVICE static constexpr std::size_t cost_step() { return 1; }
    TROPIC_HOST_DEVICE static const double* cost(const EnsembleModel& m, int n2) {
        return m.generic_cost[n2];
    }
    TROPIC_HOST_DEVICE static constexpr bool leader() { return true; }
    TROPIC_HOST_DEVICE static double part(const double* a, const double* b, int count) {
        return ensemble_dot(a, b, count);
    }
    TROPIC_HOST_DEVICE static double total(double share) { return share; }
    TROPIC_HOST_DEVICE static void sync() {}
};

// The multiloop part of Qb(i,j) before its closing factor: sum_u Qm(i+1,u-1) Qm1(u,j-1).
// (This thread's share of it.)
template <class Sum>
TROPIC_HOST_DEVICE double ensemble_multi_split(const EnsembleTables& s, int i, int j,
                                               const Sum& sum) {
    const int first = i + kEnsembleMinHairpin + 3, last = j - kEnsembleMinHairpin - 2;
    if (first > last) return 0.0;
    return sum.part(s.qm + s.at(i + 1, first - 1), s.qm1 + s.at(j - 1, first), last - first + 1);
}

// The interior loops closed by (i,j) of type t: sum over inner pairs (p,q) of factor * Qb(p,q)
// (this thread's share of the rows n2 = j-1-q). Generic loops (ensemble_first_generic_n1) take one
// contiguous dot product per n2 over the weighted Qb below the diagonal; the others go through
// interior().
template <class Sum>
TROPIC_HOST_DEVICE double ensemble_interior_sum(const EnsembleModel& m, const EnsembleTables& s,
                                                int i, int j, int t, const Sum& share) {
    double special = 0, generic = 0;
    for (int n2 = share.first; n2 <= kMaxLoop; n2 += share.stride) {
        const int q = j - 1 - n2;
        int last_n1 = q - kEnsembleMinHairpin - 2 - i;  // p = i + 1 + n1 <= q - 4
        if (last_n1 > kMaxLoop - n2) last_n1 = kMaxLoop - n2;
        if (last_n1 < 0) break;  // q only moves left as n2 grows
        int first_generic = ensemble_first_generic_n1(n2);
        if (first_generic > last_n1 + 1) first_generic = last_n1 + 1;
        for (int n1 = 0; n1 < first_generic; ++n1) {
            const int p = i + 1 + n1;
            const double qb = s.qb[s.at(p, q)];
            if (qb != 0.0) special += qb * m.interior(i, j, t, p, q);
        }
        if (first_generic <= last_n1)
            generic += ensemble_dot(s.qb + s.at(q, i + 1 + first_generic),
                                    share.cost(m, n2) + first_generic * share.cost_step(),
                                    last_n1 - first_generic + 1, share.step(), share.cost_step());
    }
    return special + generic * m.outer_mismatch(i, j, t);
}

// The interior loops enclosing (i,j): sum over closing pairs (p,q) of Qb^(p,q) * factor (this
// thread's share of the rows n2 = q-j-1), generic ones through the weighted Qb^ below the
// diagonal, the others through interior().
template <class Sum>
TROPIC_HOST_DEVICE double ensemble_enclosing_sum(const EnsembleModel& m, const EnsembleTables& s,
                                                 int i, int j, const Sum& share) {
    if (i == 0 || j + 1 >= m.n) return 0.0;
    double special = 0, generic = 0;
    for (int n2 = share.first; n2 <= kMaxLoop; n2 += share.stride) {
        const int q = j + 1 + n2;
        if (q >= m.n) break;
        int last_n1 = i - 1;  // p = i - 1 - n1 >= 0
        if (last_n1 > kMaxLoop - n2) last_n1 = kMaxLoop - n2;
        int first_generic = ensemble_first_generic_n1(n2);
        if (first_generic > last_n1 + 1) first_generic = last_n1 + 1;
        for (int n1 = 0; n1 < first_generic; ++n1) {
            const int p = i - 1 - n1;
            const double qbh = s.qbh[s.at(p, q)];
            if (qbh != 0.0) special += qbh * m.interior(p, q, m.allowed_type(p, q), i, j);
        }
        const double* weighted = s.qbh + s.at(q, 0);  // Qb^(p,q) outer_mismatch(p,q) at p
        const double* cost = share.cost(m, n2);
        const std::size_t step = share.step(), cost_step = share.cost_step();
        for (int n1 = first_generic; n1 <= last_n1; ++n1)
            generic += cost[n1 * cost_step] * weighted[(i - 1 - n1) * step];
    }
    return special + generic * m.inner_mismatch(i, j);
}

// Sum: EnsembleSerialSum or a policy like it (see there).
template <class Sum>
TROPIC_HOST_DEVICE void ensemble_inside_cell(const EnsembleModel& m, const EnsembleTables& s, int i,
                                             int j, const Sum& sum) {
    const int t = m.allowed_type(i, j);
    double qb = 0;
    if (t != 0) {
        const double interior = sum.total(ensemble_interior_sum(m, s, i, j, t, sum));
        const double split = sum.total(ensemble_multi_split(s, i, j, sum));
        qb = m.hairpin(i, j, t) + interior;
        if (split != 0.0) qb += split * m.multi_closing(i, j, t);
    }
    s.qb[s.at(i, j)] = qb;
    // Weighted as a generic loop's inner pair, which needs both neighbours.
    s.qb[s.at(j, i)] = qb != 0.0 && i > 0 && j + 1 < m.n ? qb * m.inner_mismatch(i, j) : 0.0;
    double qm1 = qb != 0.0 ? qb * m.multi_stem(i, j, t) : 0.0;
    if (j - 1 - i > kEnsembleMinHairpin) qm1 += s.qm1[s.at(i, j - 1)] * s.ml_unpaired[1];
    s.qm1[s.at(i, j)] = qm1;
    s.qm1[s.at(j, i)] = qm1;
    sum.sync();  // Qm below reads Qm1(i,j)
    // Qm(i,j): the first helix starts at u, after u - i unpaired bases (S(i,j)) or after more
    // helices. S(i+1,j) of a cell too short to fill is 0.
    const double unpaired_first = qm1 + s.ml_unpaired[1] * s.qm1h[s.at(j, i + 1)];
    const int last_u = j - kEnsembleMinHairpin - 1;
    double qm = 0;
    if (sum.leader()) {
        qm = unpaired_first;
        s.qm1h[s.at(j, i)] = unpaired_first;
    }
    const int first_u = i + kEnsembleMinHairpin + 2;
    if (first_u <= last_u)
        qm += sum.part(s.qm + s.at(i, first_u - 1), s.qm1 + s.at(j, first_u), last_u - first_u + 1);
    qm = sum.total(qm);
    s.qm[s.at(i, j)] = qm;
    s.qm[s.at(j, i)] = qm;
}

TROPIC_HOST_DEVICE inline void ensemble_inside_cell(const EnsembleModel& m, const EnsembleTables& s,
                                                    int i, int j) {
    ensemble_inside_cell(m, s, i, j, EnsembleSerialSum{});
}

// The outside of the exterior loop, of every loop enclosing (i,j) and of its multiloop roles.
template <class Sum>
TROPIC_HOST_DEVICE void ensemble_outside_cell(const EnsembleModel& m, const EnsembleTables& s,
                                              int i, int j, const Sum& sum) {
    const int n = m.n;
    // Qm(i,j) as the left part Qm(i,u-1) of a longer Qm(i,j'), u = j + 1 ...
    double qmh = 0;
    if (j + kEnsembleMinHairpin + 2 <= n - 1) {
        const int first = j + kEnsembleMinHairpin + 2;
        qmh += sum.part(s.qmh + s.at(i, first), s.qm1 + s.at(j + 1, first), n - first);
    }
    // ... and as the Qm(i'+1,u-1) of a multiloop closed by (i-1,q), u = j + 1.
    if (i >= 1 && j + kEnsembleMinHairpin + 3 <= n - 1) {
        const int first = j + kEnsembleMinHairpin + 3;
        qmh += sum.part(s.w + s.at(i - 1, first), s.qm1 + s.at(j + 1, first - 1), n - first);
    }
    qmh = sum.total(qmh);
    s.qmh[s.at(i, j)] = qmh;
    s.qmh[s.at(j, i)] = qmh;
    sum.sync();  // Qm1^ below reads Qm^(i,j)
    // Qm1(i,j): extended by an unpaired base in Qm1(i,j+1); the helix at u = i of Qm(i',j);
    // the last helix Qm1(u,q-1) of a multiloop closed by (p,q = j+1), u = i.
    double qm1h = j + 1 < n && sum.leader() ? s.qm1h[s.at(i, j + 1)] * s.ml_unpaired[1] : 0.0;
    const double* qmh_column = s.qmh + s.at(j, 0);
    if (sum.leader()) {
        // R(i,j) replaces S(i,j) below the diagonal; R(i-1,j), an outer cell, is final.
        const double helix_here = qmh + (i > 0 ? s.ml_unpaired[1] * s.qm1h[s.at(j, i - 1)] : 0.0);
        s.qm1h[s.at(j, i)] = helix_here;
        qm1h += helix_here;
    }
    if (i - kEnsembleMinHairpin - 2 >= 0) {
        const int count = i - kEnsembleMinHairpin - 1;  // i' = 0 .. i-5
        qm1h += sum.part(qmh_column, s.qm + s.at(i - 1, 0), count);
    }
    if (j + 1 < n && i - kEnsembleMinHairpin - 3 >= 0) {
        const int count = i - kEnsembleMinHairpin - 2;  // p = 0 .. i-6
        qm1h += sum.part(s.w + s.at(j + 1, 0), s.qm + s.at(i - 1, 1), count);
    }
    qm1h = sum.total(qm1h);
    s.qm1h[s.at(i, j)] = qm1h;
    const int t = m.allowed_type(i, j);
    double qbh = 0;
    if (t != 0 && s.qb[s.at(i, j)] != 0.0) {
        if (sum.leader()) qbh = s.z5[i] * m.exterior_stem(i, j, t) * s.z3[j + 1];
        qbh += ensemble_enclosing_sum(m, s, i, j, sum);
        qbh = sum.total(qbh);
        qbh += qm1h * m.multi_stem(i, j, t);
    }
    s.qbh[s.at(i, j)] = qbh;
    s.qbh[s.at(j, i)] = qbh != 0.0 ? qbh * m.outer_mismatch(i, j, t) : 0.0;
    const double w = qbh != 0.0 ? qbh * m.multi_closing(i, j, t) : 0.0;
    s.w[s.at(i, j)] = w;
    s.w[s.at(j, i)] = w;
}

TROPIC_HOST_DEVICE inline void ensemble_outside_cell(const EnsembleModel& m,
                                                     const EnsembleTables& s, int i, int j) {
    ensemble_outside_cell(m, s, i, j, EnsembleSerialSum{});
}

}  // namespace tropic::rna::detail

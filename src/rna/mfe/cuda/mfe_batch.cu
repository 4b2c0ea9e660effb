// Batch mode's diagonal kernel: the cells (i, i+d) of every fold of a chunk, one thread each,
// over diagonal-major tables (mfe_device.cuh). Every loop below runs over an index that is the
// same for all threads of a warp (a loop size and side, a small-loop candidate, a split
// offset), so the threads take the same path and read consecutive addresses; a warp scores 32
// neighbouring cells with the instructions that one cell would need. Interior loops of one size
// s lie on one diagonal, d - 2 - s, at consecutive indices: generic loops read a contiguous run
// of CI there, bulges and 1 x n loops two cells each of C.
#include "rna/mfe/cuda/mfe_kernels.cuh"
#include "tropic/semiring/tropical.hpp"

namespace tropic::rna::detail::cuda {

namespace {

constexpr int kInf = kInfEnergy;
constexpr int kBatchThreads = 128;
// The multiloop splits below are (min,+) dot products, but over diagonal-major tables: one
// operand steps by ld, the other by -(ld - 1), so they are not the contiguous rows that the
// engine's dot product (tropical_dot) reads; consecutive threads (cells) read consecutive
// addresses instead. The step is the engine's (DPX add-min).
using Split = semiring::MinPlus<std::int32_t>;
// CI where C is kInf: far enough above kInf that no candidate's cost brings a sum below it.
constexpr int kBatchCiInf = 1 << 28;

// The kernel waits on memory far more than it computes: 12 blocks of 128 threads per SM (40
// registers, a few spilled) measured 55.7k records/s of 200 nt against 38.6k with 64 registers
// and half the warps resident (H200, bench_mfe_gpu, before the loops by size); with the loops
// by size and folds back to back, 12 blocks 69.5k against 68.2k for 10 (48 registers).
__global__ void __launch_bounds__(kBatchThreads, 12)
    batch_diagonal_kernel(MfeDeviceArgs args, int d, int cells, int folds) {
    // Cells of all folds back to back, `cells` (the longest fold's count on this diagonal) per
    // fold: a warp may span two folds (same d, so the same loop bounds) rather than leave the
    // lanes past a fold's last cell idle.
    // At most 65,535 folds of < 1,024 cells: 32 bits suffice.
    const unsigned flat = blockIdx.x * kBatchThreads + threadIdx.x;
    const unsigned f = flat / unsigned(cells);
    if (f >= unsigned(folds)) return;  // the last block's tail
    const MfeDeviceFold fold = args.folds[f];
    const int i = int(flat - f * unsigned(cells));
    const int j = i + d;
    if (j >= fold.n) return;
    const MfeModel m = fold_model(args, fold);
    const MfeDiagonalTables x = fold_diagonal_tables(args, fold);
    const std::size_t ld = x.ld;
    const EnergyParams& P = *m.params;
    const int t = m.allowed_type(i, j);
    int cij = kInf;
    if (t != 0) {
        const int si1 = m.base[i + 1], sj1 = m.base[j - 1];
        int generic = kInf, bulge = kInf, one_n = kInf, best = m.hairpin(i, j, t);
        // Loops of size n1 + n2 <= d - 6: the inner pair (p,q) = (i+1+n1, j-1-n2) then lies on
        // diagonal d - 2 - n1 - n2 >= 4 (it encloses a hairpin), at index p.
        const int largest = min(d - 2 * kMfeMinHairpin, kMaxLoop);
        // Generic loops (both sides >= 2, size >= 6: the smaller ones have tables of their
        // own): the loops of size s read one contiguous run of diagonal d - 2 - s of CI (C plus
        // the inner mismatch; kBatchCiInf, which no cost brings below kInf, where C is kInf),
        // then add initiation(s) + min(max_ninio, ninio |n1 - n2|).
        const int ninio = P.ninio, max_ninio = P.max_ninio;
        for (int size = 2 * kMfeMinHairpin; size <= largest; ++size) {
            const int* row = x.ci + (d - 2 - size) * ld + i + 1;
            int row_best = kBatchCiInf;
#pragma unroll 4
            for (int n1 = 2; n1 <= size - 2; ++n1)
                row_best = min(row_best, row[n1] + min(max_ninio, ninio * abs(2 * n1 - size)));
            generic = min(generic, row_best + P.interior[size]);
        }
        // Bulges of 2..30 bases (n1 or n2 zero) and 1 x n loops (n1 or n2 one, the other >= 3),
        // both orientations per size, from diagonal d - 2 - size of C.
        for (int size = 2; size <= largest; ++size) {
            const int* row = x.c + (d - 2 - size) * ld + i + 1;  // C(i+1+n1, j-1-n2) at [n1]
            const int bulge_cost = P.bulge[size];
            for (int n1 : {0, size}) {
                const int inner = row[n1];
                const int p = i + 1 + n1, q = j - 1 - (size - n1);
                if (inner < kInf)
                    bulge = min(bulge, inner + bulge_cost +
                                           (pays_terminal_au(m.type(q, p)) ? P.terminal_au : 0));
            }
            if (size < 4) continue;
            const int one_n_cost = P.interior[size] + min(max_ninio, ninio * (size - 2));
            for (int n1 : {1, size - 1}) {
                const int inner = row[n1];
                const int p = i + 1 + n1, q = j - 1 - (size - n1);
                if (inner < kInf)
                    one_n =
                        min(one_n,
                            inner + one_n_cost +
                                P.mismatch_interior_1n[m.type(q, p)][m.base[q + 1]][m.base[p - 1]]);
            }
        }
        // The small loops (stacks, 1-base bulges, 1 x 1, 1 x 2, 2 x 2, 2 x 3) by their tables.
        for (int index = args.one_n_end; index < args.small_end; ++index) {
            const int2 candidate = args.candidates[index];
            const int n1 = candidate.x & 255, n2 = candidate.x >> 8;
            const int dd = d - 2 - n1 - n2;
            if (dd <= kMfeMinHairpin) continue;
            const int p = i + 1 + n1;
            const int inner = n1 == 0 && n2 == 0 ? x.cc[dd * ld + p] : x.c[dd * ld + p];
            if (inner < kInf) best = min(best, inner + m.interior(i, j, t, p, p + dd));
        }
        if (generic < kInf) best = min(best, generic + P.mismatch_interior[t][si1][sj1]);
        if (bulge < kInf) best = min(best, bulge + (pays_terminal_au(t) ? P.terminal_au : 0));
        if (one_n < kInf) best = min(best, one_n + P.mismatch_interior_1n[t][si1][sj1]);
        // Multiloop: FML(i+1,k) + FM1(k+1,j-1), k = i+1+a, on diagonals a and d-3-a.
        int split = kInf;
#pragma unroll 4
        for (int a = kMfeMinHairpin + 1; a <= d - kMfeMinHairpin - 4; ++a)
            split = Split::multiply_add(x.fml[a * ld + i + 1], x.fm1[(d - 3 - a) * ld + i + 2 + a],
                                        split);
        if (split < kInf) best = min(best, split + m.multi_closing(i, j, t));
        cij = best;
    }
    if (args.no_lonely_pairs) {
        x.cc[d * ld + i] = cij;
        cij = kInf;
        if (t != 0) {
            const int inner = x.cc[(d - 2) * ld + i + 1];
            if (inner < kInf) cij = inner + m.interior(i, j, t, i + 1, j - 1);
        }
    }
    // FML(i,k) + FML(k+1,j), k = i+a, on diagonals a and d-1-a.
    int fml_split = kInf;
#pragma unroll 4
    for (int a = kMfeMinHairpin + 1; a <= d - kMfeMinHairpin - 2; ++a)
        fml_split =
            Split::multiply_add(x.fml[a * ld + i], x.fml[(d - 1 - a) * ld + i + a + 1], fml_split);
    const int ml_base = P.ml_base;
    const int stem = m.multi_helix(i, j, t, cij);
    const int fml = min(min(stem, x.fml[(d - 1) * ld + i + 1] + ml_base),
                        min(x.fml[(d - 1) * ld + i] + ml_base, fml_split));
    const std::size_t cell = d * ld + i;
    x.c[cell] = cij;
    x.ci[cell] = cij < kInf && i > 0 && j + 1 < fold.n
                     ? cij + P.mismatch_interior[m.type(j, i)][m.base[j + 1]][m.base[i - 1]]
                     : kBatchCiInf;
    x.fml[cell] = min(fml, kInf);
    x.fm1[cell] = min(min(stem, x.fm1[(d - 1) * ld + i] + ml_base), kInf);
}

}  // namespace

void launch_mfe_batch_diagonal(const MfeDeviceArgs& args, int d, int cells, int folds) {
    const long long total = (long long)cells * folds;
    const auto blocks = unsigned((total + kBatchThreads - 1) / kBatchThreads);
    batch_diagonal_kernel<<<blocks, kBatchThreads>>>(args, d, cells, folds);
    TROPIC_CUDA_CHECK_LAUNCH("batch_diagonal_kernel");
}

}  // namespace tropic::rna::detail::cuda

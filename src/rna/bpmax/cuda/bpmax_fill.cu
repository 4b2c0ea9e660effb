// The CUDA fill of BPMax's F tables (bpmax_cuda.hpp), in the layout of bpmax_tables.hpp and in
// the same order as the CPU fill (bpmax_cpu.cpp), one s1 diagonal d1 = j1 - i1 at a time:
//  1. seed: every term that reads other tables, one thread per cell of the diagonal's tables;
//  2. double reduction: F(i1,j1) (+)= (+)_{t<d1} F(i1,i1+t) (x) F(i1+t+1,j1) for every i1 of the
//     diagonal in one launch of the tropical engine's band kernel (band_packed.cuh). Operands are
//     kept in the engine's packed tile layout: each table is packed once when it is final, and
//     the diagonal's own tables are packed before and unpacked after the products;
//  3. sweep: the r arc and the S2 single reductions, which read shorter cells of the same table,
//     on 32 x 32 tiles (tile_sweep_kernel), one launch per tile offset.
// All values are the CPU fill's exactly (integer max-plus, same terms). The site search and the
// traceback run on the device too (thrust reductions in the CPU's order of sites; the CPU's
// traceback rule, bpmax_traceback.cu), so the tables never come back to the host.
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

#include <atomic>
#include <string>
#include <vector>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/memory_fit.hpp"
#include "core/internal/profile.hpp"
#include "rna/bpmax/cuda/bpmax_cuda.hpp"
#include "rna/bpmax/cuda/bpmax_device.cuh"
#include "semiring/device/band_packed.cuh"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail::cuda {

namespace {

using semiring::cuda::BandGeometry;
using tropic::detail::cuda::DeviceBuffer;
using Step = semiring::MaxPlus<std::int32_t>;  // DPX add-max on int32, whatever the Score

template <typename Score>
__global__ void seed_kernel(DeviceProblem<Score> p, Score* f, int d1) {
    const std::size_t per_table = std::size_t(p.n2 + 1) * p.width;
    const std::size_t count = std::size_t(p.n1 - d1) * per_table;
    for (std::size_t index = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; index < count;
         index += std::size_t(gridDim.x) * blockDim.x) {
        const int i1 = int(index / per_table);
        const std::size_t within = index % per_table;
        const int i2 = int(within / p.width), len = int(within % p.width);
        const int j1 = i1 + d1;
        const std::size_t cell = std::size_t(i2) * p.width + len;
        const int longest = min(p.width - 1, p.n2 - i2);
        std::int32_t v = kNegInf<Score>;  // the empty interval and padding
        if (len >= 1 && len <= longest) {
            v = max(0, p.s1_closed(i1, j1) + p.s2_half_open(i2, i2 + len));
            if (d1 >= int(kBpmaxMinPairSpan))
                v = max(v, p.table(f, i1 + 1, j1 - 1)[cell] + p.w(p.s1[i1], p.s1[j1]));
            // A max-plus reduction over k1 whose operands are one cell of many tables (and two
            // scalars of S1): not rows of a matrix, so not the engine's dot product.
            for (int k1 = i1; k1 < j1; ++k1) {
                const std::int32_t prefix = p.s1_closed(i1, k1) + p.table(f, k1 + 1, j1)[cell];
                const std::int32_t suffix = p.table(f, i1, k1)[cell] + p.s1_closed(k1 + 1, j1);
                v = max(v, max(prefix, suffix));
            }
            if (d1 == 0 && len == 1) v = p.w(p.s1[i1], p.r[i2]);  // one inter-molecular pair
        }
        p.table(f, i1, j1)[cell] = Score(v);
    }
}

// The sweep on square tiles (kSweepTile) of each table in (i2, e) coordinates, all tables of the
// diagonal at once, one tile-diagonal (tile offset J - I) per launch, so every tile of smaller
// offset is final when a tile starts. In tile (I, J), a cell (i, e) of r length >= 2 takes
//  - from complete tiles K (read through shared memory, tile-deep products):
//      G(i, m) + S2(m, e) for m in tiles I .. J - 1, and S2(i, m) + G(m, e) for m in I + 1 .. J;
//  - from the tile itself, in a wavefront over its local diagonals b - a (cells of one diagonal
//    depend only on earlier ones): G(i, m) + S2(m, e) for m in tile J, S2(i, m) + G(m, e) for m
//    in tile I, and the r arc G(i + 1, e - 1) + w.
// Cells of length 0 and 1 are final before the sweep (seed and double reduction).
constexpr int kSweepTile = 32;
constexpr int kSweepThreads = 4 * kSweepTile;  // the wavefront: four threads per cell
// The products from complete tiles: each thread a block of kMicroRows x 4 cells.
constexpr int kMicroRows = kSweepTile * kSweepTile / kSweepThreads / 4;
template <typename Score>
constexpr std::size_t kSweepSharedBytes = (2 * kSweepTile * (kSweepTile + 1) +
                                           kSweepTile * kSweepTile) *
                                          sizeof(Score);

template <typename Score>
struct SweepAccess {
    const DeviceProblem<Score>& p;
    const Score* t;  // the table, row form

    // G(i, e) over half-open intervals, -inf outside the band or the strand.
    __device__ std::int32_t g(long i, long e) const {
        const long len = e - i;
        return len >= 0 && len < p.width && e <= p.n2 ? t[i * p.width + len] : kNegInf<Score>;
    }
    __device__ std::int32_t s2(long i, long e) const {
        const long len = e - i;
        return len >= 0 && len < p.width2s && e <= p.n2 ? p.strand2[i * p.width2s + len]
                                                        : kNegInf<Score>;
    }
};

template <typename Score>
__global__ void __launch_bounds__(kSweepThreads)
    tile_sweep_kernel(DeviceProblem<Score> p, Score* f, int d1, int offset) {
    constexpr int T = kSweepTile;
    // G of this tile (running values, final by the end), the X operand (rows of tile I) and the Y
    // operand (columns of tile J). Rows read across threads are padded against bank conflicts.
    extern __shared__ __align__(16) unsigned char sweep_bytes[];
    Score* sweep_shared = reinterpret_cast<Score*>(sweep_bytes);
    auto tile = reinterpret_cast<Score(*)[T + 1]>(sweep_shared);
    auto left = reinterpret_cast<Score(*)[T + 1]>(sweep_shared + T * (T + 1));
    auto right = reinterpret_cast<Score(*)[T]>(sweep_shared + 2 * T * (T + 1));
    const int I = blockIdx.x, J = I + offset, i1 = blockIdx.y;
    const long row0 = long(I) * T, col0 = long(J) * T;
    if (row0 > p.n2) return;
    Score* t = p.table(f, i1, i1 + d1);
    const SweepAccess<Score> at{p, t};
    const int tid = threadIdx.x;

    for (int cell = tid; cell < T * T; cell += kSweepThreads)
        tile[cell / T][cell % T] = at.g(row0 + cell / T, col0 + cell % T);

    // Terms from complete tiles: each thread owns a kMicroRows x 4 block of cells. These are
    // max-plus tile products, but of band-stored operands read with -inf outside the band and
    // the strand, folded into a tile that the wavefront below keeps changing: the engine's block
    // tile would need both operands packed with sentinels for every tile offset of every
    // diagonal. The step is the engine's (DPX add-max).
    const int a0 = kMicroRows * (tid / (T / 4)), b0 = 4 * (tid % (T / 4));
    std::int32_t acc[kMicroRows][4];
    for (int r = 0; r < kMicroRows; ++r)
        for (int c = 0; c < 4; ++c) acc[r][c] = kNegInf<Score>;
    for (int K = I; K <= J; ++K) {
        const long mid0 = long(K) * T;
        for (int term = 0; term < 2; ++term) {
            // term 0: G(I, K) x S2(K, J) for K < J;  term 1: S2(I, K) x G(K, J) for K > I.
            if ((term == 0 && K == J) || (term == 1 && K == I)) continue;
            __syncthreads();
            for (int cell = tid; cell < T * T; cell += kSweepThreads) {
                const long r = cell / T, c = cell % T;
                left[r][c] = term == 0 ? at.g(row0 + r, mid0 + c) : at.s2(row0 + r, mid0 + c);
                right[r][c] = term == 0 ? at.s2(mid0 + r, col0 + c) : at.g(mid0 + r, col0 + c);
            }
            __syncthreads();
            // No masks: an m outside (i, e) meets an empty or out-of-band interval, -inf.
            for (int c = 0; c < T; ++c) {
                std::int32_t x[kMicroRows], y[4];
                for (int r = 0; r < kMicroRows; ++r) x[r] = left[a0 + r][c];
                for (int q = 0; q < 4; ++q) y[q] = right[c][b0 + q];
                for (int r = 0; r < kMicroRows; ++r)
                    for (int q = 0; q < 4; ++q)
                        acc[r][q] = Step::multiply_add(x[r], y[q], acc[r][q]);
            }
        }
    }
    __syncthreads();
    for (int r = 0; r < kMicroRows; ++r)
        for (int q = 0; q < 4; ++q) {
            const long i = row0 + a0 + r, e = col0 + b0 + q, len = e - i;
            if (len >= 2 && len < p.width && e <= p.n2)
                tile[a0 + r][b0 + q] = max(tile[a0 + r][b0 + q], acc[r][q]);
        }
    // Operands of the wavefront: S2 of tile (I, I) and of tile (J, J).
    for (int cell = tid; cell < T * T; cell += kSweepThreads) {
        const long r = cell / T, c = cell % T;
        left[r][c] = at.s2(row0 + r, row0 + c);
        right[r][c] = at.s2(col0 + r, col0 + c);
    }
    __syncthreads();

    // Wavefront: four threads per cell, splitting m.
    const int sub = tid % 4, a = tid / 4;
    // Local diagonals b - a whose cells have r lengths 2 .. width - 1.
    const int first_diagonal = max(-(T - 1), 2 - T * offset);
    const int last_diagonal = min(T - 1, p.width - 1 - T * offset);
    for (int diagonal = first_diagonal; diagonal <= last_diagonal; ++diagonal) {
        const int b = a + diagonal;
        const long i = row0 + a, e = col0 + b, len = e - i;
        const bool active = b >= 0 && b < T && len >= 2 && len < p.width && e <= p.n2;
        std::int32_t v = kNegInf<Score>;
        if (active) {
            // m in tile J, i < m < e: G(i, m) from this tile's row a, S2(m, e) from (J, J).
            // (m <= i meets an empty interval of this tile, -inf)
            for (int c = sub; c < b; c += 4) v = Step::multiply_add(tile[a][c], right[c][b], v);
            // m in tile I, i < m < e: S2(i, m) from (I, I), G(m, e) from this tile's column b.
            // (m >= e meets an empty interval of this tile, -inf)
            for (int c = a + 1 + sub; c < T; c += 4)
                v = Step::multiply_add(left[a][c], tile[c][b], v);
        }
        // The four threads of a cell meet by two butterfly shuffles. Not cub::WarpReduce<int, 4>:
        // on logical warps of 4 it adds a convergence check for its run-time member mask and
        // lane clamps (with cuda::maximum<std::int32_t>), or runs redux.sync once per group of
        // four (cuda::maximum<>); measured on an H100 (bench_bpmax_gpu, 2 runs each) the sweep
        // took 5-10% longer with the former (23 x 800: 0.078 -> 0.082 s).
        v = max(v, __shfl_xor_sync(0xffffffffu, v, 1));
        v = max(v, __shfl_xor_sync(0xffffffffu, v, 2));
        if (active && sub == 0) {
            v = max(v, tile[a][b]);
            if (len - 1 >= long(kBpmaxMinPairSpan)) {
                const std::int32_t inner =
                    a + 1 < T && b >= 1 ? tile[a + 1][b - 1] : at.g(i + 1, e - 1);
                v = max(v, inner + p.w(p.r[i], p.r[e - 1]));
            }
            tile[a][b] = v;
        }
        __syncthreads();
    }

    for (int cell = tid; cell < T * T; cell += kSweepThreads) {
        const long i = row0 + cell / T, e = col0 + cell % T, len = e - i;
        if (len >= 2 && len < p.width && e <= p.n2) t[i * p.width + len] = tile[cell / T][cell % T];
    }
}

unsigned blocks_for(std::size_t count) {
    return unsigned(std::min<std::size_t>((count + 255) / 256, 65535));
}

template <typename Score>
BandGeometry table_geometry(const InteractionTables<Score>& f) {
    return semiring::cuda::band_geometry(f.length2 + 1, f.width2);
}

// Phase times for TROPIC_PROFILE (seconds, summed over diagonals), each phase waited for on this
// thread's stream.
struct Profile {
    profile::PhaseTimer clock;
    double seed = 0, products = 0, sweep = 0, search = 0, trace = 0;

    void lap(double& phase) {
        clock.lap(phase, [] { TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread)); });
    }
};

// A candidate site for the device-wide arg-max: a box of F and its score; score < 0 marks none
// (every box of the domain scores at least 0).
struct Candidate {
    std::int32_t score;
    int size, i1, i2, j1, j2;
};

// The site order of bpmax.hpp: higher score, then smaller box, then smaller i1, i2, j1 (the same
// rule as the CPU search, so both pick the same boxes).
struct BetterSite {
    __host__ __device__ Candidate operator()(const Candidate& a, const Candidate& b) const {
        if (a.score != b.score) return a.score > b.score ? a : b;
        if (a.size != b.size) return a.size < b.size ? a : b;
        if (a.i1 != b.i1) return a.i1 < b.i1 ? a : b;
        if (a.i2 != b.i2) return a.i2 < b.i2 ? a : b;
        return a.j1 <= b.j1 ? a : b;
    }
};

// Cell index -> the box it scores, unless outside the domain or overlapping a site found before.
template <typename Score>
struct CellToCandidate {
    const Score* cells;
    const int* table_i1;  // per table
    const int* table_d1;
    const SiteBox* found;
    int found_count, n2, width;
    std::size_t table_cells;

    __device__ Candidate operator()(std::size_t index) const {
        const Candidate none{-1, 0, 0, 0, 0, 0};
        const std::size_t table = index / table_cells, within = index % table_cells;
        const int i2 = int(within / width), len = int(within % width);
        if (len == 0 || i2 + len > n2) return none;
        const int i1 = table_i1[table], j1 = i1 + table_d1[table], j2 = i2 + len - 1;
        for (int s = 0; s < found_count; ++s) {
            const SiteBox& b = found[s];
            if (std::size_t(i1) <= b.j1 && b.i1 <= std::size_t(j1) && std::size_t(i2) <= b.j2 &&
                b.i2 <= std::size_t(j2))
                return none;
        }
        return {cells[index], (j1 - i1) + (j2 - i2), i1, i2, j1, j2};
    }
};

// Bytes the TableBuffers of all threads hold (kept_device_bytes).
std::atomic<std::size_t> kept_bytes{0};

// The tables and packed operands stay allocated from one pair to the next (grown when needed):
// a scan of thousands of targets would otherwise allocate and free gigabytes per target. One set
// per host thread: pairs on different threads run at once, each on its thread's default stream
// (the CUDA code is built with per-thread default streams).
template <typename Score>
struct TableBuffers {
    int device = -1;
    DeviceBuffer<Score> cells, packed;

    std::size_t bytes() const { return (cells.size() + packed.size()) * sizeof(Score); }
    ~TableBuffers() { kept_bytes -= bytes(); }
};

// Brings kept_bytes up to date with a thread's buffers when it goes, whatever happened between
// (buffers reset for another device, grown, or released by a failed allocation). Unsigned
// arithmetic wraps, so a shrink is added as its two's complement.
template <typename Score>
class KeptBytesUpdate {
  public:
    explicit KeptBytesUpdate(const TableBuffers<Score>& buffers)
        : buffers_(buffers), before_(buffers.bytes()) {}
    ~KeptBytesUpdate() { kept_bytes += buffers_.bytes() - before_; }
    KeptBytesUpdate(const KeptBytesUpdate&) = delete;
    KeptBytesUpdate& operator=(const KeptBytesUpdate&) = delete;

  private:
    const TableBuffers<Score>& buffers_;
    std::size_t before_;
};

template <typename Score>
TableBuffers<Score>& table_buffers() {
    thread_local TableBuffers<Score> buffers;
    return buffers;
}

// F on the device for one pair: filled once, then searched and read back box by box.
template <typename Score>
class DeviceTables {
  public:
    DeviceTables(const Problem<Score>& problem, const InteractionTables<Score>& shape, int device)
        : buffers_(table_buffers<Score>()),
          f_(shape),
          g_(table_geometry(shape)),
          cells_(buffers_.cells),
          packed_(buffers_.packed) {
        TROPIC_CUDA_CHECK(cudaSetDevice(device));
        const KeptBytesUpdate<Score> kept_update(buffers_);
        if (buffers_.device != device) {
            cells_ = DeviceBuffer<Score>();
            packed_ = DeviceBuffer<Score>();
            buffers_.device = device;
        }
        // What is allocated already counts as available.
        const std::size_t need = fill_device_bytes(shape);
        const MemoryBudget budget = tropic::detail::cuda::device_budget(
            device, (cells_.size() + packed_.size()) * sizeof(Score));
        if (need > budget.bytes)
            throw ResourceError(does_not_fit_message(
                "BPMax of a " + std::to_string(shape.length1) + " x " +
                    std::to_string(shape.length2) + " nt pair",
                need, budget, "use a smaller window2 or window1 (or the cpu backend)"));
        cells_.resize(f_.tables() * f_.table_cells());
        packed_.resize(f_.tables() * g_.packed_cells());
        TROPIC_CUDA_CHECK(cudaFuncSetAttribute(tile_sweep_kernel<Score>,
                                               cudaFuncAttributeMaxDynamicSharedMemorySize,
                                               int(kSweepSharedBytes<Score>)));
        strand1_.assign(problem.strand1.rows);
        strand2_.assign(problem.strand2.rows);
        pair_weight_.assign(problem.pair_weight);
        s1_.assign(problem.s1);
        r_.assign(problem.r);
        p_ = DeviceProblem<Score>{s1_.data(),
                                  r_.data(),
                                  pair_weight_.data(),
                                  strand1_.data(),
                                  strand2_.data(),
                                  int(f_.length1),
                                  int(f_.length2),
                                  int(problem.strand1.width),
                                  int(problem.strand2.width),
                                  int(f_.width2),
                                  f_.table_cells()};
    }

    void fill(const Progress& on_progress, std::size_t item) {
        auto work = [&](std::size_t d1) { return double((f_.length1 - d1) * (d1 + 1)); };
        double total = 0, done = 0;
        for (std::size_t d1 = 0; d1 < f_.window1; ++d1) total += work(d1);
        for (std::size_t d1 = 0; d1 < f_.window1; ++d1) {
            fill_diagonal(d1);
            done += work(d1);
            if (on_progress) {
                // This thread's stream only: other threads' pairs keep running.
                TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
                on_progress(item, done / total);
            }
        }
    }

    void copy_all(InteractionTables<Score>& f) {
        TROPIC_CUDA_CHECK(cudaMemcpy(f.cells.data(), cells_.data(), f.cells.size() * sizeof(Score),
                                     cudaMemcpyDeviceToHost));
    }

    // The best `top` non-overlapping sites, by device-wide reductions over every cell.
    std::vector<SiteBox> best_sites(std::size_t top) {
        const std::size_t tables = f_.tables();
        std::vector<int> table_i1(tables), table_d1(tables);
        for (std::size_t d1 = 0; d1 < f_.window1; ++d1)
            for (std::size_t i1 = 0; i1 + d1 < f_.length1; ++i1) {
                table_i1[f_.first_table(d1) + i1] = int(i1);
                table_d1[f_.first_table(d1) + i1] = int(d1);
            }
        DeviceBuffer<int> device_i1, device_d1;
        device_i1.assign(table_i1);
        device_d1.assign(table_d1);
        std::vector<SiteBox> sites;
        DeviceBuffer<SiteBox> found;
        while (sites.size() < top) {
            found.assign(sites);
            const CellToCandidate<Score> decode{cells_.data(),  device_i1.data(),  device_d1.data(),
                                                found.data(),   int(sites.size()), int(f_.length2),
                                                int(f_.width2), f_.table_cells()};
            const Candidate best =
                thrust::transform_reduce(thrust::device, thrust::counting_iterator<std::size_t>(0),
                                         thrust::counting_iterator<std::size_t>(cells_count()),
                                         decode, Candidate{-1, 0, 0, 0, 0, 0}, BetterSite{});
            if (best.score < 0 || (!sites.empty() && best.score <= 0)) break;
            sites.push_back({std::int64_t(best.score), std::size_t(best.i1), std::size_t(best.j1),
                             std::size_t(best.i2), std::size_t(best.j2)});
        }
        profile_.lap(profile_.search);
        return sites;
    }

    std::vector<BpmaxPair> trace(const SiteBox& box) {
        auto pairs = trace_on_device(p_, static_cast<const Score*>(cells_.data()), box);
        profile_.lap(profile_.trace);
        return pairs;
    }

    void report_profile() const {
        if (!profile_.clock.enabled()) return;
        profile::print(
            "bpmax %zu x %zu nt (window1 %zu, width2 %zu) seed %.4f s, double reduction %.4f s, "
            "sweep %.4f s, site search %.4f s, traceback %.4f s",
            f_.length1, f_.length2, f_.window1, f_.width2, profile_.seed, profile_.products,
            profile_.sweep, profile_.search, profile_.trace);
        profile::record("bpmax: seed", profile_.seed);
        profile::record("bpmax: double reduction", profile_.products);
        profile::record("bpmax: sweep", profile_.sweep);
        profile::record("bpmax: site search", profile_.search);
        profile::record("bpmax: traceback", profile_.trace);
    }

  private:
    std::size_t cells_count() const { return f_.tables() * f_.table_cells(); }

    void fill_diagonal(std::size_t d1) {
        const std::size_t count = f_.length1 - d1, first = f_.first_table(d1);
        const std::size_t table_cells = f_.table_cells(), packed_cells = g_.packed_cells();
        Score* diagonal = cells_.data() + first * table_cells;
        Score* diagonal_packed = packed_.data() + first * packed_cells;

        seed_kernel<Score><<<blocks_for(count * table_cells), 256>>>(p_, cells_.data(), int(d1));
        TROPIC_CUDA_CHECK_LAUNCH("bpmax seed_kernel");
        profile_.lap(profile_.seed);

        if (d1 > 0) {
            std::vector<int> begin(count + 1), a, b, c(count);
            for (std::size_t i1 = 0; i1 < count; ++i1) {
                begin[i1] = int(a.size());
                c[i1] = int(first + i1);
                for (std::size_t t = 0; t < d1; ++t) {
                    a.push_back(int(f_.first_table(t) + i1));
                    b.push_back(int(f_.first_table(d1 - 1 - t) + i1 + t + 1));
                }
            }
            begin[count] = int(a.size());
            term_begin_.assign(begin);
            a_slot_.assign(a);
            b_slot_.assign(b);
            c_slot_.assign(c);
            semiring::cuda::pack_bands(diagonal, table_cells, f_.width2, g_, diagonal_packed, count,
                                       kNegInf<Score>);
            const semiring::cuda::BandSums<Score> job{
                packed_.data(),     packed_.data(), packed_.data(), g_,
                term_begin_.data(), a_slot_.data(), b_slot_.data(), c_slot_.data()};
            semiring::cuda::launch_band_sums<semiring::MaxPlus<Score>>(job, count);
            semiring::cuda::unpack_bands(diagonal_packed, g_, diagonal, table_cells, f_.width2,
                                         count);
            profile_.lap(profile_.products);
        }

        // Tile offsets that hold cells of r length 2 .. width2 - 1.
        const int row_tiles = int(f_.length2 / kSweepTile) + 1;
        const int offsets = int((f_.width2 + kSweepTile - 2) / kSweepTile) + 1;
        for (int offset = 0; offset < offsets; ++offset) {
            tile_sweep_kernel<Score>
                <<<dim3(unsigned(row_tiles), unsigned(count)), kSweepThreads,
                   (kSweepSharedBytes<Score>)>>>(p_, cells_.data(), int(d1), offset);
            TROPIC_CUDA_CHECK_LAUNCH("bpmax tile_sweep_kernel");
        }
        // Final now: packed once as an operand of the longer diagonals.
        if (d1 + 1 < f_.window1)
            semiring::cuda::pack_bands(diagonal, table_cells, f_.width2, g_, diagonal_packed, count,
                                       kNegInf<Score>);
        profile_.lap(profile_.sweep);
    }

    TableBuffers<Score>& buffers_;
    const InteractionTables<Score>& f_;  // shape only
    BandGeometry g_;
    DeviceProblem<Score> p_{};
    DeviceBuffer<Score>&cells_, &packed_;
    DeviceBuffer<Score> strand1_, strand2_, pair_weight_;
    DeviceBuffer<std::uint8_t> s1_, r_;
    DeviceBuffer<int> term_begin_, a_slot_, b_slot_, c_slot_;  // double reduction slot lists
    Profile profile_;
};

}  // namespace

template <typename Score>
std::size_t fill_device_bytes(const InteractionTables<Score>& f) {
    const std::size_t strands = (f.length1 + 1) * (f.length1 + 1) + (f.length2 + 1) * f.width2;
    return (f.tables() * (f.table_cells() + table_geometry(f).packed_cells()) + strands) *
           sizeof(Score);
}

std::size_t kept_device_bytes() noexcept {
    return kept_bytes.load();
}

template <typename Score>
void fill_interaction_tables(const Problem<Score>& problem, InteractionTables<Score>& f, int device,
                             const Progress& on_progress, std::size_t item) {
    DeviceTables<Score> tables(problem, f, device);
    tables.fill(on_progress, item);
    tables.copy_all(f);
    tables.report_profile();
}

template <typename Score>
std::vector<DeviceSite> interact_sites(const Problem<Score>& problem,
                                       const InteractionTables<Score>& shape, std::size_t top,
                                       int device, const Progress& on_progress, std::size_t item) {
    DeviceTables<Score> tables(problem, shape, device);
    tables.fill(on_progress, item);
    std::vector<DeviceSite> sites;
    for (const SiteBox& box : tables.best_sites(top)) sites.push_back({box, tables.trace(box)});
    tables.report_profile();
    return sites;
}

TROPIC_BPMAX_CUDA_INSTANTIATE(std::int16_t)
TROPIC_BPMAX_CUDA_INSTANTIATE(std::int32_t)

}  // namespace tropic::rna::detail::cuda

// The CUDA fill of BPMax's F tables (bpmax_cuda.hpp), in the layout of bpmax_tables.hpp and in
// the same order as the CPU fill (bpmax_fill.cpp), one s1 diagonal d1 = j1 - i1 at a time:
//  1. seed: every term that reads other tables, one thread per cell of the diagonal's tables;
//  2. double reduction: F(i1,j1) (+)= (+)_{t<d1} F(i1,i1+t) (x) F(i1+t+1,j1) for every i1 of the
//     diagonal in one launch of the tropical engine's band kernel (band_packed.cuh). Operands are
//     kept in the engine's packed tile layout: each table is packed once when it is final, and
//     the diagonal's own tables are packed before and unpacked after the products;
//  3. sweep: the r arc and the S2 single reductions, which read shorter cells of the same table,
//     one launch per r length over all tables of the diagonal, a warp per cell.
// All values are the CPU fill's exactly (integer max-plus, same terms). The site search runs on
// the device (thrust reductions with the CPU's order of sites); only the rows of each site's box
// come back, for the host traceback of that box as a sub-problem.
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/transform_reduce.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "rna/cuda/bpmax_cuda.hpp"
#include "semiring/cuda/band_packed.cuh"
#include "tropic/core/error.hpp"

namespace tropic::rna::bpmax::cuda {

namespace {

using cuda_detail::DeviceBuffer;
using semiring::cuda::BandGeometry;

struct DeviceProblem {
    const std::uint8_t* s1;
    const std::uint8_t* r;
    const Score* pair_weight;      // kBaseCount x kBaseCount
    const Score* strand1;          // S1 rows form, width1 wide
    const Score* strand2;          // S2 rows form, width2s wide
    const Score* strand2_columns;  // S2 columns form
    int n1, n2;
    int width1, width2s;
    int width;  // of the F tables (window2 + 1)
    std::size_t table_cells;

    __device__ Score w(std::uint8_t a, std::uint8_t b) const {
        return pair_weight[a * kBaseCount + b];
    }
    // S1(i, j), closed.
    __device__ Score s1_closed(int i, int j) const {
        return strand1[std::size_t(i) * width1 + (j + 1 - i)];
    }
    // S2 over the half-open [i, e).
    __device__ Score s2_half_open(int i, int e) const {
        return strand2[std::size_t(i) * width2s + (e - i)];
    }
    __device__ std::size_t first_table(int d1) const {
        return std::size_t(d1) * n1 - std::size_t(d1) * (d1 - 1) / 2;
    }
    __device__ Score* table(Score* f, int i1, int j1) const {
        return f + (first_table(j1 - i1) + i1) * table_cells;
    }
};

__global__ void seed_kernel(DeviceProblem p, Score* f, int d1) {
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
        Score v = kNegInf;  // the empty interval and padding
        if (len >= 1 && len <= longest) {
            v = max(0, p.s1_closed(i1, j1) + p.s2_half_open(i2, i2 + len));
            if (d1 >= int(kBpmaxMinPairSpan))
                v = max(v, p.table(f, i1 + 1, j1 - 1)[cell] + p.w(p.s1[i1], p.s1[j1]));
            for (int k1 = i1; k1 < j1; ++k1) {
                const Score prefix = p.s1_closed(i1, k1) + p.table(f, k1 + 1, j1)[cell];
                const Score suffix = p.table(f, i1, k1)[cell] + p.s1_closed(k1 + 1, j1);
                v = max(v, max(prefix, suffix));
            }
            if (d1 == 0 && len == 1) v = p.w(p.s1[i1], p.r[i2]);  // one inter-molecular pair
        }
        p.table(f, i1, j1)[cell] = v;
    }
}

// Column form of the len-1 cells of the diagonal's tables: cell (m, e) of table i1 at
// columns[i1 * table_cells + e * width + (m - e + width - 1)], as on the CPU, so that the sweep
// reads F(m, e) for a run of m contiguously.
__global__ void start_columns_kernel(DeviceProblem p, const Score* f, Score* columns, int d1) {
    const std::size_t count = std::size_t(p.n1 - d1) * p.n2;
    for (std::size_t index = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; index < count;
         index += std::size_t(gridDim.x) * blockDim.x) {
        const int i1 = int(index / p.n2), i2 = int(index % p.n2);
        const Score* t = p.table(const_cast<Score*>(f), i1, i1 + d1);
        columns[i1 * p.table_cells + std::size_t(i2 + 1) * p.width + (p.width - 2)] =
            t[std::size_t(i2) * p.width + 1];
    }
}

// Cells of r length `len` (half-open [i2, e), e = i2 + len) of every table of the diagonal, one
// warp per cell: the lanes split the m of the two single reductions,
//   max_{i2 < m < e} F(i2, m) + S2(m, e)  and  S2(i2, m) + F(m, e),
// reading the row forms of F and S2 and the column forms of S2 and F, all contiguous in m.
__global__ void sweep_kernel(DeviceProblem p, Score* f, Score* columns, int d1, int len) {
    const std::size_t cells = std::size_t(p.n2 + 1 - len);
    const std::size_t count = std::size_t(p.n1 - d1) * cells;
    const int lane = threadIdx.x % 32;
    const std::size_t warps = std::size_t(gridDim.x) * blockDim.x / 32;
    const std::size_t w = p.width, w2 = p.width2s;
    for (std::size_t index = (blockIdx.x * std::size_t(blockDim.x) + threadIdx.x) / 32;
         index < count; index += warps) {
        const int i1 = int(index / cells), i2 = int(index % cells), e = i2 + len;
        Score* t = p.table(f, i1, i1 + d1);
        Score* column = columns + i1 * p.table_cells;
        const Score* f_row = t + i2 * w;                                       // F(i2, i2 + q)
        const Score* f_column = column + e * w + (w - 1) - len;                // F(e - len + q, e)
        const Score* s2_row = p.strand2 + i2 * w2;                             // S2(i2, i2 + q)
        const Score* s2_column = p.strand2_columns + e * w2 + (w2 - 1) - len;  // S2(i2 + q, e)
        Score v = kNegInf;
        for (int q = 1 + lane; q < len; q += 32)
            v = max(v, max(f_row[q] + s2_column[q], s2_row[q] + f_column[q]));
        for (int offset = 16; offset > 0; offset /= 2)
            v = max(v, __shfl_xor_sync(0xffffffffu, v, offset));
        if (lane == 0) {
            v = max(v, t[i2 * w + len]);
            if (len - 1 >= int(kBpmaxMinPairSpan))
                v = max(v, t[(i2 + 1) * w + (len - 2)] + p.w(p.r[i2], p.r[e - 1]));
            t[i2 * w + len] = v;
            column[e * w + (w - 1 - len)] = v;
        }
    }
}

unsigned blocks_for(std::size_t count) {
    return unsigned(std::min<std::size_t>((count + 255) / 256, 65535));
}

template <typename T>
void upload(DeviceBuffer<T>& device, const std::vector<T>& host) {
    device.resize(std::max<std::size_t>(host.size(), 1));
    if (!host.empty())
        TROPIC_CUDA_CHECK(cudaMemcpy(device.data(), host.data(), host.size() * sizeof(T),
                                     cudaMemcpyHostToDevice));
}

BandGeometry table_geometry(const InteractionTables& f) {
    return semiring::cuda::band_geometry(f.length2 + 1, f.width2);
}

// Phase times for TROPIC_PROFILE (seconds, summed over diagonals).
struct Profile {
    bool enabled = std::getenv("TROPIC_PROFILE") != nullptr;
    double seed = 0, products = 0, sweep = 0, search = 0, copy = 0;
    std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();

    void lap(double& phase) {
        if (!enabled) return;
        TROPIC_CUDA_CHECK(cudaDeviceSynchronize());
        auto now = std::chrono::steady_clock::now();
        phase += std::chrono::duration<double>(now - last).count();
        last = now;
    }
};

// A candidate site for the device-wide arg-max: a box of F and its score; score < 0 marks none
// (every box of the domain scores at least 0).
struct Candidate {
    Score score;
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

// F on the device for one pair: filled once, then searched and read back box by box.
class DeviceTables {
  public:
    DeviceTables(const Problem& problem, const InteractionTables& shape, int device)
        : f_(shape), g_(table_geometry(shape)) {
        TROPIC_CUDA_CHECK(cudaSetDevice(device));
        const std::size_t need = fill_device_bytes(shape);
        std::size_t free_bytes = 0, total_bytes = 0;
        TROPIC_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
        if (need > free_bytes)
            throw ResourceError(
                "BPMax on the GPU needs " + std::to_string(need >> 20) +
                " MiB of device memory for a " + std::to_string(shape.length1) + " x " +
                std::to_string(shape.length2) + " nt pair but " + std::to_string(free_bytes >> 20) +
                " MiB are free; use a smaller --window2 or --window1, or --backend cpu");
        cells_.resize(f_.tables() * f_.table_cells());
        packed_.resize(f_.tables() * g_.packed_cells());
        columns_.resize(f_.length1 * f_.table_cells());
        upload(strand1_, problem.strand1.rows);
        upload(strand2_, problem.strand2.rows);
        upload(strand2_columns_, problem.strand2.columns);
        upload(pair_weight_, problem.pair_weight);
        upload(s1_, std::vector<std::uint8_t>(problem.s1.begin(), problem.s1.end()));
        upload(r_, problem.r);
        p_ = DeviceProblem{s1_.data(),
                           r_.data(),
                           pair_weight_.data(),
                           strand1_.data(),
                           strand2_.data(),
                           strand2_columns_.data(),
                           int(f_.length1),
                           int(f_.length2),
                           int(problem.strand1.width),
                           int(problem.strand2.width),
                           int(f_.width2),
                           f_.table_cells()};
    }

    void fill(const BpmaxProgress& on_progress) {
        auto work = [&](std::size_t d1) { return double((f_.length1 - d1) * (d1 + 1)); };
        double total = 0, done = 0;
        for (std::size_t d1 = 0; d1 < f_.window1; ++d1) total += work(d1);
        for (std::size_t d1 = 0; d1 < f_.window1; ++d1) {
            fill_diagonal(d1);
            done += work(d1);
            if (on_progress) {
                TROPIC_CUDA_CHECK(cudaDeviceSynchronize());
                on_progress(done / total);
            }
        }
        profile_.lap(profile_.sweep);
    }

    void copy_all(InteractionTables& f) {
        TROPIC_CUDA_CHECK(cudaMemcpy(f.cells.data(), cells_.data(), f.cells.size() * sizeof(Score),
                                     cudaMemcpyDeviceToHost));
        profile_.lap(profile_.copy);
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
        upload(device_i1, table_i1);
        upload(device_d1, table_d1);
        std::vector<SiteBox> sites;
        DeviceBuffer<SiteBox> found;
        while (sites.size() < top) {
            upload(found, sites);
            const CellToCandidate decode{cells_.data(),  device_i1.data(),  device_d1.data(),
                                         found.data(),   int(sites.size()), int(f_.length2),
                                         int(f_.width2), f_.table_cells()};
            const Candidate best =
                thrust::transform_reduce(thrust::device, thrust::counting_iterator<std::size_t>(0),
                                         thrust::counting_iterator<std::size_t>(cells_count()),
                                         decode, Candidate{-1, 0, 0, 0, 0, 0}, BetterSite{});
            if (best.score < 0 || (!sites.empty() && best.score <= 0)) break;
            sites.push_back({best.score, std::size_t(best.i1), std::size_t(best.j1),
                             std::size_t(best.i2), std::size_t(best.j2)});
        }
        profile_.lap(profile_.search);
        return sites;
    }

    // Rows box.i2 .. box.j2 + 1 of every table: all a traceback of the box reads, as the tables of
    // the sub-problem r[box.i2 .. box.j2] (same s1, same windows and width).
    InteractionTables box_rows(const SiteBox& box) {
        InteractionTables sub;
        sub.length1 = f_.length1;
        sub.length2 = box.j2 - box.i2 + 1;
        sub.window1 = f_.window1;
        sub.width2 = f_.width2;
        const std::size_t rows = sub.length2 + 1;
        sub.cells.resize(sub.tables() * sub.table_cells());
        TROPIC_CUDA_CHECK(
            cudaMemcpy2D(sub.cells.data(), rows * f_.width2 * sizeof(Score),
                         cells_.data() + box.i2 * f_.width2, f_.table_cells() * sizeof(Score),
                         rows * f_.width2 * sizeof(Score), f_.tables(), cudaMemcpyDeviceToHost));
        profile_.lap(profile_.copy);
        return sub;
    }

    void report_profile() const {
        if (profile_.enabled)
            std::fprintf(
                stderr,
                "tropic profile: bpmax %zu x %zu nt (window1 %zu, width2 %zu) seed %.4f s, "
                "double reduction %.4f s, sweep %.4f s, site search %.4f s, copy back "
                "%.4f s\n",
                f_.length1, f_.length2, f_.window1, f_.width2, profile_.seed, profile_.products,
                profile_.sweep, profile_.search, profile_.copy);
    }

  private:
    std::size_t cells_count() const { return f_.tables() * f_.table_cells(); }

    void fill_diagonal(std::size_t d1) {
        const std::size_t count = f_.length1 - d1, first = f_.first_table(d1);
        const std::size_t table_cells = f_.table_cells(), packed_cells = g_.packed_cells();
        Score* diagonal = cells_.data() + first * table_cells;
        Score* diagonal_packed = packed_.data() + first * packed_cells;

        seed_kernel<<<blocks_for(count * table_cells), 256>>>(p_, cells_.data(), int(d1));
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
            upload(term_begin_, begin);
            upload(a_slot_, a);
            upload(b_slot_, b);
            upload(c_slot_, c);
            semiring::cuda::pack_bands(diagonal, table_cells, f_.width2, g_, diagonal_packed, count,
                                       kNegInf);
            const semiring::cuda::BandSums<Score> job{
                packed_.data(),     packed_.data(), packed_.data(), g_,
                term_begin_.data(), a_slot_.data(), b_slot_.data(), c_slot_.data()};
            semiring::cuda::launch_band_sums<Score, semiring::Semiring::MaxPlus>(job, count);
            semiring::cuda::unpack_bands(diagonal_packed, g_, diagonal, table_cells, f_.width2,
                                         count);
            profile_.lap(profile_.products);
        }

        start_columns_kernel<<<blocks_for(count * f_.length2), 256>>>(p_, cells_.data(),
                                                                      columns_.data(), int(d1));
        TROPIC_CUDA_CHECK_LAUNCH("bpmax start_columns_kernel");
        for (std::size_t len = 2; len < f_.width2; ++len) {
            sweep_kernel<<<blocks_for(32 * count * (f_.length2 + 1 - len)), 256>>>(
                p_, cells_.data(), columns_.data(), int(d1), int(len));
            TROPIC_CUDA_CHECK_LAUNCH("bpmax sweep_kernel");
        }
        // Final now: packed once as an operand of the longer diagonals.
        if (d1 + 1 < f_.window1)
            semiring::cuda::pack_bands(diagonal, table_cells, f_.width2, g_, diagonal_packed, count,
                                       kNegInf);
        profile_.lap(profile_.sweep);
    }

    const InteractionTables& f_;  // shape only
    BandGeometry g_;
    DeviceProblem p_{};
    DeviceBuffer<Score> cells_, packed_, columns_, strand1_, strand2_, strand2_columns_,
        pair_weight_;
    DeviceBuffer<std::uint8_t> s1_, r_;
    DeviceBuffer<int> term_begin_, a_slot_, b_slot_, c_slot_;  // double reduction slot lists
    Profile profile_;
};

}  // namespace

std::size_t fill_device_bytes(const InteractionTables& f) {
    const std::size_t tables = f.tables();
    const std::size_t strands = (f.length1 + 1) * (f.length1 + 1) + 2 * (f.length2 + 1) * f.width2;
    return ((tables + f.length1) * f.table_cells() + tables * table_geometry(f).packed_cells() +
            strands) *
           sizeof(Score);
}

void fill_interaction_tables(const Problem& problem, InteractionTables& f, int device,
                             const BpmaxProgress& on_progress) {
    DeviceTables tables(problem, f, device);
    tables.fill(on_progress);
    tables.copy_all(f);
    tables.report_profile();
}

std::vector<SiteTables> interact_sites(const Problem& problem, const InteractionTables& shape,
                                       std::size_t top, int device,
                                       const BpmaxProgress& on_progress) {
    DeviceTables tables(problem, shape, device);
    tables.fill(on_progress);
    std::vector<SiteTables> sites;
    for (const SiteBox& box : tables.best_sites(top)) sites.push_back({box, tables.box_rows(box)});
    tables.report_profile();
    return sites;
}

}  // namespace tropic::rna::bpmax::cuda

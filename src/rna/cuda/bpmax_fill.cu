// The CUDA fill of BPMax's F tables (bpmax_cuda.hpp), in the layout of bpmax_tables.hpp and in
// the same order as the CPU fill (bpmax_fill.cpp), one s1 diagonal d1 = j1 - i1 at a time:
//  1. seed: every term that reads other tables, one thread per cell of the diagonal's tables;
//  2. double reduction: F(i1,j1) (+)= (+)_{t<d1} F(i1,i1+t) (x) F(i1+t+1,j1) for every i1 of the
//     diagonal in one launch of the tropical engine's band kernel (band_packed.cuh). Operands are
//     kept in the engine's packed tile layout: each table is packed once when it is final, and
//     the diagonal's own tables are packed before and unpacked after the products;
//  3. sweep: the r arc and the S2 single reductions, which read shorter cells of the same table,
//     one launch per r length over all tables of the diagonal.
// All values are the CPU fill's exactly (integer max-plus, same terms), so the CPU site search
// and traceback run on the copied-back tables.
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
    const Score* pair_weight;  // kBaseCount x kBaseCount
    const Score* strand1;      // S1 rows form, width1 wide
    const Score* strand2;      // S2 rows form, width2s wide
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

// Cells of r length `len` (half-open [i2, i2 + len)) of every table of the diagonal.
__global__ void sweep_kernel(DeviceProblem p, Score* f, int d1, int len) {
    const std::size_t cells = std::size_t(p.n2 + 1 - len);
    const std::size_t count = std::size_t(p.n1 - d1) * cells;
    for (std::size_t index = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x; index < count;
         index += std::size_t(gridDim.x) * blockDim.x) {
        const int i1 = int(index / cells), i2 = int(index % cells), e = i2 + len;
        Score* t = p.table(f, i1, i1 + d1);
        const std::size_t w = p.width;
        Score v = t[i2 * w + len];
        if (len - 1 >= int(kBpmaxMinPairSpan))
            v = max(v, t[(i2 + 1) * w + (len - 2)] + p.w(p.r[i2], p.r[e - 1]));
        for (int m = i2 + 1; m < e; ++m) {
            v = max(v, t[i2 * w + (m - i2)] + p.s2_half_open(m, e));
            v = max(v, p.s2_half_open(i2, m) + t[m * w + (e - m)]);
        }
        t[i2 * w + len] = v;
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
    double seed = 0, products = 0, sweep = 0, copy = 0;
    std::chrono::steady_clock::time_point last = std::chrono::steady_clock::now();

    void lap(double& phase) {
        if (!enabled) return;
        TROPIC_CUDA_CHECK(cudaDeviceSynchronize());
        auto now = std::chrono::steady_clock::now();
        phase += std::chrono::duration<double>(now - last).count();
        last = now;
    }
};

}  // namespace

std::size_t fill_device_bytes(const InteractionTables& f) {
    const std::size_t tables = f.tables();
    const std::size_t strands = (f.length1 + 1) * (f.length1 + 1) + (f.length2 + 1) * f.width2;
    return (tables * (f.table_cells() + table_geometry(f).packed_cells()) + strands) *
           sizeof(Score);
}

void fill_interaction_tables(const Problem& problem, InteractionTables& f, int device,
                             const BpmaxProgress& on_progress) {
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    const std::size_t need = fill_device_bytes(f);
    std::size_t free_bytes = 0, total_bytes = 0;
    TROPIC_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    if (need > free_bytes)
        throw ResourceError(
            "BPMax on the GPU needs " + std::to_string(need >> 20) +
            " MiB of device memory for a " + std::to_string(f.length1) + " x " +
            std::to_string(f.length2) + " nt pair but " + std::to_string(free_bytes >> 20) +
            " MiB are free; use a smaller --window2 or --window1, or --backend cpu");

    const BandGeometry g = table_geometry(f);
    const std::size_t tables = f.tables(), packed_cells = g.packed_cells();
    DeviceBuffer<Score> cells(tables * f.table_cells()), packed(tables * packed_cells);
    DeviceBuffer<Score> strand1, strand2, pair_weight;
    DeviceBuffer<std::uint8_t> s1, r;
    upload(strand1, problem.strand1.rows);
    upload(strand2, problem.strand2.rows);
    upload(pair_weight, problem.pair_weight);
    upload(s1, std::vector<std::uint8_t>(problem.s1.begin(), problem.s1.end()));
    upload(r, problem.r);

    DeviceProblem p{s1.data(),
                    r.data(),
                    pair_weight.data(),
                    strand1.data(),
                    strand2.data(),
                    int(f.length1),
                    int(f.length2),
                    int(problem.strand1.width),
                    int(problem.strand2.width),
                    int(f.width2),
                    f.table_cells()};

    // Slot lists of the double reduction, rebuilt per diagonal (a few thousand ints at most).
    DeviceBuffer<int> term_begin, a_slot, b_slot, c_slot;
    auto first_table = [&](std::size_t d1) { return f.first_table(d1); };
    auto work = [&](std::size_t d1) { return static_cast<double>((f.length1 - d1) * (d1 + 1)); };
    double total = 0, done = 0;
    for (std::size_t d1 = 0; d1 < f.window1; ++d1) total += work(d1);

    Profile profile;
    for (std::size_t d1 = 0; d1 < f.window1; ++d1) {
        const std::size_t count = f.length1 - d1, first = first_table(d1);
        Score* diagonal = cells.data() + first * f.table_cells();
        Score* diagonal_packed = packed.data() + first * packed_cells;

        seed_kernel<<<blocks_for(count * f.table_cells()), 256>>>(p, cells.data(), int(d1));
        TROPIC_CUDA_CHECK_LAUNCH("bpmax seed_kernel");
        profile.lap(profile.seed);

        if (d1 > 0) {
            std::vector<int> begin(count + 1), a, b, c(count);
            for (std::size_t i1 = 0; i1 < count; ++i1) {
                begin[i1] = int(a.size());
                c[i1] = int(first + i1);
                for (std::size_t t = 0; t < d1; ++t) {
                    a.push_back(int(first_table(t) + i1));
                    b.push_back(int(first_table(d1 - 1 - t) + i1 + t + 1));
                }
            }
            begin[count] = int(a.size());
            upload(term_begin, begin);
            upload(a_slot, a);
            upload(b_slot, b);
            upload(c_slot, c);
            semiring::cuda::pack_bands(diagonal, f.table_cells(), f.width2, g, diagonal_packed,
                                       count, kNegInf);
            const semiring::cuda::BandSums<Score> job{
                packed.data(),     packed.data(), packed.data(), g,
                term_begin.data(), a_slot.data(), b_slot.data(), c_slot.data()};
            semiring::cuda::launch_band_sums<Score, semiring::Semiring::MaxPlus>(job, count);
            semiring::cuda::unpack_bands(diagonal_packed, g, diagonal, f.table_cells(), f.width2,
                                         count);
            profile.lap(profile.products);
        }

        for (std::size_t len = 2; len < f.width2; ++len) {
            sweep_kernel<<<blocks_for(count * (f.length2 + 1 - len)), 256>>>(p, cells.data(),
                                                                             int(d1), int(len));
            TROPIC_CUDA_CHECK_LAUNCH("bpmax sweep_kernel");
        }
        // Final now: packed once as an operand of the longer diagonals.
        if (d1 + 1 < f.window1)
            semiring::cuda::pack_bands(diagonal, f.table_cells(), f.width2, g, diagonal_packed,
                                       count, kNegInf);
        profile.lap(profile.sweep);
        done += work(d1);
        if (on_progress) {
            TROPIC_CUDA_CHECK(cudaDeviceSynchronize());
            on_progress(done / total);
        }
    }
    TROPIC_CUDA_CHECK(cudaMemcpy(f.cells.data(), cells.data(), f.cells.size() * sizeof(Score),
                                 cudaMemcpyDeviceToHost));
    profile.lap(profile.copy);
    if (profile.enabled)
        std::fprintf(stderr,
                     "tropic profile: bpmax %zu x %zu nt (window1 %zu, width2 %zu) seed %.4f s, "
                     "double reduction %.4f s, sweep %.4f s, copy back %.4f s\n",
                     f.length1, f.length2, f.window1, f.width2, profile.seed, profile.products,
                     profile.sweep, profile.copy);
}

}  // namespace tropic::rna::bpmax::cuda

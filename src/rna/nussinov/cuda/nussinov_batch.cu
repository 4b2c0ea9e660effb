// CUDA batch mode: many short sequences at once, one warp per sequence.
//
// Each warp takes the next sequence from a shared counter (a persistent grid), fills its table
// diagonal by diagonal with one lane per cell, and traces the structure with the shared
// traceback rule (nussinov_traceback.hpp) on lane 0. Tables use the same square layout as long
// mode (U above the diagonal, shifted transposed columns L below), so each lane reads two
// contiguous rows. The caller streams a long input through here chunk by chunk.
#include <algorithm>
#include <mutex>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/internal/profile.hpp"
#include "rna/nussinov/cuda/nussinov_cuda.hpp"
#include "rna/nussinov/cuda/nussinov_kernels_common.cuh"
#include "rna/nussinov/nussinov_table.hpp"
#include "rna/nussinov/nussinov_traceback.hpp"
#include "semiring/device/tropical_dot.cuh"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;
constexpr int kWarpsPerBlock = 4;

// Row length of a table: n rounded up to 16 bytes of the widest score type.
__host__ __device__ inline int padded_row(int n) {
    return (n + 7) / 8 * 8;
}

template <typename Score>
__global__ void __launch_bounds__(kWarpsPerBlock * 32)
    batch_kernel(const std::uint8_t* residues, const std::int64_t* offsets, int count,
                 WeightTable weights, int min_loop, Score* tables, std::size_t table_stride,
                 int* stacks, std::size_t stack_stride, char* structures, std::int32_t* scores,
                 int* next_sequence) {
    const int lane = threadIdx.x & 31;
    const int slot = blockIdx.x * kWarpsPerBlock + (threadIdx.x >> 5);
    Score* table = tables + slot * table_stride;
    int* stack = stacks + slot * stack_stride;
    for (;;) {
        int s = 0;
        if (lane == 0) s = atomicAdd(next_sequence, 1);
        s = __shfl_sync(0xffffffffu, s, 0);
        if (s >= count) return;
        const std::uint8_t* seq = residues + offsets[s];
        const int n = static_cast<int>(offsets[s + 1] - offsets[s]);
        const int ld = padded_row(n);  // rows start on 16-byte boundaries for vector loads
        for (int d = 0; d < n; ++d) {
            for (int i = lane; i + d < n; i += 32) {
                const int j = i + d;
                std::int32_t v = 0;
                if (d > min_loop) {
                    const Score* row = table + i * ld;  // U[i][k] = N(i,k)
                    const Score* col = table + j * ld;  // L[j][k] = N(k+1,j)
                    v = semiring::cuda::tropical_dot<semiring::MaxPlus<Score>>(row, col, i, j, 0);
                    std::int32_t w = weights.w[seq[i] * kBaseCount + seq[j]];
                    if (w > 0) {
                        std::int32_t inner = d - 2 > min_loop ? table[(i + 1) * ld + j - 1] : 0;
                        v = max(v, inner + w);
                    }
                }
                table[i * ld + j] = Score(v);
                if (i >= 1) table[j * ld + i - 1] = Score(v);
            }
            __syncwarp();
        }
        if (lane == 0) {
            struct Cells {
                const Score* table;
                int ld;
                __device__ std::int32_t operator()(int i, int j) const { return table[i * ld + j]; }
                __device__ std::int32_t along_column(int i, int j) const {
                    return i == 0 ? table[j] : table[j * ld + i - 1];
                }
            } cells{table, ld};
            trace_nussinov<std::int32_t>(n, seq, weights.w, min_loop, cells,
                                         structures + offsets[s], stack);
            scores[s] = n - 1 > min_loop ? std::int32_t(table[n - 1]) : 0;
        }
        __syncwarp();
    }
}

// Device buffers kept between chunks so a stream of chunks allocates once.
struct BatchWorkspace {
    DeviceBuffer<std::uint8_t> residues;
    DeviceBuffer<std::int64_t> offsets;
    DeviceBuffer<char> structures;
    DeviceBuffer<std::int32_t> scores;
    DeviceBuffer<unsigned char> tables;
    DeviceBuffer<int> stacks;
    DeviceBuffer<int> counter;
};

std::mutex workspace_mutex;
BatchWorkspace& workspace() {
    static BatchWorkspace* instance = new BatchWorkspace();  // lives until exit: no teardown race
    return *instance;
}

template <typename Score>
void run_batch(BatchWorkspace& ws, int count, std::size_t longest, const WeightTable& weights,
               int min_loop, int device) {
    int sms = 0;
    TROPIC_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    const std::size_t row = padded_row(static_cast<int>(longest));
    const std::size_t table_stride = std::max<std::size_t>(row * row, 8);
    const std::size_t stack_stride = 2 * (longest / 2 + 2);
    // Enough warps to fill the GPU; fewer when the tables would spill far beyond L2.
    std::size_t warps = std::size_t(sms) * 16;
    // Measured on an H200 with 10,000 x 500 nt: 16 warps per SM and a 1 GB cap were fastest.
    const std::size_t table_budget = std::size_t(1) << 30;
    warps = std::min(warps, std::max<std::size_t>(std::size_t(sms) * kWarpsPerBlock,
                                                  table_budget / (table_stride * sizeof(Score))));
    warps = std::min(warps,
                     (std::size_t(count) + kWarpsPerBlock - 1) / kWarpsPerBlock * kWarpsPerBlock);
    const int blocks = static_cast<int>((warps + kWarpsPerBlock - 1) / kWarpsPerBlock);
    ws.tables.resize(std::size_t(blocks) * kWarpsPerBlock * table_stride * sizeof(Score));
    ws.stacks.resize(std::size_t(blocks) * kWarpsPerBlock * stack_stride);
    TROPIC_CUDA_CHECK(cudaMemset(ws.counter.data(), 0, sizeof(int)));
    batch_kernel<Score><<<blocks, kWarpsPerBlock * 32>>>(
        ws.residues.data(), ws.offsets.data(), count, weights, min_loop,
        reinterpret_cast<Score*>(ws.tables.data()), table_stride, ws.stacks.data(), stack_stride,
        ws.structures.data(), ws.scores.data(), ws.counter.data());
    TROPIC_CUDA_CHECK_LAUNCH("nussinov batch_kernel");
}

}  // namespace

std::vector<NussinovResult> fold_nussinov_batch(
    std::span<const std::span<const std::uint8_t>> sequences, const NussinovParams& params,
    int device) {
    std::vector<NussinovResult> results(sequences.size());
    if (sequences.empty()) return results;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    std::vector<std::int64_t> offsets(sequences.size() + 1, 0);
    std::size_t longest = 0;
    for (std::size_t s = 0; s < sequences.size(); ++s) {
        if (sequences[s].size() > kBatchMaxLength)
            throw InternalError("batch mode got a " + std::to_string(sequences[s].size()) +
                                "-nt sequence (limit " + std::to_string(kBatchMaxLength) + ")");
        offsets[s + 1] = offsets[s] + static_cast<std::int64_t>(sequences[s].size());
        longest = std::max(longest, sequences[s].size());
    }
    const std::size_t residues = static_cast<std::size_t>(offsets.back());
    std::vector<std::uint8_t> packed(std::max<std::size_t>(residues, 1));
    for (std::size_t s = 0; s < sequences.size(); ++s)
        std::copy(sequences[s].begin(), sequences[s].end(), packed.begin() + offsets[s]);
    WeightTable weights{};
    auto table_values = params.weights.table();
    std::copy(table_values.begin(), table_values.end(), weights.w);

    std::lock_guard lock(workspace_mutex);
    BatchWorkspace& ws = workspace();
    ws.residues.assign(packed);
    ws.offsets.assign(offsets);
    ws.structures.resize(packed.size());
    ws.scores.resize(sequences.size());
    ws.counter.resize(1);
    const int count = static_cast<int>(sequences.size());
    profile::PhaseTimer clock;
    if (detail::nussinov_fits_int16(longest, params.weights.max_weight()))
        run_batch<std::int16_t>(ws, count, longest, weights, params.min_loop, device);
    else
        run_batch<std::int32_t>(ws, count, longest, weights, params.min_loop, device);

    if (clock.enabled()) {
        double kernel = 0;
        clock.lap(kernel, [] { TROPIC_CUDA_CHECK(cudaDeviceSynchronize()); });
        profile::print("batch of %d (longest %zu nt) kernel %.4f s", count, longest, kernel);
        profile::record("nussinov batch: kernel", kernel);
    }
    std::vector<char> structures(packed.size());
    std::vector<std::int32_t> scores(sequences.size());
    TROPIC_CUDA_CHECK(cudaMemcpy(structures.data(), ws.structures.data(), structures.size(),
                                 cudaMemcpyDeviceToHost));
    TROPIC_CUDA_CHECK(cudaMemcpy(scores.data(), ws.scores.data(),
                                 scores.size() * sizeof(std::int32_t), cudaMemcpyDeviceToHost));
    for (std::size_t s = 0; s < sequences.size(); ++s) {
        results[s].score = scores[s];
        results[s].structure.assign(structures.data() + offsets[s], sequences[s].size());
    }
    return results;
}

}  // namespace tropic::rna::detail::cuda

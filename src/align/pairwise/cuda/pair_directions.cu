// The direction kernel of the traceback's tiles (pair_directions.cuh says the layout).
#include <cuda/atomic>
#include <string>

#include "align/pairwise/cuda/pair_directions.cuh"
#include "align/pairwise/cuda/strip_rows.cuh"
#include "align/pairwise/traceback.hpp"
#include "core/cuda/cuda_check.cuh"
#include "tropic/core/error.hpp"

namespace tropic::align::detail::cuda {

namespace {

constexpr int kStripRows = 32 * kDirectionRows;

struct DirectionArgs {
    DevicePair pair;
    DirectionTile tile;  // edges indexed by DP index
    std::int32_t floor;
    std::int32_t* pass_h;  // per strip: H and I of its bottom row, width entries each
    std::int32_t* pass_i;
    int* progress;  // per strip: columns of its bottom row written
    std::uint8_t* dirs;
    int pitch;  // bytes between the rows of dirs, a multiple of 4
};

template <int R, bool Local>
__global__ void __launch_bounds__(32) direction_kernel(DirectionArgs a) {
    extern __shared__ std::int32_t matrix[];
    const int lane = static_cast<int>(threadIdx.x);
    const int s = static_cast<int>(blockIdx.x);
    const int size = a.pair.alphabet;
    for (int k = lane; k < size * size; k += 32) matrix[k] = a.pair.matrix[k];
    __syncwarp();

    const int r0 = static_cast<int>(a.tile.bounds.r0), c0 = static_cast<int>(a.tile.bounds.c0);
    const int height = static_cast<int>(a.tile.bounds.r1) - r0;
    const int width = static_cast<int>(a.tile.bounds.c1) - c0;
    const GapPenalties gaps = a.pair.gaps;
    // The lane's first row, counted from r0. Rows past the tile compute garbage that reaches no
    // stored byte (only rows below them read them).
    const int first = s * kStripRows + lane * R;
    int row_code[R];
    std::int32_t hl[R], dl[R];
    std::uint32_t word[R];
#pragma unroll
    for (int r = 0; r < R; ++r) {
        const int local = first + r;
        const bool real = local < height;
        row_code[r] = real ? a.pair.query[r0 + local - 1] * size : 0;
        hl[r] = real ? a.tile.left_h[r0 + local] : 0;
        dl[r] = real ? a.tile.left_d[r0 + local] : kMinusInfinity;
        word[r] = 0;
    }
    // H(row above, c0 - 1): the corner comes from the top row, as DirectionTile gives it.
    std::int32_t diag = first == 0        ? a.tile.top_h[c0 - 1]
                        : first <= height ? a.tile.left_h[r0 + first - 1]
                                          : 0;
    std::int32_t out_h = 0, out_i = 0, chunk_h = 0, chunk_i = 0;
    const std::int32_t* in_h = a.pass_h + static_cast<std::int64_t>(s - 1) * width;
    const std::int32_t* in_i = a.pass_i + static_cast<std::int64_t>(s - 1) * width;
    std::int32_t* my_h = a.pass_h + static_cast<std::int64_t>(s) * width;
    std::int32_t* my_i = a.pass_i + static_cast<std::int64_t>(s) * width;
    const bool passes = (s + 1) * kStripRows < height;  // a strip below reads this one
    ::cuda::atomic_ref<int, ::cuda::thread_scope_device> published(a.progress[s]);

    // The target code of the lane's next column, loaded a step ahead (off the critical path).
    int next_code = a.pair.target[c0 - 1];
    for (int step = 0; step < width + 31; ++step) {
        if ((step & 31) == 0) {
            const int k = step + lane;
            if (s == 0) {
                if (k < width) {
                    chunk_h = a.tile.top_h[c0 + k];
                    chunk_i = a.tile.top_i[c0 + k];
                }
            } else {
                load_strip_above(&a.progress[s - 1], min(width, step + 32), in_h, in_i, k,
                                 k < width, chunk_h, chunk_i);
            }
            __syncwarp();
        }
        std::int32_t up_h, up_i;
        row_above(step, lane, chunk_h, chunk_i, out_h, out_i, up_h, up_i);
        const int k = step - lane;  // the lane's column, counted from c0
        if (k < 0 || k >= width) continue;
        const int code = next_code;
        if (k + 1 < width) next_code = a.pair.target[c0 + k];
        std::int32_t h_diag = diag;
        diag = up_h;
#pragma unroll
        for (int r = 0; r < R; ++r) {
            const std::int32_t sub = matrix[row_code[r] + code];
            const CellValues cell =
                update_cell_dpx(h_diag, up_h, up_i, hl[r], dl[r], sub, gaps, a.floor);
            word[r] |= direction_of(cell, h_diag + sub, dl[r], up_i, gaps.extend, Local)
                       << (8 * (k & 3));
            h_diag = hl[r];
            hl[r] = cell.h;
            dl[r] = cell.d;
            up_h = cell.h;
            up_i = cell.i;
        }
        out_h = up_h;
        out_i = up_i;
        if ((k & 3) == 3 || k == width - 1) {
#pragma unroll
            for (int r = 0; r < R; ++r) {
                if (first + r < height)
                    *reinterpret_cast<std::uint32_t*>(
                        a.dirs + static_cast<std::int64_t>(first + r) * a.pitch + (k & ~3)) =
                        word[r];
                word[r] = 0;
            }
        }
        if (passes && lane == 31) {
            my_h[k] = out_h;
            my_i[k] = out_i;
            // Release: the row's columns up to k are visible before the count says so.
            if (((k + 1) & 31) == 0 || k == width - 1)
                published.store(k + 1, ::cuda::memory_order_release);
        }
    }
}

std::int64_t ceil_div(std::int64_t a, std::int64_t b) {
    return (a + b - 1) / b;
}

}  // namespace

std::uint64_t DirectionFiller::device_bytes(std::int64_t max_rows, std::int64_t max_columns) {
    const std::int64_t strips = ceil_div(max_rows, kStripRows);
    const std::int64_t pitch = ceil_div(max_columns, 16) * 16;
    return static_cast<std::uint64_t>(8 * strips * max_columns + 4 * strips + max_rows * pitch);
}

DirectionFiller::DirectionFiller(std::int64_t max_rows, std::int64_t max_columns)
    : max_rows_(max_rows), max_columns_(max_columns), pitch_(ceil_div(max_columns, 16) * 16) {
    const std::int64_t strips = ceil_div(max_rows, kStripRows);
    // A strip waits for the one above it: all of a tile's strips must be resident at once.
    int per_sm = 0, sms = 0, device = 0;
    TROPIC_CUDA_CHECK(cudaGetDevice(&device));
    TROPIC_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    TROPIC_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
        &per_sm, direction_kernel<kDirectionRows, true>, 32, 32 * 32 * sizeof(std::int32_t)));
    if (static_cast<std::int64_t>(per_sm) * sms < strips)
        throw ResourceError("a traceback tile of " + std::to_string(max_rows) +
                            " rows needs more resident warps than this device has");
    pass_h_.resize(static_cast<std::size_t>(strips * max_columns));
    pass_i_.resize(static_cast<std::size_t>(strips * max_columns));
    progress_.resize(static_cast<std::size_t>(strips));
    dirs_.resize(static_cast<std::size_t>(max_rows * pitch_));
    void* host = nullptr;
    TROPIC_CUDA_CHECK(cudaMallocHost(&host, static_cast<std::size_t>(max_rows * max_columns)));
    host_ = static_cast<std::uint8_t*>(host);
}

DirectionFiller::~DirectionFiller() {
    if (host_ != nullptr) (void)cudaFreeHost(host_);
}

const std::uint8_t* DirectionFiller::fill(const DevicePair& pair, const DirectionTile& tile) {
    const std::int64_t height = tile.bounds.r1 - tile.bounds.r0;
    const std::int64_t width = tile.bounds.c1 - tile.bounds.c0;
    if (height <= 0 || width <= 0) return host_;
    if (height > max_rows_ || width > max_columns_)
        throw InternalError("align: a traceback tile is larger than its device buffers");
    const auto strips = static_cast<int>(ceil_div(height, kStripRows));
    TROPIC_CUDA_CHECK(
        cudaMemsetAsync(progress_.data(), 0, sizeof(int) * strips, cudaStreamPerThread));
    DirectionArgs args{};
    args.pair = pair;
    args.tile = tile;
    args.floor = h_floor(pair.mode);
    args.pass_h = pass_h_.data();
    args.pass_i = pass_i_.data();
    args.progress = progress_.data();
    args.dirs = dirs_.data();
    args.pitch = static_cast<int>(pitch_);
    if (pair.alphabet > 32)
        throw InternalError("align: the direction kernel takes 32 codes at most");
    const std::size_t shared = static_cast<std::size_t>(pair.alphabet) * pair.alphabet * 4;
    if (pair.mode == AlignMode::Local)
        direction_kernel<kDirectionRows, true><<<strips, 32, shared, cudaStreamPerThread>>>(args);
    else
        direction_kernel<kDirectionRows, false><<<strips, 32, shared, cudaStreamPerThread>>>(args);
    TROPIC_CUDA_CHECK_LAUNCH("align direction_kernel");
    TROPIC_CUDA_CHECK(cudaMemcpy2DAsync(
        host_, static_cast<std::size_t>(width), dirs_.data(), static_cast<std::size_t>(pitch_),
        static_cast<std::size_t>(width), static_cast<std::size_t>(height), cudaMemcpyDeviceToHost,
        cudaStreamPerThread));
    TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
    return host_;
}

}  // namespace tropic::align::detail::cuda

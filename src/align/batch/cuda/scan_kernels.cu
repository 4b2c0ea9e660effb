// The scan kernels (scan_kernels.cuh says the layout and why).
#include <algorithm>

#include "align/batch/cuda/scan_launch.hpp"
#include "align/batch/cuda/strip_lane.cuh"
#include "align/pairwise/tile.hpp"
#include "core/cuda/cuda_check.cuh"
#include "tropic/core/error.hpp"

namespace tropic::align::detail::batch {

namespace {

constexpr unsigned kFull = kFullWarp;

// The pass's profile into shared memory: shared[(c * (R / 4) + g) * 32 + lane] holds the scores
// of rows pass * 32R + lane * R + 4g .. + 3 against code c.
template <int R, typename Word, typename Element>
__device__ void load_profile(const Element* profile, int codes, int rows, int pass, Word* shared) {
    const int groups = R / 4;
    const int total = codes * groups * 32;
    for (int x = static_cast<int>(threadIdx.x); x < total; x += static_cast<int>(blockDim.x)) {
        const int lane = x & 31, g = (x >> 5) % groups, c = (x >> 5) / groups;
        const int row = pass * 32 * R + lane * R + 4 * g;
        shared[x] =
            *reinterpret_cast<const Word*>(profile + static_cast<std::int64_t>(c) * rows + row);
    }
}

__device__ __forceinline__ std::uint32_t halves_low(std::uint32_t a, std::uint32_t b) {
    return __byte_perm(a, b, 0x5410);  // a's low half, b's low half
}
__device__ __forceinline__ std::uint32_t halves_high(std::uint32_t a, std::uint32_t b) {
    return __byte_perm(a, b, 0x7632);  // a's high half, b's high half
}
__device__ __forceinline__ std::uint32_t pack2(std::int32_t v) {
    const auto h = static_cast<std::uint32_t>(static_cast<std::uint16_t>(v));
    return h | (h << 16);
}

// What a lane carries from step to step: H above its first row at the last column (the next
// step's diagonal), and its last row's H and I (what the next lane reads).
struct PackedLane {
    std::uint32_t top_diag, out_h, out_i;
};

// One step of a packed warp: lane `lane` fills column k - lane of its R rows, reading the
// previous column's H from `prev` and writing the new one into `cur`.
struct PackedStep {
    const PackedScanArgs& a;
    const uint2* profile;
    std::uint32_t* scratch;
    const std::uint8_t *res_a, *res_b;
    int na, nb, n, lane;
    bool first, last;
    std::uint32_t neg_oe, neg_e;
    int pad;

    template <int R>
    __device__ __forceinline__ void run(int k, const std::uint32_t (&prev)[R],
                                        std::uint32_t (&cur)[R], std::uint32_t (&dl)[R],
                                        PackedLane& state, std::uint32_t& best) const {
        const std::uint32_t minus_inf = neg_oe, lowest = 0x80008000u;
        const int j = k - lane;
        std::uint32_t in_h, in_i;
        row_above<std::uint32_t>(lane, j, n, first, scratch, state.out_h, state.out_i, 0u,
                                 minus_inf, in_h, in_i);
        if (j >= 0 && j < n) {
            const int ca = j < na ? res_a[j] : pad;
            const int cb = j < nb ? res_b[j] : pad;
            const uint2* pa = profile + ca * (R / 4) * 32 + lane;
            const uint2* pb = profile + cb * (R / 4) * 32 + lane;
            std::uint32_t up_h = in_h, up_i = in_i;
            std::uint32_t up_hmo = __viaddmax_s16x2(in_h, neg_oe, lowest);
#pragma unroll
            for (int g = 0; g < R / 4; ++g) {
                const uint2 wa = pa[g * 32], wb = pb[g * 32];
                const std::uint32_t sub[4] = {halves_low(wa.x, wb.x), halves_high(wa.x, wb.x),
                                              halves_low(wa.y, wb.y), halves_high(wa.y, wb.y)};
#pragma unroll
                for (int q = 0; q < 4; ++q) {
                    const int r = 4 * g + q;
                    const std::uint32_t diag = r == 0 ? state.top_diag : prev[r - 1];
                    const std::uint32_t i_cur = __viaddmax_s16x2(up_i, neg_e, up_hmo);
                    const std::uint32_t h =
                        __vimax_s16x2_relu(__viaddmax_s16x2(diag, sub[q], i_cur), dl[r]);
                    cur[r] = h;
                    const std::uint32_t hmo = __viaddmax_s16x2(h, neg_oe, lowest);
                    dl[r] = __viaddmax_s16x2(dl[r], neg_e, hmo);
                    best = __vmaxs2(best, h);
                    up_h = h;
                    up_i = i_cur;
                    up_hmo = hmo;
                }
            }
            state.out_h = up_h;
            state.out_i = up_i;
            keep_bottom_row(lane, j, last, scratch, up_h, up_i);
        } else {
            // An idle lane keeps its column: the next step's `prev` must still hold it.
#pragma unroll
            for (int r = 0; r < R; ++r) cur[r] = prev[r];
        }
        if (j >= 0) state.top_diag = in_h;  // H above the lane's first row, column j + 1
    }
};

template <int R>
__global__ void __launch_bounds__(kScanWarps * 32) packed_scan_kernel(PackedScanArgs a) {
    extern __shared__ uint2 packed_profile[];
    const int lane = static_cast<int>(threadIdx.x & 31), warp = static_cast<int>(threadIdx.x >> 5);
    const int pairs = (a.targets.count + 1) / 2;
    const int groups = (pairs + kScanWarps - 1) / kScanWarps;
    const std::uint32_t neg_oe = pack2(-a.open_extend), neg_e = pack2(-a.extend);
    const std::uint32_t minus_inf = neg_oe;  // exact for local lanes (scan_kernels.cuh)
    const int pad = a.codes - 1;
    std::uint32_t* scratch =
        a.scratch +
        (static_cast<std::int64_t>(blockIdx.x) * kScanWarps + warp) * 2 * (a.longest + 1);
    bool loaded = false;

    for (int group = static_cast<int>(blockIdx.x); group < groups;
         group += static_cast<int>(gridDim.x)) {
        const int pair = group * kScanWarps + warp;
        const int ta = 2 * pair, tb = 2 * pair + 1;
        const bool has_a = ta < a.targets.count, has_b = tb < a.targets.count;
        const std::uint32_t off_a = has_a ? a.targets.offsets[ta] : 0;
        const int na = has_a ? static_cast<int>(a.targets.offsets[ta + 1] - off_a) : 0;
        const std::uint32_t off_b = has_b ? a.targets.offsets[tb] : 0;
        const int nb = has_b ? static_cast<int>(a.targets.offsets[tb + 1] - off_b) : 0;
        const int n = na > nb ? na : nb;
        const std::uint8_t* res_a = a.targets.residues + off_a;
        const std::uint8_t* res_b = a.targets.residues + off_b;
        std::uint32_t best = 0;

        for (int pass = 0; pass < a.passes; ++pass) {
            if (a.passes > 1 || !loaded) {
                __syncthreads();
                load_profile<R>(a.profile, a.codes, a.rows, pass, packed_profile);
                __syncthreads();
                loaded = true;
            }
            // H of the previous column in one array, the current column into the other: with
            // the steps unrolled by two the arrays swap roles, so no register is copied.
            std::uint32_t h_even[R], h_odd[R], dl[R];
#pragma unroll
            for (int r = 0; r < R; ++r) {
                h_even[r] = h_odd[r] = 0;
                dl[r] = minus_inf;
            }
            PackedLane lane_state{0, 0, minus_inf};
            const PackedStep step{
                a,         packed_profile,       scratch, res_a, res_b, na, nb, n, lane,
                pass == 0, pass == a.passes - 1, neg_oe,  neg_e, pad};
            for (int k = 0; k < n + 31; k += 2) {
                step.template run<R>(k, h_even, h_odd, dl, lane_state, best);
                step.template run<R>(k + 1, h_odd, h_even, dl, lane_state, best);
            }
            __syncwarp();
        }
#pragma unroll
        for (int shift = 16; shift > 0; shift >>= 1)
            best = __vmaxs2(best, __shfl_xor_sync(kFull, best, shift));
        if (lane == 0) {
            const std::int32_t low = static_cast<std::int16_t>(best & 0xffffu);
            const std::int32_t high = static_cast<std::int16_t>(best >> 16);
            if (has_a) a.scores[ta] = low >= a.threshold ? kOverflowed : low;
            if (has_b) a.scores[tb] = high >= a.threshold ? kOverflowed : high;
        }
    }
}

template <int R, AlignMode Mode>
__global__ void __launch_bounds__(kScanWarps * 32) int32_scan_kernel(Int32ScanArgs a) {
    extern __shared__ int4 int32_profile[];
    const int lane = static_cast<int>(threadIdx.x & 31), warp = static_cast<int>(threadIdx.x >> 5);
    const int groups = (a.id_count + kScanWarps - 1) / kScanWarps;
    const GapPenalties gaps = a.gaps;
    const std::int32_t floor = Mode == AlignMode::Local ? 0 : kMinusInfinity;
    std::int32_t* scratch =
        a.scratch +
        (static_cast<std::int64_t>(blockIdx.x) * kScanWarps + warp) * 2 * (a.longest + 1);
    bool loaded = false;

    for (int group = static_cast<int>(blockIdx.x); group < groups;
         group += static_cast<int>(gridDim.x)) {
        const int slot = group * kScanWarps + warp;
        const bool has = slot < a.id_count;
        const int t = has ? a.ids[slot] : 0;
        const std::uint32_t off = has ? a.targets.offsets[t] : 0;
        const int n = has ? static_cast<int>(a.targets.offsets[t + 1] - off) : 0;
        const std::uint8_t* res = a.targets.residues + off;
        // The end (pairwise.hpp): local the best H anywhere; glocal the best of row m, from
        // H(m, 0); overlap the best of row m and column n, boundaries 0; global H(m, n).
        std::int32_t best = Mode == AlignMode::Local     ? 0
                            : Mode == AlignMode::Glocal  ? boundary_column_h(Mode, gaps, a.m)
                            : Mode == AlignMode::Overlap ? 0
                                                         : kMinusInfinity;
        if (Mode == AlignMode::Global && n == 0) best = boundary_column_h(Mode, gaps, a.m);

        for (int pass = 0; pass < a.passes; ++pass) {
            if (a.passes > 1 || !loaded) {
                __syncthreads();
                load_profile<R>(a.profile, a.codes, a.rows, pass, int32_profile);
                __syncthreads();
                loaded = true;
            }
            const int base = pass * 32 * R + lane * R;  // the lane's rows are base + 1 .. base + R
            const int row_m = a.m - 1 - base;           // the index r of row m, if the lane has it
            std::int32_t hl[R], dl[R];
#pragma unroll
            for (int r = 0; r < R; ++r) {
                hl[r] = boundary_column_h(Mode, gaps, base + r + 1);
                dl[r] = kMinusInfinity;
            }
            std::int32_t top_diag = boundary_column_h(Mode, gaps, base);
            std::int32_t out_h = 0, out_i = kMinusInfinity;
            const bool first = pass == 0, last = pass == a.passes - 1;
            for (int k = 0; k < n + 31; ++k) {
                const int j = k - lane;  // column j + 1
                std::int32_t in_h, in_i;
                row_above<std::int32_t>(lane, j, n, first, scratch, out_h, out_i,
                                        boundary_row_h(Mode, gaps, j + 1), kMinusInfinity, in_h,
                                        in_i);
                if (j >= 0 && j < n) {
                    const int c = res[j];
                    const int4* p = int32_profile + c * (R / 4) * 32 + lane;
                    std::int32_t diag = top_diag, up_h = in_h, up_i = in_i;
#pragma unroll
                    for (int g = 0; g < R / 4; ++g) {
                        const int4 w = p[g * 32];
                        const std::int32_t s[4] = {w.x, w.y, w.z, w.w};
#pragma unroll
                        for (int q = 0; q < 4; ++q) {
                            const int r = 4 * g + q;
                            const CellValues cell =
                                update_cell_dpx(diag, up_h, up_i, hl[r], dl[r], s[q], gaps, floor);
                            diag = hl[r];
                            hl[r] = cell.h;
                            dl[r] = cell.d;
                            up_h = cell.h;
                            up_i = cell.i;
                            if constexpr (Mode == AlignMode::Local) {
                                best = max2(best, cell.h);
                            } else if constexpr (Mode == AlignMode::Global) {
                                if (last && r == row_m && j == n - 1) best = cell.h;
                            } else {
                                if (last && r == row_m) best = max2(best, cell.h);
                                if (Mode == AlignMode::Overlap && j == n - 1 && r <= row_m)
                                    best = max2(best, cell.h);
                            }
                        }
                    }
                    out_h = up_h;
                    out_i = up_i;
                    keep_bottom_row(lane, j, last, scratch, out_h, out_i);
                }
                if (j >= 0) top_diag = in_h;  // H(row above the lane, column j + 1)
            }
            __syncwarp();
        }
        best = __reduce_max_sync(kFull, best);
        if (lane == 0 && has) a.scores[t] = best;
    }
}

template <typename Kernel>
int grid_for(Kernel kernel, std::size_t shared, int work_groups, int device) {
    TROPIC_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           static_cast<int>(shared)));
    int per_sm = 0, sms = 0;
    TROPIC_CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kScanWarps * 32, shared));
    TROPIC_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    if (per_sm == 0)
        throw ResourceError("the search kernel does not fit a multiprocessor of this device");
    return std::max(1, std::min(per_sm * sms, work_groups));
}

template <int R>
void launch_packed_r(const PackedScanArgs& args, int blocks, cudaStream_t stream, int device,
                     bool size_only, int* grid) {
    const std::size_t shared = static_cast<std::size_t>(args.codes) * (R / 4) * 32 * sizeof(uint2);
    const int pairs = (args.targets.count + 1) / 2;
    const int g =
        grid_for(packed_scan_kernel<R>, shared, (pairs + kScanWarps - 1) / kScanWarps, device);
    *grid = blocks > 0 ? std::min(blocks, g) : g;
    if (size_only) return;
    packed_scan_kernel<R><<<*grid, kScanWarps * 32, shared, stream>>>(args);
    TROPIC_CUDA_CHECK_LAUNCH("search packed_scan_kernel");
}

template <int R, AlignMode Mode>
void launch_int32_rm(const Int32ScanArgs& args, int blocks, cudaStream_t stream, int device,
                     bool size_only, int* grid) {
    const std::size_t shared = static_cast<std::size_t>(args.codes) * (R / 4) * 32 * sizeof(int4);
    const int g = grid_for(int32_scan_kernel<R, Mode>, shared,
                           (args.id_count + kScanWarps - 1) / kScanWarps, device);
    *grid = blocks > 0 ? std::min(blocks, g) : g;
    if (size_only) return;
    int32_scan_kernel<R, Mode><<<*grid, kScanWarps * 32, shared, stream>>>(args);
    TROPIC_CUDA_CHECK_LAUNCH("search int32_scan_kernel");
}

template <int R>
void launch_int32_r(const Int32ScanArgs& args, AlignMode mode, int blocks, cudaStream_t stream,
                    int device, bool size_only, int* grid) {
    switch (mode) {
        case AlignMode::Local:
            return launch_int32_rm<R, AlignMode::Local>(args, blocks, stream, device, size_only,
                                                        grid);
        case AlignMode::Global:
            return launch_int32_rm<R, AlignMode::Global>(args, blocks, stream, device, size_only,
                                                         grid);
        case AlignMode::Glocal:
            return launch_int32_rm<R, AlignMode::Glocal>(args, blocks, stream, device, size_only,
                                                         grid);
        case AlignMode::Overlap:
            return launch_int32_rm<R, AlignMode::Overlap>(args, blocks, stream, device, size_only,
                                                          grid);
    }
}

}  // namespace

int packed_rows_per_lane(std::int64_t m) {
    // The fewest passes of at most 32 rows a lane, then the fewest rows (a multiple of 4) that
    // cover the query in that many passes: padding rows cost as much as real ones.
    const std::int64_t passes = (m + 32 * 32 - 1) / (32 * 32);
    const std::int64_t per_lane = (m + 32 * passes - 1) / (32 * passes);
    return static_cast<int>(std::max<std::int64_t>(4, (per_lane + 3) / 4 * 4));
}

int int32_rows_per_lane(std::int64_t m) {
    const std::int64_t passes = (m + 32 * 16 - 1) / (32 * 16);
    const std::int64_t per_lane = (m + 32 * passes - 1) / (32 * passes);
    const std::int64_t r = std::max<std::int64_t>(4, (per_lane + 3) / 4 * 4);
    return r <= 4 ? 4 : r <= 8 ? 8 : r <= 12 ? 12 : 16;
}

int launch_packed_scan(const PackedScanArgs& args, int rows_per_lane, int blocks,
                       cudaStream_t stream, int device, bool size_only) {
    int grid = 0;
    switch (rows_per_lane) {
        case 4:
            launch_packed_r<4>(args, blocks, stream, device, size_only, &grid);
            break;
        case 8:
            launch_packed_r<8>(args, blocks, stream, device, size_only, &grid);
            break;
        case 12:
            launch_packed_r<12>(args, blocks, stream, device, size_only, &grid);
            break;
        case 16:
            launch_packed_r<16>(args, blocks, stream, device, size_only, &grid);
            break;
        case 20:
            launch_packed_r<20>(args, blocks, stream, device, size_only, &grid);
            break;
        case 24:
            launch_packed_r<24>(args, blocks, stream, device, size_only, &grid);
            break;
        case 28:
            launch_packed_r<28>(args, blocks, stream, device, size_only, &grid);
            break;
        case 32:
            launch_packed_r<32>(args, blocks, stream, device, size_only, &grid);
            break;
        default:
            throw InternalError("search: packed lanes take 4 to 32 rows, in fours");
    }
    return grid;
}

int launch_int32_scan(const Int32ScanArgs& args, AlignMode mode, int rows_per_lane, int blocks,
                      cudaStream_t stream, int device, bool size_only) {
    int grid = 0;
    switch (rows_per_lane) {
        case 4:
            launch_int32_r<4>(args, mode, blocks, stream, device, size_only, &grid);
            break;
        case 8:
            launch_int32_r<8>(args, mode, blocks, stream, device, size_only, &grid);
            break;
        case 12:
            launch_int32_r<12>(args, mode, blocks, stream, device, size_only, &grid);
            break;
        case 16:
            launch_int32_r<16>(args, mode, blocks, stream, device, size_only, &grid);
            break;
        default:
            throw InternalError("search: int32 lanes take 4 to 16 rows, in fours");
    }
    return grid;
}

}  // namespace tropic::align::detail::batch

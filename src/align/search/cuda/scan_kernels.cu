// The scan kernels (scan_kernels.cuh says the layout and why).
#include <algorithm>
#include <type_traits>

#include "align/pairwise/tile.hpp"
#include "align/search/cuda/scan_launch.hpp"
#include "align/search/cuda/strip_lane.cuh"
#include "core/cuda/cuda_check.cuh"
#include "tropic/core/error.hpp"

namespace tropic::align::detail::cuda {

namespace {

constexpr unsigned kFull = kFullWarp;

// The pass's profile into shared memory: shared[(c * (R / w) + g) * 32 + lane] holds the scores
// of rows pass * 32R + lane * R + wg .. + w - 1 against code c, w the rows a Word holds.
template <int R, typename Word, typename Element>
__device__ void load_profile(const Element* profile, int codes, int rows, int pass, Word* shared) {
    constexpr int kWordRows = static_cast<int>(sizeof(Word) / sizeof(Element));
    const int groups = R / kWordRows;
    const int total = codes * groups * 32;
    for (int x = static_cast<int>(threadIdx.x); x < total; x += static_cast<int>(blockDim.x)) {
        const int lane = x & 31, g = (x >> 5) % groups, c = (x >> 5) / groups;
        const int row = pass * 32 * R + lane * R + kWordRows * g;
        shared[x] =
            *reinterpret_cast<const Word*>(profile + static_cast<std::int64_t>(c) * rows + row);
    }
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

// Packed lanes hold H, I and D biased by 2^15 as unsigned 16-bit values: local H is never below
// 0 and I, D never below -(O + E) (scan_kernels.cuh), so every biased value stays above
// 2^15 - 2 * kPackedMaxGap > 0, and H - (O + E) is one plain 32-bit subtraction (no borrow crosses
// the halves), which runs on the integer pipe instead of a DPX instruction.
constexpr std::uint32_t kBias = 0x80008000u;

// The shared-memory word of a packed profile (PackedScanArgs::profile): four rows' 32-bit words
// where R allows, else two.
template <int R, bool Paired>
using PackedWord = std::conditional_t<R % 4 == 0, uint4, uint2>;
template <int R, bool Paired>
constexpr int kWordRows = R % 4 == 0 ? 4 : 2;

// One step of a packed warp: lane `lane` fills column k - lane of its R rows, reading the
// previous column's H from `prev` and writing the new one into `cur`. An idle lane writes
// nothing: before its first column both arrays hold the boundary, after its last nothing reads
// them. Two targets (res_a in the low halves, res_b in the high ones), or, Paired, one target
// (res_a) against two queries, whose scores come from the profile already in halves.
struct PackedStep {
    const void* profile;
    std::uint32_t* scratch;
    const std::uint8_t *res_a, *res_b;
    int na, nb, n, lane;
    bool first, last;
    std::uint32_t oe2, neg_e, minus_inf;
    int pad;

    // The substitution scores of the lane's rows 4g .. 4g + 3 (or 2g, 2g + 1) in halves.
    template <int R, bool Paired>
    __device__ __forceinline__ void scores(int g, int ca, int cb, std::uint32_t* sub) const {
        using Word = PackedWord<R, Paired>;
        constexpr int kRows = kWordRows<R, Paired>;
        const Word* words = reinterpret_cast<const Word*>(profile) + g * 32 + lane;
        if constexpr (Paired) {
            const Word w = words[ca * (R / kRows) * 32];
            if constexpr (kRows == 4) {
                sub[0] = w.x, sub[1] = w.y, sub[2] = w.z, sub[3] = w.w;
            } else {
                sub[0] = w.x, sub[1] = w.y;
            }
        } else {
            // A query's words hold its score in the low half and 0 in the high one, so that
            // b x 2^16 + a puts target b's score above target a's in one multiply-add, which
            // runs on the FMA pipe, beside the DPX instructions' ALU pipe.
            const Word wa = words[ca * (R / kRows) * 32], wb = words[cb * (R / kRows) * 32];
            sub[0] = wb.x * 65536u + wa.x;
            sub[1] = wb.y * 65536u + wa.y;
            if constexpr (kRows == 4) {
                sub[2] = wb.z * 65536u + wa.z;
                sub[3] = wb.w * 65536u + wa.w;
            }
        }
    }

    template <int R, bool Paired>
    __device__ __forceinline__ void run(int k, const std::uint32_t (&prev)[R],
                                        std::uint32_t (&cur)[R], std::uint32_t (&dl)[R],
                                        PackedLane& state, std::uint32_t& best) const {
        const int j = k - lane;
        std::uint32_t in_h, in_i;
        row_above<std::uint32_t>(lane, j, n, first, scratch, state.out_h, state.out_i, kBias,
                                 minus_inf, in_h, in_i);
        if (j >= 0 && j < n) {
            const int ca = j < na ? res_a[j] : pad;
            const int cb = Paired ? 0 : j < nb ? res_b[j] : pad;
            constexpr int kRows = kWordRows<R, Paired>;
            std::uint32_t up_i = in_i, up_hmo = in_h - oe2;
#pragma unroll
            for (int g = 0; g < R / kRows; ++g) {
                std::uint32_t sub[kRows];
                scores<R, Paired>(g, ca, cb, sub);
#pragma unroll
                for (int q = 0; q < kRows; ++q) {
                    const int r = kRows * g + q;
                    const std::uint32_t diag = r == 0 ? state.top_diag : prev[r - 1];
                    // I = max(I_up - E, H_up - (O + E)); H = max(diag + s, D, I, 0), diag + s
                    // against D first: it does not wait for the row above (2% faster).
                    const std::uint32_t i_cur = __viaddmax_u16x2(up_i, neg_e, up_hmo);
                    const std::uint32_t h =
                        __vimax3_u16x2(__viaddmax_u16x2(diag, sub[q], dl[r]), i_cur, kBias);
                    cur[r] = h;
                    const std::uint32_t hmo = h - oe2;
                    dl[r] = __viaddmax_u16x2(dl[r], neg_e, hmo);  // D of the next column
                    if (q & 1) best = __vimax3_u16x2(best, h, cur[r - 1]);
                    up_i = i_cur;
                    up_hmo = hmo;
                }
            }
            state.out_h = cur[R - 1];
            state.out_i = up_i;
            keep_bottom_row(lane, j, last, scratch, cur[R - 1], up_i);
        }
        if (j >= 0) state.top_diag = in_h;  // H above the lane's first row, column j + 1
    }
};

template <int R, bool Paired>
__global__ void __launch_bounds__(packed_scan_warps(Paired) * 32, 2)
    packed_scan_kernel(PackedScanArgs a) {
    constexpr int kWarps = packed_scan_warps(Paired);
    extern __shared__ uint4 packed_shared[];
    auto* packed_profile = reinterpret_cast<PackedWord<R, Paired>*>(packed_shared);
    const int lane = static_cast<int>(threadIdx.x & 31), warp = static_cast<int>(threadIdx.x >> 5);
    const int slots = Paired ? a.targets.count : (a.targets.count + 1) / 2;  // one per warp
    const int groups = (slots + kWarps - 1) / kWarps;
    const std::uint32_t oe2 = pack2(a.open_extend), neg_e = pack2(-a.extend);
    const std::uint32_t minus_inf = kBias - oe2;  // -(O + E): exact for local lanes
    const int pad = a.codes - 1;
    std::uint32_t* scratch =
        a.scratch + (static_cast<std::int64_t>(blockIdx.x) * kWarps + warp) * 2 * (a.longest + 1);
    bool loaded = false;

    for (int group = static_cast<int>(blockIdx.x); group < groups;
         group += static_cast<int>(gridDim.x)) {
        const int slot = group * kWarps + warp;
        const int ta = Paired ? slot : 2 * slot, tb = 2 * slot + 1;
        const bool has_a = ta < a.targets.count, has_b = !Paired && tb < a.targets.count;
        const std::uint32_t off_a = has_a ? a.targets.offsets[ta] : 0;
        const int na = has_a ? static_cast<int>(a.targets.offsets[ta + 1] - off_a) : 0;
        const std::uint32_t off_b = has_b ? a.targets.offsets[tb] : 0;
        const int nb = has_b ? static_cast<int>(a.targets.offsets[tb + 1] - off_b) : 0;
        const int n = na > nb ? na : nb;
        const std::uint8_t* res_a = a.targets.residues + off_a;
        const std::uint8_t* res_b = a.targets.residues + off_b;
        std::uint32_t best = kBias;

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
                h_even[r] = h_odd[r] = kBias;
                dl[r] = minus_inf;
            }
            PackedLane lane_state{kBias, kBias, minus_inf};
            const PackedStep step{
                packed_profile,       scratch, res_a, res_b,     na, nb, n, lane, pass == 0,
                pass == a.passes - 1, oe2,     neg_e, minus_inf, pad};
            for (int k = 0; k < n + 31; k += 2) {
                step.template run<R, Paired>(k, h_even, h_odd, dl, lane_state, best);
                step.template run<R, Paired>(k + 1, h_odd, h_even, dl, lane_state, best);
            }
            __syncwarp();
        }
#pragma unroll
        for (int shift = 16; shift > 0; shift >>= 1)
            best = __vmaxu2(best, __shfl_xor_sync(kFull, best, shift));
        if (lane == 0) {
            const std::int32_t low = static_cast<std::int32_t>(best & 0xffffu) - 0x8000;
            const std::int32_t high = static_cast<std::int32_t>(best >> 16) - 0x8000;
            const std::int32_t score_low = low >= a.threshold ? kOverflowed : low;
            const std::int32_t score_high = high >= a.threshold ? kOverflowed : high;
            if (Paired) {
                if (has_a) a.scores[ta] = score_low, a.scores_b[ta] = score_high;
            } else {
                if (has_a) a.scores[ta] = score_low;
                if (has_b) a.scores[tb] = score_high;
            }
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

// Lets `kernel` take `shared` bytes of dynamic shared memory (beyond the default 48 KiB).
template <typename Kernel>
void allow_shared(Kernel kernel, std::size_t shared) {
    TROPIC_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                           static_cast<int>(shared)));
}

template <typename Kernel>
int grid_for(Kernel kernel, std::size_t shared, int work_groups, int device,
             int warps = kScanWarps) {
    allow_shared(kernel, shared);
    int per_sm = 0, sms = 0;
    TROPIC_CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, warps * 32, shared));
    TROPIC_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    if (per_sm == 0)
        throw ResourceError("the search kernel does not fit a multiprocessor of this device");
    return std::max(1, std::min(per_sm * sms, work_groups));
}

// The launches of one rows-per-lane kernel: the dynamic shared memory it takes, its grid (as many
// blocks as are resident, no more than the work needs), and the launch on a grid found so.
template <int R, bool Paired>
std::size_t packed_shared_bytes(const PackedScanArgs& args) {
    return static_cast<std::size_t>(args.codes) * R * 32 * sizeof(std::uint32_t);
}

template <int R, bool Paired>
int packed_grid_r(const PackedScanArgs& args, int device) {
    const int slots = Paired ? args.targets.count : (args.targets.count + 1) / 2;
    constexpr int kWarps = packed_scan_warps(Paired);
    return grid_for(packed_scan_kernel<R, Paired>, packed_shared_bytes<R, Paired>(args),
                    (slots + kWarps - 1) / kWarps, device, kWarps);
}

template <int R, bool Paired>
void launch_packed_r(const PackedScanArgs& args, int grid, cudaStream_t stream) {
    const std::size_t shared = packed_shared_bytes<R, Paired>(args);
    allow_shared(packed_scan_kernel<R, Paired>, shared);
    packed_scan_kernel<R, Paired><<<grid, packed_scan_warps(Paired) * 32, shared, stream>>>(args);
    TROPIC_CUDA_CHECK_LAUNCH("search packed_scan_kernel");
}

template <int R>
std::size_t int32_shared_bytes(const Int32ScanArgs& args) {
    return static_cast<std::size_t>(args.codes) * (R / 4) * 32 * sizeof(int4);
}

template <int R, AlignMode Mode>
int int32_grid_rm(const Int32ScanArgs& args, int device) {
    return grid_for(int32_scan_kernel<R, Mode>, int32_shared_bytes<R>(args),
                    (args.id_count + kScanWarps - 1) / kScanWarps, device);
}

template <int R, AlignMode Mode>
void launch_int32_rm(const Int32ScanArgs& args, int grid, cudaStream_t stream) {
    const std::size_t shared = int32_shared_bytes<R>(args);
    allow_shared(int32_scan_kernel<R, Mode>, shared);
    int32_scan_kernel<R, Mode><<<grid, kScanWarps * 32, shared, stream>>>(args);
    TROPIC_CUDA_CHECK_LAUNCH("search int32_scan_kernel");
}

// Calls f.template operator()<R>() for the packed kernel's rows per lane.
template <typename F>
void with_packed_r(int rows_per_lane, const F& f) {
    switch (rows_per_lane) {
        case 4:
            return f.template operator()<4>();
        case 6:
            return f.template operator()<6>();
        case 8:
            return f.template operator()<8>();
        case 10:
            return f.template operator()<10>();
        case 12:
            return f.template operator()<12>();
        case 14:
            return f.template operator()<14>();
        case 16:
            return f.template operator()<16>();
        case 18:
            return f.template operator()<18>();
        case 20:
            return f.template operator()<20>();
        case 22:
            return f.template operator()<22>();
        case 24:
            return f.template operator()<24>();
        case 26:
            return f.template operator()<26>();
        case 28:
            return f.template operator()<28>();
        case 30:
            return f.template operator()<30>();
        case 32:
            return f.template operator()<32>();
        default:
            throw InternalError("search: packed lanes take 4 to 32 rows, an even number");
    }
}

// Calls f.template operator()<R, Paired>() for the packed kernel's rows per lane.
template <typename F>
void with_packed_rows(int rows_per_lane, bool paired, const F& f) {
    with_packed_r(rows_per_lane, [&]<int R>() {
        if (paired) return f.template operator()<R, true>();
        return f.template operator()<R, false>();
    });
}

// Calls f.template operator()<R, Mode>() for the int32 kernel's rows per lane and mode.
template <typename F>
void with_int32_kernel(int rows_per_lane, AlignMode mode, const F& f) {
    const auto with_mode = [&]<int R>() {
        switch (mode) {
            case AlignMode::Local:
                return f.template operator()<R, AlignMode::Local>();
            case AlignMode::Global:
                return f.template operator()<R, AlignMode::Global>();
            case AlignMode::Glocal:
                return f.template operator()<R, AlignMode::Glocal>();
            case AlignMode::Overlap:
                return f.template operator()<R, AlignMode::Overlap>();
        }
    };
    switch (rows_per_lane) {
        case 4:
            return with_mode.template operator()<4>();
        case 8:
            return with_mode.template operator()<8>();
        case 12:
            return with_mode.template operator()<12>();
        case 16:
            return with_mode.template operator()<16>();
        default:
            throw InternalError("search: int32 lanes take 4 to 16 rows, in fours");
    }
}

}  // namespace

int packed_rows_per_lane(std::int64_t m) {
    // The fewest passes of at most 32 rows a lane, then the fewest rows (even) that cover the
    // query in that many passes: padding rows cost as much as real ones.
    const std::int64_t passes = (m + 32 * 32 - 1) / (32 * 32);
    const std::int64_t per_lane = (m + 32 * passes - 1) / (32 * passes);
    return static_cast<int>(std::max<std::int64_t>(4, (per_lane + 1) / 2 * 2));
}

int int32_rows_per_lane(std::int64_t m) {
    const std::int64_t passes = (m + 32 * 16 - 1) / (32 * 16);
    const std::int64_t per_lane = (m + 32 * passes - 1) / (32 * passes);
    const std::int64_t r = std::max<std::int64_t>(4, (per_lane + 3) / 4 * 4);
    return r <= 4 ? 4 : r <= 8 ? 8 : r <= 12 ? 12 : 16;
}

int packed_scan_grid(const PackedScanArgs& args, int rows_per_lane, int device) {
    int grid = 0;
    with_packed_rows(rows_per_lane, args.scores_b != nullptr,
                     [&]<int R, bool Paired>() { grid = packed_grid_r<R, Paired>(args, device); });
    return grid;
}

void launch_packed_scan(const PackedScanArgs& args, int rows_per_lane, int grid,
                        cudaStream_t stream) {
    with_packed_rows(rows_per_lane, args.scores_b != nullptr,
                     [&]<int R, bool Paired>() { launch_packed_r<R, Paired>(args, grid, stream); });
}

int int32_scan_grid(const Int32ScanArgs& args, AlignMode mode, int rows_per_lane, int device) {
    int grid = 0;
    with_int32_kernel(rows_per_lane, mode, [&]<int R, AlignMode Mode>() {
        grid = int32_grid_rm<R, Mode>(args, device);
    });
    return grid;
}

void launch_int32_scan(const Int32ScanArgs& args, AlignMode mode, int rows_per_lane, int grid,
                       cudaStream_t stream) {
    with_int32_kernel(rows_per_lane, mode, [&]<int R, AlignMode Mode>() {
        launch_int32_rm<R, Mode>(args, grid, stream);
    });
}

}  // namespace tropic::align::detail::cuda

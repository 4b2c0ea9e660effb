#pragma once
// The two steps every strip kernel of pairwise alignment takes to get the row above it (the
// forward fill, pair_forward.cu, and the traceback's tile refill, pair_directions.cu): a warp owns
// a strip of 32 x R query rows; every 32 steps it loads the next 32 columns of the strip above's
// last row (once that strip has published them), and each step lane 0 takes that row's value for
// the step's column while the other lanes take the last row of the lane above.
#include <cstdint>
#include <cuda/atomic>

namespace tropic::align::detail::cuda {

inline constexpr unsigned kStripFullMask = 0xffffffffu;

// Waits until the strip above has published `need` columns (its progress counter), then loads,
// lane by lane, the value at `index` of its last row's H and I when `in_range`.
__device__ inline void load_strip_above(int* progress_above, int need, const std::int32_t* in_h,
                                        const std::int32_t* in_i, std::int64_t index, bool in_range,
                                        std::int32_t& chunk_h, std::int32_t& chunk_i) {
    ::cuda::atomic_ref<int, ::cuda::thread_scope_device> ready(*progress_above);
    while (ready.load(::cuda::memory_order_acquire) < need) __nanosleep(32);
    if (in_range) {
        chunk_h = __ldcg(in_h + index);
        chunk_i = __ldcg(in_i + index);
    }
}

// H and I of the row above the lane's first row at this step: from the loaded chunk for lane 0,
// from the lane above's last row for the others.
__device__ inline void row_above(int step, int lane, std::int32_t chunk_h, std::int32_t chunk_i,
                                 std::int32_t out_h, std::int32_t out_i, std::int32_t& up_h,
                                 std::int32_t& up_i) {
    const std::int32_t top_h = __shfl_sync(kStripFullMask, chunk_h, step & 31);
    const std::int32_t top_i = __shfl_sync(kStripFullMask, chunk_i, step & 31);
    up_h = __shfl_up_sync(kStripFullMask, out_h, 1);
    up_i = __shfl_up_sync(kStripFullMask, out_i, 1);
    if (lane == 0) {
        up_h = top_h;
        up_i = top_i;
    }
}

}  // namespace tropic::align::detail::cuda

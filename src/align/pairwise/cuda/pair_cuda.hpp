#pragma once
// One long pair on a CUDA device: the forward fill of the whole matrix (pairwise.hpp's
// recurrences and boundaries, exactly the CPU's 32-bit integers), giving the end cell by the tie
// rule and, when asked, the checkpoint rows and columns that the traceback recomputes tiles from.
// A plain C++ interface; builds without CUDA get a version that throws (../no_cuda/).
//
// The kernel (pair_forward.cu) follows Li's StripedScore / CUDASW++'s inter-task layout turned on
// one pair: each warp takes a strip of 32 x R query rows (R rows per lane, in registers) and
// sweeps it along the target; H and I go down the strip through warp shuffles, and the strip's
// bottom row goes through global memory to the warp of the next strip, which follows it as a
// wavefront (a progress counter per strip). Memory is O(m + n) without checkpoints.
#include <cstdint>
#include <vector>

#include "align/pairwise/cell.hpp"
#include "align/pairwise/pair_fill.hpp"
#include "align/pairwise/tile.hpp"
#include "align/pairwise/traceback.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic::align::detail::cuda {

struct DeviceFill {
    EndCell end;
    // With block_rows > 0: rows and columns as pair_fill.hpp's Checkpoints (rows
    // min(m, b * block_rows), columns min(n, c * block_columns), H and I / H and D).
    Checkpoints checkpoints;
};

// Query rows a warp's strip covers for a pair of m query rows: 32 x 4, 32 x 8 or 32 x 16, the
// tallest that still gives the device's warps a strip each. Every one divides kStripRowsMax, so a
// block_rows that is a multiple of kStripRowsMax suits every pair.
inline constexpr std::int64_t kStripRowsMax = 512;
std::int64_t strip_rows(std::int64_t m);

// Device bytes the fill needs (with checkpoints when block_rows > 0).
std::uint64_t forward_device_bytes(std::int64_t m, std::int64_t n, std::int64_t block_rows,
                                   std::int64_t block_columns);

// Fills the pair on `device`. With block_rows > 0 the checkpoints come back too. Throws
// ResourceError, before allocating, when the device's free memory cannot hold it. strip: the
// strips' height (128, 256 or 512; 0: strip_rows(m)), for measuring one against another.
DeviceFill fill_pair_cuda(const TileProblem& problem, std::int64_t block_rows,
                          std::int64_t block_columns, int device, std::int64_t strip = 0);

// The checkpoint spacing (rows and columns alike) of a traceback on a device whose budget
// (device_budget) is usable_bytes: kDeviceTraceSide, or wider where the checkpoints (16 m n / s
// bytes) would take more than half of it; a multiple of strip_rows(m). Narrow tiles keep what each one the path crosses costs
// small (filled again on the device, its bytes copied back): about (m + n) s cells and bytes in
// all.
inline constexpr std::int64_t kDeviceTraceSide = 1024;
std::int64_t device_trace_side(std::int64_t m, std::int64_t n, std::uint64_t usable_bytes);

// A whole alignment with its traceback on `device`: the forward fill keeps its checkpoints there
// (every `side` rows and columns; 0: device_trace_side), and the tiles the path crosses are filled
// again there (pair_directions.cuh); only their direction bytes come back to the host, where
// trace_alignment follows them. The result is align_pair's (score_bits left to the caller).
// Throws ResourceError, before allocating, when the device's free memory cannot hold it.
PairAlignment trace_pair_cuda(const TileProblem& problem, std::int64_t side, int device);

// fill_directions_cpu on the device, from host rows and columns (for tests): the same bytes as
// the CPU's.
void fill_directions_cuda(const TileProblem& problem, const DirectionTile& tile,
                          std::vector<std::uint8_t>& dirs, int device);

}  // namespace tropic::align::detail::cuda

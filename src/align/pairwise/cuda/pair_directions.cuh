#pragma once
// The traceback's tile step on the device: fills one tile's direction bytes (traceback.hpp's
// kFromDiagonal ... kIExtends, exactly fill_directions_cpu's) from its top row and left column,
// which may be device checkpoints the forward fill left there, and brings back only the bytes.
//
// The kernel is the forward kernel's strip scheme cut to the tile: each warp (a block of its own,
// so that the strips spread over multiprocessors) takes 32 x kDirectionRows rows, lane t works on
// column k - t at step k, H and I go down through shuffles and from strip to strip through global
// memory with a progress counter per strip. A lane packs four columns of a row into one 32-bit
// store, so that the bytes leave in words.
#include <cuda_runtime.h>

#include <cstdint>

#include "align/pairwise/cell.hpp"
#include "align/pairwise/tile.hpp"
#include "align/pairwise/traceback.hpp"
#include "core/cuda/device_buffer.cuh"

namespace tropic::align::detail::cuda {

inline constexpr int kDirectionRows = 4;  // rows per lane

// The pair on the device (codes and the substitution matrix) as the direction kernel reads it.
struct DevicePair {
    const std::uint8_t* query = nullptr;
    const std::uint8_t* target = nullptr;
    const std::int32_t* matrix = nullptr;  // size x size, row = query code
    int alphabet = 0;
    GapPenalties gaps{};
    AlignMode mode = AlignMode::Local;
};

// Buffers for tiles of up to max_rows x max_columns: the strips' bottom rows, their counters, the
// direction bytes on the device and a pinned host copy (pinned so that the copy back runs at the
// link's speed and the traceback reads it in place).
class DirectionFiller {
  public:
    DirectionFiller(std::int64_t max_rows, std::int64_t max_columns);
    ~DirectionFiller();
    DirectionFiller(const DirectionFiller&) = delete;
    DirectionFiller& operator=(const DirectionFiller&) = delete;

    // Device bytes and pinned host bytes the buffers take.
    static std::uint64_t device_bytes(std::int64_t max_rows, std::int64_t max_columns);

    // Fills the tile, whose edges (traceback.hpp's DirectionTile, indexed by DP index) are on
    // the device, and returns its bytes on the host, dirs[(i - r0) * (c1 - c0) + (j - c0)],
    // valid until the next call.
    const std::uint8_t* fill(const DevicePair& pair, const DirectionTile& tile);

  private:
    std::int64_t max_rows_, max_columns_, pitch_;
    tropic::detail::cuda::DeviceBuffer<std::int32_t> pass_h_, pass_i_;
    tropic::detail::cuda::DeviceBuffer<int> progress_;
    tropic::detail::cuda::DeviceBuffer<std::uint8_t> dirs_;
    std::uint8_t* host_ = nullptr;
};

}  // namespace tropic::align::detail::cuda

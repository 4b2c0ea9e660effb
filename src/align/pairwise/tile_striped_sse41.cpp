// The striped tile kernels in SSE4.1 (128-bit) vectors: striped_fill.hpp built for that instruction
// set alone (its target attribute), so the rest of the library keeps the baseline.
#include <cstdint>

#include "align/pairwise/tile_striped.hpp"

#define TROPIC_STRIPED_TARGET __attribute__((target("sse4.1")))
#include "align/pairwise/striped_fill.hpp"

namespace tropic::align::detail {

TileKernel striped_kernel_sse41(int bits) noexcept {
#ifdef TROPIC_STRIPED_X86
    switch (bits) {
        case 8:
            return &fill_tile_striped<Sse41<std::int8_t>>;
        case 16:
            return &fill_tile_striped<Sse41<std::int16_t>>;
        case 32:
            return &fill_tile_striped<Sse41<std::int32_t>>;
        default:
            break;
    }
#endif
    (void)bits;
    return nullptr;
}

}  // namespace tropic::align::detail

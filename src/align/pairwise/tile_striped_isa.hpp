// One instruction set's striped tile kernels (tile_striped.hpp): striped_fill.hpp built for that
// instruction set alone (its target attribute), so that the rest of the library keeps the
// baseline. Written once and compiled once per instruction set, as ksw2 builds its SSE kernels:
// each tile_striped_<isa>.cpp names the instruction set and includes this file.
//   TROPIC_STRIPED_TARGET  the target attribute
//   TROPIC_STRIPED_OPS     the vector policy of striped_ops.hpp (Sse41, Avx2)
//   TROPIC_STRIPED_KERNEL  the function of tile_striped.hpp to define
#include <cstdint>

#include "align/pairwise/tile_striped.hpp"

#if !defined(TROPIC_STRIPED_OPS) || !defined(TROPIC_STRIPED_KERNEL)
#error "define TROPIC_STRIPED_OPS and TROPIC_STRIPED_KERNEL (tile_striped_<isa>.cpp) first"
#endif
#include "align/pairwise/striped_fill.hpp"

namespace tropic::align::detail {

TileKernel TROPIC_STRIPED_KERNEL(int bits) noexcept {
#ifdef TROPIC_STRIPED_X86
    switch (bits) {
        case 8:
            return &fill_tile_striped<TROPIC_STRIPED_OPS<std::int8_t>>;
        case 16:
            return &fill_tile_striped<TROPIC_STRIPED_OPS<std::int16_t>>;
        case 32:
            return &fill_tile_striped<TROPIC_STRIPED_OPS<std::int32_t>>;
        default:
            break;
    }
#endif
    (void)bits;
    return nullptr;
}

}  // namespace tropic::align::detail

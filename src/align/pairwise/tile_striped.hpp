#pragma once
// The striped SIMD tile kernels (striped_fill.hpp): int8, int16 and int32 lanes, in SSE4.1
// (128-bit) and AVX2 (256-bit) builds of one template, each chosen at run time when the CPU has
// its instructions. Each fills a tile exactly as fill_tile_scalar does (tile.hpp), or returns
// false when a value leaves its lanes' range (the pair is then refilled with wider lanes); the
// 32-bit kernels never do. Where they may differ from the scalar kernel, only in values that
// cannot change any H: narrow kernels return an I or D at or below their lane minimum as
// kMinusInfinity, and in local alignment a bottom I of at most 0 may come back lower (still at
// most 0). H, the end cell, D and every other I are the scalar kernel's.
#include <cstdint>

#include "align/pairwise/pair_fill.hpp"

namespace tropic::align::detail {

enum class SimdIsa : std::uint8_t { Sse41, Avx2 };

inline constexpr SimdIsa kSimdIsas[] = {SimdIsa::Sse41, SimdIsa::Avx2};

// "sse41" or "avx2".
const char* isa_name(SimdIsa isa) noexcept;

// True when this build has the instruction set's kernels and this CPU runs them.
bool cpu_supports(SimdIsa isa) noexcept;

// The kernel of `bits`-bit lanes (8, 16 or 32); nullptr when this build has none (a non-x86
// build) or for another width. It does not check the CPU: see cpu_supports.
TileKernel striped_kernel(SimdIsa isa, int bits) noexcept;

// Per instruction set, in tile_striped_<isa>.cpp.
TileKernel striped_kernel_sse41(int bits) noexcept;
TileKernel striped_kernel_avx2(int bits) noexcept;

}  // namespace tropic::align::detail

// The striped tile kernels in AVX2 (256-bit) vectors (tile_striped_isa.hpp).
#define TROPIC_STRIPED_TARGET __attribute__((target("avx2")))
#define TROPIC_STRIPED_OPS Avx2
#define TROPIC_STRIPED_KERNEL striped_kernel_avx2
#include "align/pairwise/tile_striped_isa.hpp"

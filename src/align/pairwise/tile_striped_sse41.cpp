// The striped tile kernels in SSE4.1 (128-bit) vectors (tile_striped_isa.hpp).
#define TROPIC_STRIPED_TARGET __attribute__((target("sse4.1")))
#define TROPIC_STRIPED_OPS Sse41
#define TROPIC_STRIPED_KERNEL striped_kernel_sse41
#include "align/pairwise/tile_striped_isa.hpp"

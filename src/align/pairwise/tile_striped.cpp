// Which striped kernels this build and this CPU have (tile_striped.hpp).
#include "align/pairwise/tile_striped.hpp"

#include "core/internal/cpu_isa.hpp"

namespace tropic::align::detail {

const char* isa_name(SimdIsa isa) noexcept {
    return isa == SimdIsa::Avx2 ? "avx2" : "sse41";
}

bool cpu_supports(SimdIsa isa) noexcept {
    return cpu_has(isa == SimdIsa::Avx2 ? Isa::Avx2 : Isa::Sse41);
}

TileKernel striped_kernel(SimdIsa isa, int bits) noexcept {
    return isa == SimdIsa::Avx2 ? striped_kernel_avx2(bits) : striped_kernel_sse41(bits);
}

}  // namespace tropic::align::detail

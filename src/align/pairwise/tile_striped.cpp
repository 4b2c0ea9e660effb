// Which striped kernels this build and this CPU have (tile_striped.hpp).
#include "align/pairwise/tile_striped.hpp"

namespace tropic::align::detail {

const char* isa_name(SimdIsa isa) noexcept {
    return isa == SimdIsa::Avx2 ? "avx2" : "sse41";
}

bool cpu_supports(SimdIsa isa) noexcept {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    switch (isa) {
        case SimdIsa::Sse41:
            return __builtin_cpu_supports("sse4.1");
        case SimdIsa::Avx2:
            return __builtin_cpu_supports("avx2");
    }
#endif
    (void)isa;
    return false;
}

TileKernel striped_kernel(SimdIsa isa, int bits) noexcept {
    return isa == SimdIsa::Avx2 ? striped_kernel_avx2(bits) : striped_kernel_sse41(bits);
}

}  // namespace tropic::align::detail

#include "tropic/semiring/cpu_kernels.hpp"

namespace tropic::semiring {

std::string_view cpu_kernel_simd() noexcept {
#if defined(__x86_64__)
    // The same test the kernels' dispatch makes.
    if (__builtin_cpu_supports("avx2")) return "AVX2";
#endif
    return "baseline";
}

}  // namespace tropic::semiring

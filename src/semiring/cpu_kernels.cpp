#include "tropic/semiring/cpu_kernels.hpp"

#include "core/internal/cpu_isa.hpp"

namespace tropic::semiring {

std::string_view cpu_kernel_simd() noexcept {
    // The same test the kernels' dispatch makes.
    if (cpu_has(Isa::Avx2)) return "AVX2";
    return "baseline";
}

}  // namespace tropic::semiring

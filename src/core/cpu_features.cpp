#include "tropic/core/cpu_features.hpp"

#include "core/internal/cpu_isa.hpp"

namespace tropic {

std::string_view simd_level_built() noexcept {
#if defined(__AVX512F__)
    return "AVX-512";
#elif defined(__AVX2__)
    return "AVX2";
#elif defined(__AVX__)
    return "AVX";
#elif defined(__SSE4_2__)
    return "SSE4.2";
#elif defined(__SSE2__)
    return "SSE2";
#elif defined(__ARM_NEON)
    return "NEON";
#else
    return "none";
#endif
}

std::string_view simd_level_of_cpu() noexcept {
#if defined(__x86_64__) || defined(__i386__)
    if (cpu_has(Isa::Avx512f)) return "AVX-512";
    if (cpu_has(Isa::Avx2)) return "AVX2";
    if (cpu_has(Isa::Avx)) return "AVX";
    if (cpu_has(Isa::Sse42)) return "SSE4.2";
    if (cpu_has(Isa::Sse2)) return "SSE2";
    return "none";
#elif defined(__aarch64__)
    return "NEON";
#else
    return "unknown";
#endif
}

}  // namespace tropic

#include "tropic/core/cpu_features.hpp"

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
    __builtin_cpu_init();
    if (__builtin_cpu_supports("avx512f")) return "AVX-512";
    if (__builtin_cpu_supports("avx2")) return "AVX2";
    if (__builtin_cpu_supports("avx")) return "AVX";
    if (__builtin_cpu_supports("sse4.2")) return "SSE4.2";
    if (__builtin_cpu_supports("sse2")) return "SSE2";
    return "none";
#elif defined(__aarch64__)
    return "NEON";
#else
    return "unknown";
#endif
}

}  // namespace tropic

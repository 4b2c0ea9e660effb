#include "core/internal/cpu_isa.hpp"

namespace tropic {

bool cpu_has(Isa isa) noexcept {
#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__))
    __builtin_cpu_init();
    switch (isa) {
        case Isa::Sse2:
            return __builtin_cpu_supports("sse2");
        case Isa::Sse41:
            return __builtin_cpu_supports("sse4.1");
        case Isa::Sse42:
            return __builtin_cpu_supports("sse4.2");
        case Isa::Avx:
            return __builtin_cpu_supports("avx");
        case Isa::Avx2:
            return __builtin_cpu_supports("avx2");
        case Isa::Avx512f:
            return __builtin_cpu_supports("avx512f");
    }
#endif
    (void)isa;
    return false;
}

}  // namespace tropic

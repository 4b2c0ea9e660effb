#pragma once
// The vector instructions (SIMD) of this build and of this CPU. The CPU code is vectorised by the
// compiler for the level the library was built for (x86-64's baseline SSE2 unless TROPIC_NATIVE
// built it for the build machine), so a CPU that runs more than the build uses says that a
// native build would be faster there.
#include <string_view>

namespace tropic {

// The widest level the library was compiled for: "AVX-512", "AVX2", "AVX", "SSE4.2", "SSE2",
// "NEON" or "none".
[[nodiscard]] std::string_view simd_level_built() noexcept;

// The widest of the same levels that this CPU runs ("NEON" on 64-bit ARM, where it is always
// present; "unknown" on other machines).
[[nodiscard]] std::string_view simd_level_of_cpu() noexcept;

}  // namespace tropic

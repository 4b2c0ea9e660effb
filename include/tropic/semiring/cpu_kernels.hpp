#pragma once
// Which vector instructions the engine's CPU kernels use on this machine. They are compiled for
// the build's baseline and, on x86-64, also for AVX2, chosen at run time when the CPU has it
// (product_cpu.cpp, accumulate_abt_cpu.cpp), so the engine can be faster than the build's level.
#include <string_view>

namespace tropic::semiring {

// "AVX2" where the run-time choice takes the AVX2 kernels, else "baseline".
std::string_view cpu_kernel_simd() noexcept;

}  // namespace tropic::semiring

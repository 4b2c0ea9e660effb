#pragma once
// The device memory that work may plan for, under the one headroom rule of memory_fit.hpp
// (usable_device_bytes): every family's host code asks here instead of calling cudaMemGetInfo.
#include <cstdint>

#include "core/internal/memory_fit.hpp"

namespace tropic::detail::cuda {

// What CUDA device `device` reports free now (it is made current for the query, then the previous
// device is current again).
std::uint64_t device_free_bytes(int device);

// The budget of `device` now; `reusable_bytes`: device memory the caller holds and would reuse for
// the work, counted as free before the headroom is taken.
MemoryBudget device_budget(int device, std::uint64_t reusable_bytes = 0);

}  // namespace tropic::detail::cuda

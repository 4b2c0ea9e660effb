#pragma once
// Memory and work of a BPMax pair, estimated before anything is allocated, and the plan that
// fits its tables in a memory limit (private to src/rna, its tests and benchmarks).
#include <cstddef>
#include <optional>
#include <string>

#include "core/internal/memory_fit.hpp"
#include "tropic/rna/bpmax.hpp"

namespace tropic::rna::detail {

// The windows actually used: 0 or a window of at least the length becomes the length.
std::size_t effective_window(std::size_t window, std::size_t length) noexcept;

// Bytes the CPU engine allocates for a pair of these lengths computed whole (tables, scratch).
std::size_t bpmax_memory_bytes(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                               unsigned threads, bool int32_only = false);

// Device bytes the GPU path takes for the pair (tables, packed operands, strand tables); 0 in a
// build without CUDA.
std::size_t bpmax_device_bytes(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                               bool int32_only = false);

// Max-plus steps of a pair (the double reduction's band products and the S2 reductions of every
// cell): the work, for choosing where and how pairs run and for benchmarks.
double bpmax_steps(std::size_t length1, std::size_t length2, const BpmaxParams& params);
// The double reduction's share of bpmax_steps: the band work of its products only.
double bpmax_double_reduction_steps(std::size_t length1, std::size_t length2,
                                    const BpmaxParams& params);

// How a pair is computed within max_memory (0: no limit): whole (block2 = 0), or, when strand 2
// is windowed and the whole tables do not fit, block by block along strand 2, each block owning
// block2 positions (at least W2) and holding block2 + W2 - 1 of them; bytes is the memory that
// takes. nullopt when even blocks of W2 positions do not fit.
struct BpmaxPlan {
    std::size_t block2 = 0;
    std::size_t bytes = 0;
};
std::optional<BpmaxPlan> plan_bpmax(std::size_t length1, std::size_t length2,
                                    const BpmaxParams& params, unsigned threads,
                                    std::size_t max_memory, bool int32_only = false);

// For a pair with no plan within max_memory: the windows that would fit ("try a window2 of 128
// (about 3.1 MiB)"), or that none does.
std::string bpmax_window_hint(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                              unsigned threads, std::size_t max_memory, bool int32_only = false);

// "query 'a' against target 'b' (10 x 1000 nt)": how messages name a pair (`name` empty: "the
// pair").
std::string bpmax_pair_description(const std::string& name, std::size_t length1,
                                   std::size_t length2);

// Throws ResourceError when the pair has no plan within `budget` (core's fit message, with the
// windows that would fit).
void check_bpmax_memory(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                        unsigned threads, const MemoryBudget& budget, const std::string& name,
                        bool int32_only = false);

}  // namespace tropic::rna::detail

#pragma once
// The CPU engine of Nussinov folding (private to src/rna, its tests and benchmarks): what
// fold_nussinov runs once it has chosen the CPU.
#include <cstddef>
#include <cstdint>
#include <span>

#include "tropic/core/progress.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::rna::detail {

// Folds on the calling thread, or sharing the table's tile diagonals among the threads of `pool`,
// with the same result either way. Checks the table against the memory available first.
// on_progress, when set, hears (item, fraction) on the calling thread after each tile diagonal
// (non-decreasing, the last call exactly 1); an empty sequence gets no call.
NussinovResult fold_nussinov_cpu(std::span<const std::uint8_t> sequence,
                                 const NussinovParams& params, ThreadPool* pool,
                                 const Progress& on_progress = {}, std::size_t item = 0);

}  // namespace tropic::rna::detail

#pragma once
// The CPU engine of MFE folding (private to src/rna, its tests and benchmarks): what
// fold_mfe_many runs for a record once it has chosen the CPU.
#include <cstddef>
#include <cstdint>
#include <span>

#include "tropic/core/progress.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::rna::detail {

// Host bytes a CPU fold of `length` takes: its tables (mfe_memory_bytes) and work space, with
// `threads` filling them.
std::uint64_t mfe_cpu_bytes(std::size_t length, const MfeParams& mfe_params, unsigned threads);

// Folds one sequence on the calling thread, or sharing the fill among the threads of `pool`
// (tiles of the tables in wavefronts, core's wavefront.hpp), with the same energy and structure
// either way. Allocates without checking first (fold_mfe_many checks); a failed allocation is a
// ResourceError. on_progress, when set, hears (item, fraction), non-decreasing, the last call 1,
// from the calling thread.
MfeResult fold_mfe_cpu(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                       const MfeParams& mfe_params, const StructureConstraint* constraint = nullptr,
                       ThreadPool* pool = nullptr, const Progress& on_progress = {},
                       std::size_t item = 0);

}  // namespace tropic::rna::detail

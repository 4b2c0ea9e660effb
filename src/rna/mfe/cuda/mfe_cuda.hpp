#pragma once
// MFE folding on a CUDA device: the recurrences of tropic/rna/mfe.hpp, with exactly the CPU
// engine's integer energies and structures. A plain C++ interface; builds without CUDA get a
// version that throws ResourceError (../no_cuda/).
//
// Records shorter than kMfeLongLength fold together in batch chunks (one launch per diagonal
// covers every record of the chunk); longer ones fold one at a time in long mode, where the
// multiloop splits far from the diagonal come from the tropical engine's tile products. Records
// of kMfeLoneLength nt or more take long mode too when fewer than kMfeLoneCount of them come
// together: a batch of so few would leave most of the device idle on the late diagonals.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "tropic/core/progress.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::rna::detail::cuda {

inline constexpr std::size_t kMfeLongLength = 1024;
inline constexpr std::size_t kMfeLoneLength = 512;
inline constexpr std::size_t kMfeLoneCount = 32;

struct MfeJob {
    std::span<const std::uint8_t> sequence;  // alphabet codes
    const StructureConstraint* constraint = nullptr;
    std::size_t record = 0;  // item reported to the progress callback
};

// Device bytes a fold of `length` bases needs at most (its tables, with long mode's padding and
// products where it may take long mode; `constrained`: with its constraint's mask).
std::uint64_t mfe_device_bytes(std::size_t length, const MfeParams& mfe_params,
                               bool constrained = false);

// Device bytes of a long-mode fold of `length` bases (fill_mfe_long_tables), whatever its length.
std::uint64_t mfe_long_device_bytes(std::size_t length, const MfeParams& mfe_params,
                                    bool constrained = false);

// For tests only (the CLI cannot reach this private header): while on, long mode keeps F5's
// scratch in global memory whatever the record's length, the path that records of more than
// ~57,000 nt take. mfe_f5_global_folds() counts the long-mode folds that kept it there, so that
// a test can tell the path ran. Without CUDA: no effect, and the count stays 0.
void set_mfe_f5_in_global_for_tests(bool on);
std::size_t mfe_f5_global_folds();

// Folds every job on `device`; results in job order. Throws ResourceError, before allocating,
// when a record's tables do not fit in the device's free memory (naming the length that would).
std::vector<MfeResult> fold_mfe_cuda(std::span<const MfeJob> jobs, const EnergyParams& params,
                                     const MfeParams& mfe_params, int device,
                                     const Progress& on_progress = {});

}  // namespace tropic::rna::detail::cuda

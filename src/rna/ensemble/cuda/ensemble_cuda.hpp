#pragma once
// The partition function on a CUDA device: ensemble_cells.hpp's cells, one launch per diagonal of
// cells (inside from the main diagonal outwards, outside back), every record of a batch in the
// same launches. A plain C++ interface; builds without CUDA get a version that throws
// ResourceError (../no_cuda/). Batches of records up to 1,000 nt run as interleaved groups (a
// thread per cell and record, coalesced; TROPIC_ENSEMBLE_INTERLEAVE_MAX=0 turns them off,
// TROPIC_ENSEMBLE_CHUNK_FOLDS caps a group's records). Otherwise diagonals of short cells take a
// thread per cell, the others a warp per cell; TROPIC_ENSEMBLE_WARP_FROM=d moves the switch to
// diagonal d (tests and benchmarks run each kernel alone with it). TROPIC_ENSEMBLE_TIMING=1 prints
// each chunk's phases to stderr.
#include <cstddef>
#include <cstdint>
#include <span>

#include "rna/ensemble/ensemble_cpu.hpp"
#include "tropic/core/progress.hpp"

namespace tropic::rna::detail::cuda {

struct EnsembleJob {
    std::span<const std::uint8_t> sequence;  // alphabet codes
    const StructureConstraint* constraint = nullptr;
    int mfe_dcal = 0;              // for the first scale estimate
    std::size_t record = 0;        // item reported to the progress callback
    EnsembleFold* fold = nullptr;  // receives the result
};

// Device bytes one fold of `length` bases needs.
std::uint64_t ensemble_device_bytes(std::size_t length);

// Fills every job's fold as fill_ensemble_cpu would (within 1e-9 relative): setup, log_z, and with
// `outside` the probabilities in fold.qbh (an n x n array, P(i,j) at [j * n + i]; the rest of
// it unspecified) and outside_done; with `keep_inside` also the inside tables Qb, Qm, Qm1 and
// Z5/Z3 on the host with fold.tables pointing at them (sampling reads them). Throws
// ResourceError, before allocating, when a record does not fit in the device's free memory.
void fill_ensemble_cuda(std::span<const EnsembleJob> jobs, const BoltzmannFactors& factors,
                        const MfeParams& mfe_params, bool outside, bool keep_inside, int device,
                        const Progress& on_progress = {});

}  // namespace tropic::rna::detail::cuda

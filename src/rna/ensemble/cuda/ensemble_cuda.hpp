#pragma once
// The partition function on a CUDA device: ensemble_cells.hpp's cells, one launch per diagonal of
// cells (inside from the main diagonal outwards, outside back), every record of a batch in the
// same launches. A plain C++ interface; builds without CUDA get a version that throws
// ResourceError (../no_cuda/). Batches of records up to 1,000 nt run as interleaved groups (a
// thread per cell and record, coalesced; TROPIC_ENSEMBLE_INTERLEAVE_MAX=0 turns them off,
// TROPIC_ENSEMBLE_CHUNK_FOLDS caps a group's records, TROPIC_ENSEMBLE_GROUPS_AT_ONCE sets how
// many groups run at once, 2 by default, TROPIC_ENSEMBLE_BUDGET_GIB their memory, 16 GiB;
// TROPIC_ENSEMBLE_DIAGONALS_PER_LAUNCH and TROPIC_ENSEMBLE_MIN_BLOCKS select other launch shapes,
// ensemble_interleaved.cuh). Otherwise diagonals of short cells take a
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

// What a fill computes and sends back to the host.
struct EnsembleOutput {
    bool outside = true;       // the outside pass and the pair probabilities
    bool keep_inside = false;  // the inside tables too (sampling reads them)
    // How the probabilities come back. Dense: every P(i,j) in fold.qbh, an n x n array of doubles
    // (P(i,j) at [j * n + i], the rest of it unspecified; outside_done), for callers that read
    // every probability: 8 n^2 bytes a record in host memory, half of them across PCIe (320 KB
    // and 155 KB at 200 nt). Listed (dense false): only the pairs of probability >= list_threshold
    // (and > 0) in fold.listed, by (i, j), and fold.sums (pairing tendency, centroid and its
    // distance, diversity: the sums over every pair, computed on the device by the host's code
    // with the same bits; listed_done): a few kilobytes a record. fold_ensemble_many asks for
    // the list, at its bpp_threshold (lower where the MEA needs more pairs).
    bool dense = true;
    double list_threshold = 0;
};

// What fold_ensemble_many asks the device for: the listed pairs (at bpp_threshold, or at the
// MEA's cutoff when that is lower) and the sums over every pair, all that RNAfold -p reports;
// dense probabilities only where the MEA would read pairs of probability 0 (a cutoff <= 0).
EnsembleOutput ensemble_device_output(const EnsembleParams& ensemble_params);

// Device bytes one fold of `length` bases needs.
std::uint64_t ensemble_device_bytes(std::size_t length);

// Fills every job's fold as fill_ensemble_cpu would (within 1e-9 relative): setup, log_z, and
// what `output` asks for: the probabilities (dense or listed); with keep_inside also the inside
// tables Qb, Qm, Qm1 and Z5/Z3 on the host with fold.tables pointing at them. Throws
// ResourceError, before allocating, when a record does not fit in the device's free memory.
void fill_ensemble_cuda(std::span<const EnsembleJob> jobs, const BoltzmannFactors& factors,
                        const MfeParams& mfe_params, const EnsembleOutput& output, int device,
                        const Progress& on_progress = {});

// The same with the probabilities dense.
inline void fill_ensemble_cuda(std::span<const EnsembleJob> jobs, const BoltzmannFactors& factors,
                               const MfeParams& mfe_params, bool outside, bool keep_inside,
                               int device, const Progress& on_progress = {}) {
    fill_ensemble_cuda(jobs, factors, mfe_params,
                       EnsembleOutput{.outside = outside, .keep_inside = keep_inside}, device,
                       on_progress);
}

}  // namespace tropic::rna::detail::cuda

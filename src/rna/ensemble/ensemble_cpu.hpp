#pragma once
// The CPU engine of the partition function (private to src/rna, its tests and benchmarks): the
// inside and outside tables of one sequence, filled on the calling thread or in tile wavefronts
// on a pool.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "rna/ensemble/ensemble_cells.hpp"
#include "rna/ensemble/ensemble_setup.hpp"
#include "rna/ensemble/ensemble_summary.hpp"
#include "tropic/core/progress.hpp"
#include "tropic/rna/ensemble.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::rna::detail {

// The filled tables of one sequence. After the outside pass, P(i,j) (i < j) lies at
// qbh[j * n + i] (probability()), unless a device returned only the listed pairs (listed_done).
struct EnsembleFold {
    EnsembleSetup setup;
    std::vector<double> qb, qm, qm1, qbh, qmh, qm1h, w, z5, z3;
    EnsembleTables tables;
    double log_z = 0;           // ln Z, unscaled
    int inside_fills = 0;       // 1, or more when the first scale let Z leave the safe range
    bool outside_done = false;  // qbh holds every P(i,j)
    // A device's listed return (cuda/ensemble_cuda.hpp): the pairs of probability >= its
    // threshold by (i, j), and the sums over every pair, instead of qbh.
    bool listed_done = false;
    PairProbabilities listed;
    EnsemblePairSums sums;

    int n() const { return tables.n; }
    double probability(int i, int j) const { return qbh[tables.at(j, i)]; }
    // -kT ln Z in kcal/mol (+ 0.0: an ensemble of only the open chain has 0, not -0).
    double ensemble_energy() const { return -log_z * setup.model.f->kT / 1000.0 + 0.0; }
};

// Host bytes of one fold's tables: seven n x n tables of doubles with the outside pass (the inside
// and outside tables, each readable by rows and by columns), four without it, the n x n mask of
// the pairs that may form, and O(n) more.
std::uint64_t ensemble_table_bytes(std::size_t length, bool outside);

// Fills `fold` for `sequence`: the inside tables, Z, and (with `outside`) the outside tables and
// the pair probabilities. `mfe_dcal` gives the first scale estimate; a Z outside the safe range
// repeats the fill with a corrected scale. Throws ResourceError when the tables cannot be
// allocated. on_progress hears (item, fraction) from the calling thread.
void fill_ensemble_cpu(EnsembleFold& fold, std::span<const std::uint8_t> sequence,
                       const BoltzmannFactors& factors, const MfeParams& mfe_params,
                       const StructureConstraint* constraint, int mfe_dcal, bool outside,
                       ThreadPool* pool = nullptr, const Progress& on_progress = {},
                       std::size_t item = 0);

}  // namespace tropic::rna::detail

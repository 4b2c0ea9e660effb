#pragma once
// The Boltzmann ensemble of secondary structures (McCaskill 1990) under the Turner 2004 model,
// as RNAfold -p computes it: the ensemble free energy, every pair's probability, and what
// follows from them (the pair-probability string, centroid and MEA structures, the MFE's
// frequency, the ensemble diversity) plus structures sampled from the ensemble (RNAsubopt -p).
//
// Recurrences (0-based; Qb over pairs, Qm1 one multiloop helix starting at i, Qm one or more;
// b = the multiloop's per-base factor; stem factors as in mfe.hpp):
//   Qb(i,j)  = hairpin(i,j) + sum_{p,q} interior(i,j,p,q) Qb(p,q)      (p-i-1 + j-q-1 <= 30)
//              + closing(i,j) sum_u Qm(i+1,u-1) Qm1(u,j-1)
//   Qm1(i,j) = Qb(i,j) stem_ml(i,j) + Qm1(i,j-1) b
//   Qm(i,j)  = sum_u (b^(u-i) + Qm(i,u-1)) Qm1(u,j)
//   Z5(j+1)  = Z5(j) + sum_k Z5(k) Qb(k,j) stem_ext(k,j),  Z = Z5(n)
// Every structure is counted once. The outside tables (the same rules read backwards) give
// P(i,j) = Qb(i,j) Qb^(i,j) / Z.
//
// Numerics: doubles scaled per base (pf_scale of ViennaRNA): an entry over L bases holds its
// value times s^-L, s estimated from the MFE as RNAfold does (exp(-1.07 MFE / (n kT)), at least
// 1). When Z leaves [1e-250, 1e250] (a sequence far from the estimate) the fold is repeated with
// s corrected by Z's own per-base value, so no length the memory allows overflows.
// Options as RNAfold -p: dangles 2 or 0, a pair span, hard constraints, and --noLP with
// RNAfold's partition-function meaning (pairs that can only be isolated never form; other
// lonely pairs may still occur).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tropic/core/outcome.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/rna/boltzmann_factors.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/pair_probability.hpp"
#include "tropic/rna/structure_constraint.hpp"

namespace tropic::rna {

struct EnsembleParams {
    MfeParams model;  // dangles, no_lonely_pairs (RNAfold -p's rule), max_bp_span
    // Pairs listed in EnsembleResult::pairs: probability >= this (RNAfold's --bppmThreshold).
    // Only these pairs are returned: on a GPU the threshold is applied on the device, with the
    // summaries that need every pair, so that the n x n probabilities never reach the host.
    double bpp_threshold = 1e-5;
    bool probabilities = true;  // false: ensemble energy (and samples) only
    bool mea = false;           // also the MEA structure (RNAfold --MEA)
    double mea_gamma = 1.0;
    std::size_t samples = 0;  // structures drawn from the ensemble (RNAsubopt -p N)
    std::uint64_t seed = 1;   // of the sampler; the same seed gives the same samples everywhere
};

struct EnsembleResult {
    MfeResult mfe;
    double ensemble_energy = 0;  // kcal/mol
    double kT = 0;               // cal/mol, of the model's temperature
    double scale = 1;            // the per-base scale s that was used
    // Per base, RNAfold's symbol of its pairing tendency ('.', ',', '|', '{', '}', '(', ')').
    std::string pairing_tendency;
    PairProbabilities pairs;  // probability >= bpp_threshold, by (i, j)
    std::string centroid;     // pairs with probability > 0.5
    int centroid_energy = 0;  // dcal/mol, evaluated as RNAeval
    double centroid_distance = 0;
    std::string mea_structure;  // when asked
    int mea_energy = 0;         // dcal/mol
    double mea = 0;
    double mfe_frequency = 0;  // Boltzmann probability of the MFE structure
    double diversity = 0;      // mean base-pair distance between two structures of the ensemble
    std::vector<std::string> samples;
    std::vector<int> sample_energies;  // dcal/mol, of each sample
};

// Host bytes a fold of `length` bases takes at its peak for what `ensemble_params` asks: its MFE's
// tables (folded first, then freed) or the ensemble's with the sampled structures. The ensemble's
// tables are seven n x n tables of doubles with probabilities (the inside and outside tables, each
// readable by rows and by columns; the MEA reads them too), four without, and an n x n mask.
[[nodiscard]] std::uint64_t ensemble_memory_bytes(std::size_t length,
                                                  const EnsembleParams& ensemble_params);

// The ensemble of every sequence (alphabet codes), one outcome per sequence in input order,
// where `run` says (cpu: short records one per thread, long ones on all threads in tile
// wavefronts; cuda: every record on the device; auto: the device for records it holds once there
// are enough bases). Every record is placed before any is folded: one that fits neither host
// memory nor the device is refused, its outcome a ResourceError's message naming its length and
// the longest that fits; the others are folded. `params` (integer energies at the temperature)
// give the MFE, `factors` the ensemble.
[[nodiscard]] std::vector<Outcome<EnsembleResult>> fold_ensemble_many(
    const std::vector<std::vector<std::uint8_t>>& sequences, const EnergyParams& params,
    const BoltzmannFactors& factors, const EnsembleParams& ensemble_params,
    const RunOptions& run = {}, const std::vector<StructureConstraint>* constraints = nullptr);

// One sequence, as fold_ensemble_many places it. Throws the error of its outcome.
[[nodiscard]] EnsembleResult fold_ensemble(std::span<const std::uint8_t> sequence,
                                           const EnergyParams& params,
                                           const BoltzmannFactors& factors,
                                           const EnsembleParams& ensemble_params,
                                           const RunOptions& run = {},
                                           const StructureConstraint* constraint = nullptr);

}  // namespace tropic::rna

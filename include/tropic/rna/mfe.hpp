#pragma once
// Minimum-free-energy folding (Zuker) under the nearest-neighbour energy model of
// energy_params.hpp and loop_energy.hpp, with RNAfold's defaults: dangles 2 (or 0), hairpins of
// at least 3 unpaired bases, interior loops of at most 30 unpaired bases; optionally no lonely
// pairs and a maximum pair span (MfeParams).
//
// Recurrences (0-based; b = ml_base; stem_ext / stem_ml = exterior_stem_energy /
// multi_stem_energy of the pair with its outer neighbours):
//   C(i,j)   = min( hairpin(i,j),
//                   min_{p,q} interior(i,j,p,q) + C(p,q)       (p-i-1 + j-q-1 <= 30),
//                   ml_closing + stem_ml(j,i) + min_u FML(i+1,u-1) + FM1(u,j-1) )
//   FM1(i,j) = min( C(i,j) + stem_ml(i,j), FM1(i,j-1) + b )          one helix starting at i
//   FML(i,j) = min( C(i,j) + stem_ml(i,j), FML(i+1,j) + b, FML(i,j-1) + b,
//                   min_u FML(i,u-1) + FML(u,j) )                     one or more helices
//   F5(j)    = min( F5(j-1), min_k F5(k-1) + C(k,j) + stem_ext(k,j) )  exterior prefix 0..j
//
// Traceback (the same on every backend): F5 leaves j unpaired when F5(j) == F5(j-1), otherwise
// pairs j with the smallest k. C tries the hairpin, then interior loops by increasing p and
// decreasing q, then multiloop splits by increasing u. FM1 prefers the helix (i,j); FML prefers
// the helix, then i unpaired, then j unpaired, then splits by increasing u. The structure's
// evaluated energy (energy_eval.hpp) always equals the reported MFE.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tropic/core/outcome.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/loop_energy.hpp"
#include "tropic/rna/structure_constraint.hpp"

namespace tropic::rna {

struct MfeParams {
    Dangles dangles = Dangles::Both;
    // RNAfold's --noLP: every pair stacks on another one. C(i,j) then means "(i,j) stacked on
    // (i+1,j-1)" and a second table CC(i,j), "(i,j) closing any loop", feeds the stack case:
    //   C(i,j) = stack(i,j) + CC(i+1,j-1),  CC(i,j) = the C recurrence above with CC in its
    //   stack term; exterior loops, multiloops and other interior loops use C.
    bool no_lonely_pairs = false;
    // RNAfold's --maxBPspan: pairs (i,j) with j - i + 1 > max_bp_span do not form; -1: no limit.
    int max_bp_span = -1;
};

struct MfeResult {
    int energy = 0;         // dcal/mol
    std::string structure;  // dot-bracket
};

// Records of this many bases or more report progress (RunOptions::on_progress).
inline constexpr std::size_t kMfeProgressMinLength = 2000;

// Bytes of DP tables a fold of `length` bases allocates: 4 (5 with no_lonely_pairs) triangles
// of int32, about 8 n^2 (10 n^2) bytes. Its other work space is O(n): about 40 n bytes, and
// 124 n for each thread filling the tables (one without a pool).
[[nodiscard]] std::uint64_t mfe_memory_bytes(std::size_t length, const MfeParams& mfe_params);

// Folds many sequences (alphabet codes, see alphabet.hpp) where `run` says; one outcome per
// sequence, in input order, the same energies and structures on every backend. `constraints`,
// when given, holds one constraint (of its sequence's length) per sequence, restricting the pairs.
//
// Where records go (choose_backend): cpu folds records of 2,000 nt or more one at a time on all
// the threads of run.pool (tiles of the tables in wavefronts) and shorter ones one per thread;
// cuda folds every record on run.device; auto sends records of 500 nt or more to the device when
// it holds them (else to the CPU, with a notice), and shorter ones there together once they hold
// 200,000 bases. Every record is placed before any is folded: one that fits neither host memory
// (run.max_memory, else what is available) nor the device is refused up front, its outcome a
// ResourceError's message naming its length and the longest that fits; the others are folded.
//
// run.on_progress hears (index in `sequences`, fraction) from records of kMfeProgressMinLength
// bases or more folded one at a time (on the CPU, or in the GPU's long mode). Records fold in
// parallel, so calls may come from several threads at once: the callback must synchronise.
[[nodiscard]] std::vector<Outcome<MfeResult>> fold_mfe_many(
    const std::vector<std::vector<std::uint8_t>>& sequences, const EnergyParams& params,
    const MfeParams& mfe_params, const RunOptions& run = {},
    const std::vector<StructureConstraint>* constraints = nullptr);

// One sequence, as fold_mfe_many places it; progress is reported as item 0. Throws the error of
// its outcome (a ResourceError when it fits nowhere).
[[nodiscard]] MfeResult fold_mfe(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                                 const MfeParams& mfe_params, const RunOptions& run = {},
                                 const StructureConstraint* constraint = nullptr);

}  // namespace tropic::rna

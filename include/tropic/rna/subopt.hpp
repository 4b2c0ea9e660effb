#pragma once
// Suboptimal secondary structures under the MFE energy model of mfe.hpp, as ViennaRNA's
// RNAsubopt computes them:
//   - subopt (RNAsubopt -e): every structure whose free energy lies within `delta` of the MFE
//     (Wuchty et al. 1999), each once, with its energy (always energy_eval.hpp's energy of it);
//   - subopt_zuker (RNAsubopt -z): for every pair that can form, the best structure containing
//     it, listed once per distinct structure (Zuker 1989).
// Both read the tables of one MFE fill, with the same parameters (dangles 2 or 0, no lonely pairs,
// maximum pair span, hard constraints) and parameters. docs/subopt.md describes the output.
//
// The overloads with RunOptions choose where the fill runs (run.backend, through choose_backend:
// auto takes the device from 500 nt on): the CPU shares the fill, Zuker's outside table and
// Zuker's traces among run.pool's threads; cuda fills the tables (and Zuker's outside table) on
// run.device and copies them back, the enumeration and the traces staying on the host. The
// output is the same, byte for byte, on every backend and any number of threads. The overloads
// without RunOptions run on the CPU, on the calling thread.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tropic/core/run_options.hpp"
#include "tropic/core/sequence.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/structure_constraint.hpp"

namespace tropic::rna {

struct SuboptStructure {
    int energy = 0;         // dcal/mol
    std::string structure;  // dot-bracket
};

// The order of subopt's list.
enum class SuboptOrder {
    // RNAsubopt --sorted: by energy, then by structure with '(' < ')' < '.' (what RNAsubopt's
    // comparison of its packed structures amounts to, and plain byte order of dot-brackets).
    EnergyThenStructure,
    // The order in which tropic's enumeration finds the structures (depth first); deterministic,
    // but not RNAsubopt's unsorted order, which follows its own search.
    Enumeration,
};

struct SuboptParams {
    int delta = 100;  // dcal/mol above the MFE, >= 0 (RNAsubopt -e 1.0)
    SuboptOrder order = SuboptOrder::EnergyThenStructure;
    // Stop with a ResourceError once more structures than this are within delta: their number
    // grows exponentially with delta and length.
    std::size_t max_structures = 1'000'000;
};

// Default SuboptParams::max_structures, also the CLI's default.
inline constexpr std::size_t kSuboptDefaultMaxStructures = 1'000'000;

struct SuboptResult {
    int mfe = 0;    // dcal/mol
    int delta = 0;  // dcal/mol, as asked
    // The MFE structure comes first in EnergyThenStructure order (ties by structure).
    std::vector<SuboptStructure> structures;
};

// Every structure of `sequence` (alphabet codes) within subopt_params.delta of the MFE. Throws
// InputError for a negative delta or one so large that it reaches the tables' infinity, and
// ResourceError when more than subopt_params.max_structures structures lie within delta (the
// message says how many were found and suggests a smaller delta or a larger limit) or the tables do
// not fit in memory.
[[nodiscard]] SuboptResult subopt(std::span<const std::uint8_t> sequence,
                                  const EnergyParams& params, const MfeParams& mfe_params,
                                  const SuboptParams& subopt_params,
                                  const StructureConstraint* constraint = nullptr);
[[nodiscard]] SuboptResult subopt(std::span<const std::uint8_t> sequence,
                                  const EnergyParams& params, const MfeParams& mfe_params,
                                  const SuboptParams& subopt_params, const RunOptions& run,
                                  const StructureConstraint* constraint = nullptr);

// RNAsubopt -z: for each pair (i,j) that may form, the best structure containing it (energy
// C(i,j) + the best exterior of (i,j)). The pairs are visited by increasing best energy (ties as
// RNAsubopt orders them); a pair already contained in a listed structure is skipped, so every
// structure is listed once, the MFE first. Each entry's energy is that best energy, which equals
// energy_eval.hpp's energy of its structure. Throws InputError with no_lonely_pairs (not
// supported yet).
[[nodiscard]] std::vector<SuboptStructure> subopt_zuker(
    std::span<const std::uint8_t> sequence, const EnergyParams& params, const MfeParams& mfe_params,
    const StructureConstraint* constraint = nullptr);
[[nodiscard]] std::vector<SuboptStructure> subopt_zuker(
    std::span<const std::uint8_t> sequence, const EnergyParams& params, const MfeParams& mfe_params,
    const RunOptions& run, const StructureConstraint* constraint = nullptr);

// RNAsubopt's layout of one record: ">name [delta]" (delta in dcal/mol; no line for a record
// without a name), then "SEQUENCE %6.2f %6.2f" (MFE and delta in kcal/mol), then one
// "STRUCTURE %6.2f" line per structure.
void append_subopt_text(std::string& out, const SequenceRecord& record, const SuboptResult& result);

// RNAsubopt -z's layout: ">name" (none without a name), "SEQUENCE", then "STRUCTURE [%6.2f]".
void append_zuker_text(std::string& out, const SequenceRecord& record,
                       const std::vector<SuboptStructure>& structures);

// One JSON object per line: {"name","length","sequence","mfe","delta","structures":[{"structure",
// "energy"},...]} (energies in kcal/mol, two decimals); -z gives "zuker":true and no "delta".
void append_subopt_json(std::string& out, const SequenceRecord& record, const SuboptResult& result);
void append_zuker_json(std::string& out, const SequenceRecord& record,
                       const std::vector<SuboptStructure>& structures);

}  // namespace tropic::rna

#pragma once
// Energies of given structures as text: RNAeval's layout, or one JSON object per line.
#include <string>
#include <vector>

#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/structure_records.hpp"

namespace tropic::rna {

// What evaluate_structure gives for one record: the energy and, when they were asked for, the
// loops' contributions.
struct StructureEnergy {
    int energy = 0;                       // dcal/mol
    std::vector<LoopContribution> loops;  // empty unless asked for
};

// RNAeval's layout: ">name" (when the record has one), the sequence, then the structure and
// " (%6.2f)" of the energy in kcal/mol. Loops, when given, come before the structure line, one
// a line as RNAeval -v lists them: kind, closing pair, inner pair, energy.
void append_eval_text(std::string& out, const StructureRecord& record,
                      const StructureEnergy& result);

// {"name","length","sequence","structure","energy"} and a newline; energies in kcal/mol with two
// decimals. Loops, when given, add "loops":[{"kind","i","j","p","q","energy"}], 1-based, where
// the exterior loop has no i, j and only stacks, bulges and interior loops have p, q.
void append_eval_json(std::string& out, const StructureRecord& record,
                      const StructureEnergy& result);

}  // namespace tropic::rna

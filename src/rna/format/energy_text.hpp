#pragma once
// An energy as RNAfold and RNAeval print it after a structure.
#include <fmt/format.h>

#include <iterator>
#include <string>

namespace tropic::rna::detail {

// " (%6.2f)" of an energy in dcal/mol, in kcal/mol.
inline void append_energy(std::string& out, int dcal_per_mol) {
    fmt::format_to(std::back_inserter(out), " ({:6.2f})", dcal_per_mol / 100.0);
}

}  // namespace tropic::rna::detail

#pragma once
// The sequence-analysis families of tropic._tropic: alignment, database search, read mapping,
// three-way and syntenic alignment, miRNA scans, RNA-RNA interaction and copy numbers. module.cpp
// calls bind_analysis, which binds each.
#include <nanobind/nanobind.h>

namespace tropic::python {

namespace nb = nanobind;

void bind_analysis(nb::module_& m);

// Pairwise alignment and its scoring (bind_align.cpp).
void bind_align(nb::module_& m);
// Databases and their search (bind_search.cpp).
void bind_search(nb::module_& m);
// Reference indexes and read mapping (bind_map.cpp).
void bind_map(nb::module_& m);
// Read counts and copy-number calls (bind_cnv.cpp).
void bind_cnv(nb::module_& m);
// RNA-RNA interaction, BPMax (bind_rri.cpp).
void bind_rri(nb::module_& m);
// Three-sequence and syntenic alignment (bind_align3.cpp).
void bind_align3(nb::module_& m);
// microRNA precursor scans (bind_mirna.cpp).
void bind_mirna(nb::module_& m);

}  // namespace tropic::python

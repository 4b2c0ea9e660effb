#pragma once
// The families of the module tropic._tropic, each bound by one function (module.cpp calls them).
#include <nanobind/nanobind.h>

namespace tropic::python {

namespace nb = nanobind;

// The arguments every family shares: Run and Sequences (bind_shared.cpp).
void bind_shared(nb::module_& m);
// The version and the build (bind_build.cpp).
void bind_build(nb::module_& m);
// RNA folding: fold, fold_ensemble, sample, subopt, eval (bind_rna.cpp).
void bind_rna(nb::module_& m);
// The tropical engine: maxplus, minplus (bind_engine.cpp).
void bind_engine(nb::module_& m);

}  // namespace tropic::python

// The extension module tropic._tropic: the library's public API, called by the package
// python/tropic/, which gives it its Python shape (docs/python.md).
#include <nanobind/nanobind.h>

#include "python/python_bindings.hpp"
#include "python/python_errors.hpp"
#include "python/python_more_bindings.hpp"

NB_MODULE(_tropic, m) {
    namespace py = tropic::python;
    m.doc() = "tropic's library, bound for the Python package tropic (import tropic, not this)";
    py::register_error_translation();
    py::bind_shared(m);
    py::bind_build(m);
    py::bind_rna(m);
    py::bind_engine(m);
    py::bind_analysis(m);
}

// The arguments every family shares: how a call runs (Run) and the sequences it is given
// (Sequences), built by the package's wrappers from their keyword arguments.
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include "python/python_bindings.hpp"
#include "python/python_run.hpp"
#include "python/python_sequences.hpp"

namespace tropic::python {

void bind_shared(nb::module_& m) {
    nb::class_<RunArguments>(m, "Run", "How a call runs: backend, threads, devices, progress.")
        .def(
            "__init__",
            [](RunArguments* self, std::string backend, unsigned threads, std::vector<int> devices,
               nb::object progress) {
                new (self) RunArguments{std::move(backend), threads, std::move(devices),
                                        std::move(progress)};
            },
            nb::arg("backend") = "auto", nb::arg("threads") = 0,
            nb::arg("devices") = std::vector<int>(), nb::arg("progress").none() = nb::none())
        .def_ro("backend", &RunArguments::backend)
        .def_ro("threads", &RunArguments::threads)
        .def_ro("devices", &RunArguments::devices);
    nb::class_<SequenceBatch>(m, "Sequences",
                              "Sequences as one argument gave them, with their names (or none).")
        .def(
            "__init__",
            [](SequenceBatch* self, std::string argument, std::vector<std::string> sequences,
               std::vector<std::string> names) {
                new (self)
                    SequenceBatch{std::move(argument), std::move(sequences), std::move(names)};
            },
            nb::arg("argument"), nb::arg("sequences"),
            nb::arg("names") = std::vector<std::string>())
        .def("__len__", [](const SequenceBatch& batch) { return batch.sequences.size(); });
}

}  // namespace tropic::python

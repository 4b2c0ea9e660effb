#include "python/python_errors.hpp"

#include <nanobind/nanobind.h>

#include <exception>

#include "tropic/core/error.hpp"

namespace tropic::python {

namespace nb = nanobind;

namespace {

PyObject* exception_type(const Error& error) {
    switch (error.code()) {
        case ExitCode::Input:
            return PyExc_ValueError;
        case ExitCode::Resource:
            return PyExc_MemoryError;
        default:
            return PyExc_RuntimeError;
    }
}

}  // namespace

void register_error_translation() {
    nb::register_exception_translator([](const std::exception_ptr& thrown, void*) {
        try {
            std::rethrow_exception(thrown);
        } catch (const Error& error) {
            PyErr_SetString(exception_type(error), error.what());
        }
    });
}

}  // namespace tropic::python

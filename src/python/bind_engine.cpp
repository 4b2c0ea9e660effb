// The tropical engine (include/tropic/semiring/product.hpp): C (+)= A (x) B over (max,+) or
// (min,+) on int32 numpy arrays, one product or a stack of them. The package's wrappers
// (python/tropic/_engine.py) convert the caller's arrays (integers, or floats with infinities)
// to int32 with the engine's sentinels and back.
#include <nanobind/ndarray.h>

#include <cstdint>

#include "python/python_bindings.hpp"
#include "python/python_run.hpp"
#include "tropic/core/error.hpp"
#include "tropic/semiring/product.hpp"
#include "tropic/semiring/tropical.hpp"

namespace tropic::python {

namespace {

using semiring::Matrix;
using Stack = nb::ndarray<std::int32_t, nb::ndim<3>, nb::c_contig, nb::device::cpu>;
using ConstStack = nb::ndarray<const std::int32_t, nb::ndim<3>, nb::c_contig, nb::device::cpu>;

// c[p] (+)= a[p] (x) b[p] for every p of the stacks (a: count x m x k, b: count x k x n,
// c: count x m x n). The library checks the dimensions of each product.
void multiply_accumulate(bool max_plus, ConstStack a, ConstStack b, Stack c,
                         const RunArguments& arguments) {
    if (a.shape(0) != b.shape(0) || a.shape(0) != c.shape(0))
        throw InputError("A, B and C hold different numbers of matrices");
    const Matrix<const std::int32_t> ma{a.data(), a.shape(1), a.shape(2), a.shape(2)};
    const Matrix<const std::int32_t> mb{b.data(), b.shape(1), b.shape(2), b.shape(2)};
    const Matrix<std::int32_t> mc{c.data(), c.shape(1), c.shape(2), c.shape(2)};
    const semiring::Semiring kind =
        max_plus ? semiring::Semiring::MaxPlus : semiring::Semiring::MinPlus;
    PythonRun run(arguments);
    run([&] {
        semiring::multiply_accumulate_strided(kind, semiring::Shape::Dense, ma, ma.rows * ma.cols,
                                              mb, mb.rows * mb.cols, mc, mc.rows * mc.cols,
                                              a.shape(0), run.options());
        return 0;
    });
}

}  // namespace

void bind_engine(nb::module_& m) {
    using Int32 = semiring::Tropical<std::int32_t>;
    m.attr("INT32_BOUND") = Int32::bound;
    m.attr("INT32_NEG_INF") = Int32::neg_inf;
    m.attr("INT32_POS_INF") = Int32::pos_inf;
    m.def("multiply_accumulate", &multiply_accumulate, nb::arg("max_plus"), nb::arg("a"),
          nb::arg("b"), nb::arg("c").noconvert(), nb::arg("run"),
          "C (+)= A (x) B over (max,+) or (min,+), in place, for stacks of int32 matrices "
          "(C-contiguous, count x rows x cols).");
}

}  // namespace tropic::python

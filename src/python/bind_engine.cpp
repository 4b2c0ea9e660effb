// The tropical engine (include/tropic/semiring/product.hpp): C (+)= A (x) B over (max,+) or
// (min,+) on int32 numpy arrays, one product or a stack of them. The package's wrappers
// (python/tropic/_engine.py) convert the caller's arrays (integers, or floats with infinities)
// to int32 with the engine's sentinels and back. Also the plus-times products
// (plus_times_product.hpp) on int32, int64, float32 and float64 matrices.
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>

#include <cstdint>
#include <string>

#include "python/python_bindings.hpp"
#include "python/python_run.hpp"
#include "tropic/core/error.hpp"
#include "tropic/semiring/plus_times_product.hpp"
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

template <typename T>
using ConstMatrix = nb::ndarray<const T, nb::ndim<2>, nb::c_contig, nb::device::cpu>;
template <typename T>
using MatrixArray = nb::ndarray<T, nb::ndim<2>, nb::c_contig, nb::device::cpu>;

semiring::ProductAlgorithm parse_algorithm(const std::string& name) {
    if (name == "auto") return semiring::ProductAlgorithm::Auto;
    if (name == "classical") return semiring::ProductAlgorithm::Classical;
    if (name == "strassen") return semiring::ProductAlgorithm::StrassenWinograd;
    throw InputError("algorithm='" + name + "': give 'auto', 'classical' or 'strassen'");
}

// c += a b over PlusTimes<T>; the library checks the dimensions.
template <typename T>
void plus_times(ConstMatrix<T> a, ConstMatrix<T> b, MatrixArray<T> c, const std::string& algorithm,
                std::size_t threshold, bool allow_float_strassen, const RunArguments& arguments) {
    semiring::PlusTimesOptions product;
    product.algorithm = parse_algorithm(algorithm);
    product.threshold = threshold;
    product.allow_float_strassen = allow_float_strassen;
    PythonRun run(arguments);
    run([&] {
        semiring::multiply_accumulate_plus_times<T>({a.data(), a.shape(0), a.shape(1), a.shape(1)},
                                                    {b.data(), b.shape(0), b.shape(1), b.shape(1)},
                                                    {c.data(), c.shape(0), c.shape(1), c.shape(1)},
                                                    product, run.options());
        return 0;
    });
}

template <typename T>
void def_plus_times(nb::module_& m) {
    m.def("plus_times", &plus_times<T>, nb::arg("a").noconvert(), nb::arg("b").noconvert(),
          nb::arg("c").noconvert(), nb::arg("algorithm"), nb::arg("threshold"),
          nb::arg("allow_float_strassen"), nb::arg("run"),
          "C += A B over (+, x), in place, for C-contiguous matrices of one type (int32 and "
          "int64 wrap as two's complement).");
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
    def_plus_times<std::int32_t>(m);
    def_plus_times<std::int64_t>(m);
    def_plus_times<float>(m);
    def_plus_times<double>(m);
}

}  // namespace tropic::python

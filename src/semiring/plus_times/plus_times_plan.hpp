#pragma once
// How one plus-times product runs once its options are resolved (plus_times_dispatch.cpp), and
// the views the kernels see: integers as their unsigned type of the same width, where wrapping
// is defined (plus_times.hpp), floats as they are.
#include <cstddef>

#include "tropic/semiring/plus_times.hpp"
#include "tropic/semiring/product.hpp"

namespace tropic::semiring::detail {

struct PlusTimesPlan {
    bool strassen = false;      // Strassen-Winograd levels above the threshold
    std::size_t threshold = 0;  // >= 1 where strassen
};

template <typename T>
using Arithmetic = typename PlusTimes<T>::arithmetic;

// Signed and unsigned types of one width may alias each other; floats are unchanged.
template <typename T>
Matrix<const Arithmetic<T>> arithmetic_view(Matrix<const T> m) {
    return {reinterpret_cast<const Arithmetic<T>*>(m.data), m.rows, m.cols, m.ld};
}
template <typename T>
Matrix<Arithmetic<T>> arithmetic_view(Matrix<T> m) {
    return {reinterpret_cast<Arithmetic<T>*>(m.data), m.rows, m.cols, m.ld};
}

}  // namespace tropic::semiring::detail

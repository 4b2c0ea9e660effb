#pragma once
// numpy arrays that take over a std::vector's storage (no copy): the array owns the vector.
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>

#include <cstddef>
#include <utility>
#include <vector>

namespace tropic::python {

namespace nb = nanobind;

// A numpy array of shape `shape` over `values` (row-major; the product of shape is its size).
template <class T>
nb::object numpy_array(std::vector<T>&& values, std::initializer_list<std::size_t> shape) {
    auto* owned = new std::vector<T>(std::move(values));
    nb::capsule owner(owned, [](void* p) noexcept { delete static_cast<std::vector<T>*>(p); });
    return nb::ndarray<nb::numpy, T>(owned->data(), shape, owner).cast();
}

template <class T>
nb::object numpy_vector(std::vector<T>&& values) {
    const std::size_t size = values.size();
    return numpy_array(std::move(values), {size});
}

// A list of Python str of `texts`.
template <class Texts>
nb::list str_list(const Texts& texts) {
    nb::list out;
    for (const auto& text : texts) out.append(nb::str(text.data(), text.size()));
    return out;
}

}  // namespace tropic::python

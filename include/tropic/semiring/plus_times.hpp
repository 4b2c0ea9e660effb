#pragma once
// The ordinary semiring (+,x) over int32, int64, float and double: the engine's plus-times
// products (plus_times_product.hpp) are compiled for PlusTimes<T>, beside the tropical MaxPlus<T>
// and MinPlus<T> (tropical.hpp).
//
// Integers are exact in the ring of integers modulo 2^32 (int32) or 2^64 (int64): every sum and
// product wraps as two's complement, never traps and is never undefined (the arithmetic runs on
// the unsigned type of the same width, whose wrapping C++ defines, and the bits are read back as
// T). Every algorithm of the engine computes the same ring element, so classical and
// Strassen-Winograd products, CPU and GPU, are bit-identical on integers, overflowing ones
// included. Floats round at every step: the order of the sums, and Strassen-Winograd's
// additions, change the last bits (plus_times_product.hpp says how far).
#include <cstdint>
#include <type_traits>

#include "tropic/core/host_device.hpp"

namespace tropic::semiring {

template <typename T>
struct PlusTimes {
    static_assert(std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::int64_t> ||
                      std::is_same_v<T, float> || std::is_same_v<T, double>,
                  "PlusTimes is defined for int32, int64, float and double");
    using value_type = T;
    // The type the arithmetic runs in: the unsigned type of T's width for integers (defined
    // wrapping), T itself for floats.
    using arithmetic = typename std::conditional_t<std::is_integral_v<T>, std::make_unsigned<T>,
                                                   std::type_identity<T>>::type;
    // Whether every algorithm gives the same bits.
    static constexpr bool exact = std::is_integral_v<T>;

    static constexpr T zero = T(0);  // identity of add, absorbing for mul
    static constexpr T one = T(1);   // identity of mul

    TROPIC_HOST_DEVICE static constexpr T add(T a, T b) {
        return static_cast<T>(static_cast<arithmetic>(a) + static_cast<arithmetic>(b));
    }
    TROPIC_HOST_DEVICE static constexpr T mul(T a, T b) {
        return static_cast<T>(static_cast<arithmetic>(a) * static_cast<arithmetic>(b));
    }
    // c + a * b.
    TROPIC_HOST_DEVICE static constexpr T multiply_add(T a, T b, T c) {
        return static_cast<T>(static_cast<arithmetic>(a) * static_cast<arithmetic>(b) +
                              static_cast<arithmetic>(c));
    }
};

}  // namespace tropic::semiring

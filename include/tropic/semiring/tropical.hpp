#pragma once
// The tropical semirings (max,+) and (min,+) over int16 and int32, and how their infinities are
// stored.
//
// Each type reserves a sentinel for the semiring's zero element: -inf for (max,+) and +inf for
// (min,+), at half the type's range. Finite values lie in [-bound, bound] with bound a quarter of
// the range, so a + b never overflows, and a sum that involves an infinity lies beyond -bound
// ((max,+); beyond +bound for (min,+)). The engine writes every result beyond that line back as
// exactly the sentinel. Results that are sums of finite terms are exact in [-bound, 2 bound]
// ((max,+); [-2 bound, bound] for (min,+)); a finite result beyond -bound (+bound) cannot be told
// from an infinite one and is written as the sentinel too. Keep values within [-bound, bound]
// where they are fed back as inputs.
//
// The engine's kernels (CPU and device) and the algorithms that call them are compiled once per
// semiring: they take MaxPlus<T> or MinPlus<T> as a template parameter, types usable on the host
// and in CUDA kernels alike. The Semiring enum of the public API becomes one of them once per
// call, in with_semiring().
#include <cstdint>
#include <limits>
#include <type_traits>

#include "tropic/core/host_device.hpp"

namespace tropic::semiring {

enum class Semiring { MaxPlus, MinPlus };

template <typename T>
struct Tropical {
    static_assert(std::is_same_v<T, std::int16_t> || std::is_same_v<T, std::int32_t>);
    static constexpr T bound = std::numeric_limits<T>::max() / 4;    // int32: 536870911
    static constexpr T neg_inf = std::numeric_limits<T>::min() / 2;  // int32: -1073741824
    static constexpr T pos_inf = std::numeric_limits<T>::max() / 2;  // int32:  1073741823

    // The semiring's zero: the identity of its addition (max or min) and absorbing for +.
    static constexpr T zero(Semiring s) noexcept {
        return s == Semiring::MaxPlus ? neg_inf : pos_inf;
    }
    static constexpr bool is_finite(T v) noexcept { return v >= -bound && v <= bound; }
};

// (max,+) over T: S::add is max, S::mul is +, S::zero the -inf sentinel.
template <typename T>
struct MaxPlus {
    using value_type = T;
    using wide = MaxPlus<std::int32_t>;  // the same semiring on int32, where sums of T fit
    static constexpr Semiring kind = Semiring::MaxPlus;
    // The sentinel: the identity of add and absorbing for mul (within the rules above).
    static constexpr T zero = Tropical<T>::neg_inf;
    // No value of T loses to it, the sentinels and their sums included: where a raw
    // accumulator starts (the kernels of src/semiring combine sums without infinity handling).
    static constexpr T worst = std::numeric_limits<T>::lowest();

    // Whether a wins over b in add.
    TROPIC_HOST_DEVICE static constexpr bool better(T a, T b) { return a > b; }
    TROPIC_HOST_DEVICE static constexpr T add(T a, T b) { return a > b ? a : b; }
    TROPIC_HOST_DEVICE static constexpr T mul(T a, T b) { return static_cast<T>(a + b); }
    // x = x add y, for T and for vectors of T (GCC vector extensions: lane by lane). In place,
    // since a vector returned by value changes the ABI between CPU targets.
    template <typename V>
    TROPIC_HOST_DEVICE static constexpr void add_to(V& x, const V& y) {
        x = x > y ? x : y;
    }
    // A sum of two cells that lies beyond the finite range involves the sentinel: it becomes the
    // sentinel exactly. Other values are returned unchanged.
    TROPIC_HOST_DEVICE static constexpr std::int32_t saturate(std::int32_t sum) {
        return sum < -Tropical<T>::bound ? zero : sum;
    }
    // c add (a mul b) on int32 in one step: Hopper's DPX add-max in CUDA kernels.
    TROPIC_HOST_DEVICE static std::int32_t multiply_add(std::int32_t a, std::int32_t b,
                                                        std::int32_t c) {
#if defined(__CUDA_ARCH__)
        return __viaddmax_s32(a, b, c);
#else
        return a + b > c ? a + b : c;
#endif
    }
};

// (min,+) over T: S::add is min, S::mul is +, S::zero the +inf sentinel.
template <typename T>
struct MinPlus {
    using value_type = T;
    using wide = MinPlus<std::int32_t>;
    static constexpr Semiring kind = Semiring::MinPlus;
    static constexpr T zero = Tropical<T>::pos_inf;
    static constexpr T worst = std::numeric_limits<T>::max();

    TROPIC_HOST_DEVICE static constexpr bool better(T a, T b) { return a < b; }
    TROPIC_HOST_DEVICE static constexpr T add(T a, T b) { return a < b ? a : b; }
    TROPIC_HOST_DEVICE static constexpr T mul(T a, T b) { return static_cast<T>(a + b); }
    template <typename V>
    TROPIC_HOST_DEVICE static constexpr void add_to(V& x, const V& y) {
        x = x < y ? x : y;
    }
    TROPIC_HOST_DEVICE static constexpr std::int32_t saturate(std::int32_t sum) {
        return sum > Tropical<T>::bound ? zero : sum;
    }
    TROPIC_HOST_DEVICE static std::int32_t multiply_add(std::int32_t a, std::int32_t b,
                                                        std::int32_t c) {
#if defined(__CUDA_ARCH__)
        return __viaddmin_s32(a, b, c);
#else
        return a + b < c ? a + b : c;
#endif
    }
};

// Calls f(MaxPlus<T>{}) or f(MinPlus<T>{}) as `semiring` says: where a run-time Semiring becomes
// the type that kernels are compiled for.
template <typename T, typename F>
decltype(auto) with_semiring(Semiring semiring, F&& f) {
    if (semiring == Semiring::MaxPlus) return f(MaxPlus<T>{});
    return f(MinPlus<T>{});
}

}  // namespace tropic::semiring

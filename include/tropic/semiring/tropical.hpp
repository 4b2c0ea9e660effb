#pragma once
// The tropical semirings (max,+) and (min,+) over int16 and int32, and how their infinities are
// stored.
//
// Each type reserves a sentinel for the semiring's zero element: -inf for (max,+) and +inf for
// (min,+), at half the type's range. Finite values lie in [-bound, bound] with bound a quarter of
// the range, so a + b never overflows, a sum that involves an infinity stays beyond every finite
// sum, and the engine writes such a result back as exactly the sentinel. Results that are sums of
// finite terms are exact and lie in [-2 bound, 2 bound]; keep them within [-bound, bound] where
// they are fed back as inputs.
#include <cstdint>
#include <limits>

namespace tropic::semiring {

enum class Semiring { MaxPlus, MinPlus };

template <typename T>
struct Tropical {
    static_assert(std::is_same_v<T, std::int16_t> || std::is_same_v<T, std::int32_t>);
    static constexpr T bound = std::numeric_limits<T>::max() / 4;      // int32: 536870911
    static constexpr T neg_inf = std::numeric_limits<T>::min() / 2;    // int32: -1073741824
    static constexpr T pos_inf = std::numeric_limits<T>::max() / 2;    // int32:  1073741823

    // The semiring's zero: the identity of its addition (max or min) and absorbing for +.
    static constexpr T zero(Semiring s) noexcept { return s == Semiring::MaxPlus ? neg_inf : pos_inf; }
    static constexpr bool is_finite(T v) noexcept { return v >= -bound && v <= bound; }
};

}  // namespace tropic::semiring

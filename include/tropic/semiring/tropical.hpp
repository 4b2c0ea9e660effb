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
#include <cstdint>
#include <limits>
#include <type_traits>

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

}  // namespace tropic::semiring

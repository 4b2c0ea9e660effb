// The semiring types of tropical.hpp, on the host: zero, add, mul, better, saturate,
// multiply_add, and with_semiring's mapping of the run-time Semiring onto them.
#include <gtest/gtest.h>

#include <cstdint>
#include <type_traits>

#include "tropic/semiring/tropical.hpp"

namespace {

using tropic::semiring::MaxPlus;
using tropic::semiring::MinPlus;
using tropic::semiring::Semiring;
using tropic::semiring::Tropical;
using tropic::semiring::with_semiring;

template <typename T>
void expect_max_plus() {
    using S = MaxPlus<T>;
    static_assert(S::kind == Semiring::MaxPlus);
    EXPECT_EQ(S::zero, Tropical<T>::neg_inf);
    EXPECT_EQ(S::zero, Tropical<T>::zero(Semiring::MaxPlus));
    EXPECT_EQ(S::add(T(3), T(-5)), T(3));
    EXPECT_EQ(S::add(S::zero, T(-7)), T(-7));  // zero is add's identity
    EXPECT_EQ(S::mul(T(3), T(-5)), T(-2));
    EXPECT_TRUE(S::better(T(4), T(3)));
    EXPECT_FALSE(S::better(T(3), T(3)));
    T x = 2;
    S::add_to(x, T(9));
    EXPECT_EQ(x, T(9));
    const std::int32_t bound = Tropical<T>::bound;
    EXPECT_EQ(S::saturate(-bound), -bound);       // the last finite value stays
    EXPECT_EQ(S::saturate(-bound - 1), S::zero);  // beyond it: the sentinel exactly
    EXPECT_EQ(S::saturate(2 * bound), 2 * bound);
    EXPECT_EQ(S::multiply_add(3, 4, 6), 7);
    EXPECT_EQ(S::multiply_add(3, 4, 8), 8);
    EXPECT_LE(S::worst, S::zero + S::zero);  // no sum of two cells loses to it
}

template <typename T>
void expect_min_plus() {
    using S = MinPlus<T>;
    static_assert(S::kind == Semiring::MinPlus);
    EXPECT_EQ(S::zero, Tropical<T>::pos_inf);
    EXPECT_EQ(S::zero, Tropical<T>::zero(Semiring::MinPlus));
    EXPECT_EQ(S::add(T(3), T(-5)), T(-5));
    EXPECT_EQ(S::add(S::zero, T(7)), T(7));
    EXPECT_EQ(S::mul(T(3), T(-5)), T(-2));
    EXPECT_TRUE(S::better(T(3), T(4)));
    EXPECT_FALSE(S::better(T(3), T(3)));
    T x = 2;
    S::add_to(x, T(-9));
    EXPECT_EQ(x, T(-9));
    const std::int32_t bound = Tropical<T>::bound;
    EXPECT_EQ(S::saturate(bound), bound);
    EXPECT_EQ(S::saturate(bound + 1), S::zero);
    EXPECT_EQ(S::saturate(-2 * bound), -2 * bound);
    EXPECT_EQ(S::multiply_add(3, 4, 6), 6);
    EXPECT_EQ(S::multiply_add(3, 4, 8), 7);
    EXPECT_GE(S::worst, S::zero + S::zero);
}

TEST(SemiringTypes, MaxPlusMembers) {
    expect_max_plus<std::int16_t>();
    expect_max_plus<std::int32_t>();
}

TEST(SemiringTypes, MinPlusMembers) {
    expect_min_plus<std::int16_t>();
    expect_min_plus<std::int32_t>();
}

TEST(SemiringTypes, WithSemiringPicksTheType) {
    auto kind = [](Semiring s) {
        return with_semiring<std::int16_t>(s, []<typename S>(S) {
            static_assert(std::is_same_v<typename S::value_type, std::int16_t>);
            return S::kind;
        });
    };
    EXPECT_EQ(kind(Semiring::MaxPlus), Semiring::MaxPlus);
    EXPECT_EQ(kind(Semiring::MinPlus), Semiring::MinPlus);
}

}  // namespace

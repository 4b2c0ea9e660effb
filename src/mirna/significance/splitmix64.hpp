#pragma once
// The shuffles' random numbers: SplitMix64 (Steele, Lea & Flood 2014, the constants of Vigna's
// public-domain description), chosen because it is fully specified by a few integer operations
// and so gives the same numbers on every platform and standard library, unlike the
// distributions of <random>.
#include <cstdint>

namespace tropic::mirna::detail {

// SplitMix64's output function: a bijective mix of a 64-bit word.
[[nodiscard]] constexpr std::uint64_t splitmix64_mix(std::uint64_t z) noexcept {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

inline constexpr std::uint64_t kSplitMix64Increment = 0x9e3779b97f4a7c15ULL;

class SplitMix64 {
  public:
    explicit constexpr SplitMix64(std::uint64_t seed) noexcept : state_(seed) {}

    constexpr std::uint64_t next() noexcept {
        state_ += kSplitMix64Increment;
        return splitmix64_mix(state_);
    }

    // Uniform in [0, bound), bound > 0, without bias: draws below 2^64 mod bound are rejected,
    // so that the accepted range is a whole number of copies of [0, bound).
    constexpr std::uint64_t below(std::uint64_t bound) noexcept {
        const std::uint64_t rejected = (0 - bound) % bound;
        for (;;) {
            const std::uint64_t x = next();
            if (x >= rejected) return x % bound;
        }
    }

  private:
    std::uint64_t state_;
};

}  // namespace tropic::mirna::detail

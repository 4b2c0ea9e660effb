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

    // Uniform in [0, bound), bound > 0, without bias. Bounds up to 2^32 take Lemire's (2019)
    // multiply-and-shift of the draw's high 32 bits, rejecting the few products whose low half
    // falls below 2^32 mod bound (a division only then); larger bounds reject draws below 2^64
    // mod bound and take the remainder. Either way the accepted draws cover [0, bound) evenly.
    constexpr std::uint64_t below(std::uint64_t bound) noexcept {
        if (bound <= (std::uint64_t{1} << 32)) return below_32(bound);
        const std::uint64_t rejected = (0 - bound) % bound;
        for (;;) {
            const std::uint64_t x = next();
            if (x >= rejected) return x % bound;
        }
    }

  private:
    constexpr std::uint64_t below_32(std::uint64_t bound) noexcept {
        std::uint64_t product = (next() >> 32) * bound;
        auto low = static_cast<std::uint32_t>(product);
        if (low < bound) {
            const auto rejected = static_cast<std::uint32_t>((std::uint64_t{1} << 32) % bound);
            while (low < rejected) {
                product = (next() >> 32) * bound;
                low = static_cast<std::uint32_t>(product);
            }
        }
        return product >> 32;
    }

    std::uint64_t state_;
};

}  // namespace tropic::mirna::detail

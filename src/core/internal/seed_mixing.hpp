#pragma once
// Seeds for independent random streams: SplitMix64 (Steele, Lea and Flood 2014) turns a user's
// seed combined with a stream number into a well-mixed 64-bit seed, so that stream k of a run
// draws the same numbers however the streams are spread over threads.
#include <cstdint>

namespace tropic {

constexpr std::uint64_t splitmix64(std::uint64_t z) noexcept {
    z += 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

}  // namespace tropic

#include <string_view>

#include "mirna/significance/splitmix64.hpp"
#include "tropic/mirna/significance.hpp"

namespace tropic::mirna {

namespace {

// FNV-1a, 64 bits: a fixed hash of the hairpin's letters.
std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t hash = 0xcbf29ce484222325ULL;
    for (const char c : text) {
        hash ^= static_cast<unsigned char>(c);
        hash *= 0x100000001b3ULL;
    }
    return hash;
}

}  // namespace

// mix(mix(mix(user_seed) ^ fnv1a(hairpin)) ^ index), mix being SplitMix64's output function
// of its argument plus its increment: each input passes through a full mix before the next one
// joins, so that neighbouring seeds, hairpins or indices give unrelated streams.
std::uint64_t shuffle_seed(std::uint64_t user_seed, std::string_view hairpin, std::uint32_t index) {
    const auto mix = [](std::uint64_t x) {
        return detail::splitmix64_mix(x + detail::kSplitMix64Increment);
    };
    return mix(mix(mix(user_seed) ^ fnv1a(hairpin)) ^ index);
}

}  // namespace tropic::mirna

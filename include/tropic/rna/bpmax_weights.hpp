#pragma once
// Pair weights of BPMax, given in the user's units (decimals allowed, e.g. GU=1.5) and scored
// internally as whole numbers: every weight is multiplied by one common scale, the smallest that
// makes all of them integers. Scores come back in user units as score / scale.
#include <cstdint>
#include <string>
#include <string_view>

#include "tropic/core/alphabet.hpp"

namespace tropic::rna {

struct BpmaxWeights {
    // Scaled weights (user weight x scale); the defaults are those of the reference BPMax code,
    // GC = 3, AU = 1, GU = 1.5, at scale 2.
    int gc = 6;
    int au = 2;
    int gu = 3;
    int scale = 2;

    // Scaled weight of pairing a with b (symmetric); 0 for pairs that cannot form. Intra- and
    // inter-molecular pairs use the same weights.
    int weight(Base a, Base b) const noexcept;
    int max_weight() const noexcept;

    // Parses "GC=3,AU=1,GU=1.5": any subset (the others keep their defaults), pair names in
    // either order and any case, weights in [0, 1000] with at most two decimals. Throws
    // InputError on bad text.
    [[nodiscard]] static BpmaxWeights parse(std::string_view spec);

    // A scaled score in user units, without trailing zeros: 21 at scale 2 -> "10.5".
    [[nodiscard]] std::string format_score(std::int64_t scaled) const;
    [[nodiscard]] double to_user_units(std::int64_t scaled) const noexcept;
};

}  // namespace tropic::rna

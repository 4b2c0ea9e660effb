#pragma once
// Integer weights of the canonical base pairs for base-pair maximisation.
#include <array>
#include <cstdint>
#include <string_view>

#include "tropic/core/alphabet.hpp"

namespace tropic::rna {

struct PairWeights {
    int au = 1;
    int gc = 1;
    int gu = 1;

    // Weight of pairing a with b (symmetric); 0 means the two bases cannot pair.
    int weight(Base a, Base b) const noexcept;
    int max_weight() const noexcept;
    // A kBaseCount x kBaseCount table, row-major, for kernels.
    [[nodiscard]] std::array<std::int32_t, kBaseCount * kBaseCount> table() const noexcept;

    // Parses "GC=3,AU=2,GU=1": any subset, pair names in either order (CG = GC), case-insensitive.
    // Weights are whole numbers in [0, 1000]; 0 forbids the pair. Throws InputError on bad text.
    [[nodiscard]] static PairWeights parse(std::string_view spec);
};

}  // namespace tropic::rna

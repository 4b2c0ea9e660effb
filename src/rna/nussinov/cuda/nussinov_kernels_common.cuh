#pragma once
// Shared pieces of the Nussinov CUDA engines.
#include <cstdint>

#include "tropic/core/alphabet.hpp"

namespace tropic::rna::detail::cuda {

// Pair weights passed by value to kernels (kBaseCount x kBaseCount, 0 = cannot pair).
struct WeightTable {
    std::int32_t w[kBaseCount * kBaseCount];
};

}  // namespace tropic::rna::detail::cuda

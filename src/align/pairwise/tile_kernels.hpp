#pragma once
// The tile kernels this machine can run for a problem, narrowest lanes first (striped int8 and
// int16 where the problem's scores plausibly fit them, striped int32, scalar): a pair is filled
// with the first, and again with the next whenever one saturates (parasail's saturation check);
// the last one never saturates.
#include <vector>

#include "align/pairwise/pair_fill.hpp"

namespace tropic::align::detail {

struct KernelChoice {
    TileKernel kernel = nullptr;
    int bits = 32;  // lane width, reported as PairAlignment::score_bits
    const char* name = "scalar";
};

std::vector<KernelChoice> kernel_ladder(const TileProblem& problem);

}  // namespace tropic::align::detail

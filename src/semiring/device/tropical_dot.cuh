#pragma once
// The tropical engine's smallest product, for one thread: (+)_{begin <= k < end} a[k] (x) b[k]
// over S (MaxPlus<Score>: max_k a[k] + b[k], a max-plus dot product), seeded with `init`, as
// int32. The two rows must share their alignment: both start on a 16-byte boundary, so that a[k]
// and b[k] sit at the same offset in their vectors. The middle runs on 16-byte loads, and int16
// scores on packed DPX (__viaddmax_s16x2), two steps an instruction; the ends run one element at
// a time. Sums must fit the score type.
#include <cuda_runtime.h>

#include <cstdint>

#include "semiring/device/tropical_block_tile.cuh"

namespace tropic::semiring::cuda {

template <typename S, typename Score = typename S::value_type>
__device__ inline std::int32_t tropical_dot(const Score* a, const Score* b, int begin, int end,
                                            std::int32_t init) {
    using Ops = TropicalWord<S>;
    using Word = typename Ops::Word;
    using Wide = typename S::wide;  // the ends and the lanes, on int32
    constexpr int kPerVector = 16 / sizeof(Score);
    std::int32_t best = init;
    int k = begin;
    const int head_end = min(end, (begin + kPerVector - 1) / kPerVector * kPerVector);
    for (; k < head_end; ++k) best = Wide::add(best, std::int32_t(a[k]) + b[k]);
    Word acc = Ops::broadcast(Score(best));
    for (; k + kPerVector <= end; k += kPerVector) {
        int4 av = *reinterpret_cast<const int4*>(a + k);
        int4 bv = *reinterpret_cast<const int4*>(b + k);
        const Word* aw = reinterpret_cast<const Word*>(&av);
        const Word* bw = reinterpret_cast<const Word*>(&bv);
#pragma unroll
        for (int w = 0; w < 4; ++w) acc = Ops::step(aw[w], bw[w], acc);
    }
#pragma unroll
    for (int h = 0; h < Ops::kColumnsPerWord; ++h) best = Wide::add(best, Ops::lane(acc, h));
    for (; k < end; ++k) best = Wide::add(best, std::int32_t(a[k]) + b[k]);
    return best;
}

}  // namespace tropic::semiring::cuda

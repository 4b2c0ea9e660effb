// The single-strand pieces of BPMax: the weighted Nussinov table S of a strand in its two band
// forms (bpmax_tables.hpp), the one-cell max-plus reduction they and the fill share, and the
// Problem a pair is solved from.
#include <algorithm>

#include "rna/bpmax/bpmax_tables.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/semiring/maxplus.hpp"

namespace tropic::rna::detail {

template <typename Score>
Score maxplus_dot(const Score* a, const Score* b, std::size_t n, Score start) {
    Score best = start;
    if (n > 0) semiring::maxplus_accumulate_abt<Score>(1, 1, n, a, n, b, n, &best, 1);
    return best;
}

bool score_fits_int16(std::size_t length1, std::size_t length2, const BpmaxWeights& weights) {
    const double highest =
        static_cast<double>(weights.max_weight()) * static_cast<double>((length1 + length2) / 2);
    return highest <= semiring::Tropical<std::int16_t>::bound;
}

template <typename Score>
StrandTable<Score> strand_table(std::span<const std::uint8_t> sequence, std::size_t window,
                                const BpmaxWeights& weights, ThreadPool* pool) {
    StrandTable<Score> s;
    s.length = sequence.size();
    s.width = effective_window(window, s.length) + 1;
    const std::size_t n = s.length + 1, width = s.width;
    s.rows.assign(n * width, kNegInf<Score>);
    s.columns.assign(n * width, kNegInf<Score>);
    auto set = [&](std::size_t i, std::size_t e, Score v) {
        s.rows[i * width + (e - i)] = v;
        s.columns[e * width + (i + width - 1 - e)] = v;
    };
    // Lengths L = e - i in increasing order: the pair term reads L - 2 and the split m in
    // (i, e) reads lengths below L, both in row i / column e, contiguous in the two forms.
    // Cells of one length are independent: long strands split them over the pool in blocks of
    // about four per thread (at least kMinBlock cells, so short lengths stay on one thread).
    constexpr std::size_t kMinBlock = 2048;
    const std::size_t threads = pool == nullptr ? 1 : pool->size();
    for (std::size_t len = 1; len < width; ++len) {
        const std::size_t cells = s.length + 1 - len;
        const std::size_t block_cells = std::max(kMinBlock, cells / (4 * threads) + 1);
        auto block = [&](std::size_t b) {
            for (std::size_t i = b * block_cells; i < std::min(cells, (b + 1) * block_cells); ++i) {
                const std::size_t e = i + len;
                Score v = 0;
                if (len - 1 >= kBpmaxMinPairSpan) {
                    v = static_cast<Score>(s.rows[(i + 1) * width + (len - 2)] +
                                           weights.weight(static_cast<Base>(sequence[i]),
                                                          static_cast<Base>(sequence[e - 1])));
                    v = maxplus_dot(s.row(i) + 1, s.column(e) + (width - len), len - 1, v);
                }
                set(i, e, v);
            }
        };
        const std::size_t blocks = (cells + block_cells - 1) / block_cells;
        parallel_for(pool, 0, blocks, block);
    }
    return s;
}

template <typename Score>
Problem<Score> make_problem(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                            const BpmaxParams& params, ThreadPool* pool) {
    Problem<Score> p;
    p.s1 = s1;
    p.r.assign(s2.rbegin(), s2.rend());
    p.weights = params.weights;
    p.pair_weight.resize(kBaseCount * kBaseCount);
    for (int a = 0; a < kBaseCount; ++a)
        for (int b = 0; b < kBaseCount; ++b)
            p.pair_weight[a * kBaseCount + b] = static_cast<Score>(
                params.weights.weight(static_cast<Base>(a), static_cast<Base>(b)));
    p.strand1 = strand_table<Score>(s1, params.window1, params.weights, pool);
    p.strand2 = strand_table<Score>(p.r, params.window2, params.weights, pool);
    return p;
}

#define TROPIC_INSTANTIATE(Score)                                                                  \
    template Score maxplus_dot<Score>(const Score*, const Score*, std::size_t, Score);             \
    template StrandTable<Score> strand_table<Score>(std::span<const std::uint8_t>, std::size_t,    \
                                                    const BpmaxWeights&, ThreadPool*);             \
    template Problem<Score> make_problem<Score>(std::span<const std::uint8_t>,                     \
                                                std::span<const std::uint8_t>, const BpmaxParams&, \
                                                ThreadPool*);
TROPIC_INSTANTIATE(std::int16_t)
TROPIC_INSTANTIATE(std::int32_t)
#undef TROPIC_INSTANTIATE

}  // namespace tropic::rna::detail

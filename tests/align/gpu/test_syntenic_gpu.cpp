// GPU == CPU for syntenic alignment: the device's strip fill gives the CPU's score, and with a
// traceback from its checkpoints the same segments (coordinates, CIGARs, blocks), in both block-end
// modes, on random and related pairs, DNA and protein, at the lengths where lanes, strips and
// checkpoint tiles change (0, 1, 2, 31-33, 127-129, hundreds, thousands) and on a long pair. Every
// alignment re-scores to its score. Without a CUDA device every test SKIPs visibly.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "support/gpu_test.hpp"
#include "support/random_alignment.hpp"
#include "tropic/align/syntenic.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;

class SyntenicGpu : public test::GpuTest {
  protected:
    static SyntenicAlignment on(Backend backend, const Seq& q, const Seq& t,
                                const SyntenicParams& params) {
        RunOptions options;
        options.backend = backend;
        options.pool = backend == Backend::Cpu ? &pool() : nullptr;
        return align_syntenic(q, t, params, options);
    }

    static void expect_same(const Seq& q, const Seq& t, const SyntenicParams& params) {
        const SyntenicAlignment cpu = on(Backend::Cpu, q, t, params);
        const SyntenicAlignment gpu = on(Backend::Cuda, q, t, params);
        ASSERT_EQ(gpu, cpu) << q.size() << " x " << t.size() << ", block " << params.block_cost
                            << (params.block_ends == BlockEnds::Charged ? " charged" : " free")
                            << (params.score_only ? " score only" : "");
        if (!params.score_only) {
            EXPECT_EQ(rescore_syntenic(q, t, gpu, params), gpu.score);
        }
    }
};

// A target related to the query, with an unrelated stretch now and then (a block to find).
Seq related(std::mt19937_64& rng, const Seq& q, bool protein) {
    Seq t = test::mutate(rng, q, protein ? 24 : 4, 0.1, 0.05);
    if (t.size() > 8 && rng() % 2) {
        const std::size_t begin = rng() % (t.size() / 2), length = 1 + rng() % (t.size() / 3);
        for (std::size_t k = begin; k < std::min(t.size(), begin + length); ++k)
            t[k] = static_cast<std::uint8_t>(rng() % (protein ? 20 : 4));
    }
    return t;
}

SyntenicParams params_for(bool protein, std::int32_t block, BlockEnds ends, bool score_only) {
    SyntenicParams params;
    if (protein) {
        params.scoring.matrix = builtin_matrix("BLOSUM62");
        params.scoring.gaps = {10, 1};
    }
    params.block_cost = block;
    params.block_ends = ends;
    params.score_only = score_only;
    return params;
}

TEST_F(SyntenicGpu, EdgeLengthsMatchTheCpu) {
    std::mt19937_64 rng(2411);
    const std::size_t lengths[] = {0, 1, 2, 31, 32, 33, 127, 128, 129, 300};
    for (const std::size_t m : lengths)
        for (const std::size_t n : lengths)
            for (const BlockEnds ends : {BlockEnds::Free, BlockEnds::Charged}) {
                const Seq q = test::random_dna(rng, m, 0.02);
                const Seq t = rng() % 2 ? related(rng, q, false) : test::random_dna(rng, n);
                for (const bool score_only : {false, true})
                    expect_same(q, t, params_for(false, 5 + rng() % 40, ends, score_only));
            }
}

TEST_F(SyntenicGpu, RandomAndRelatedPairsMatchTheCpu) {
    std::mt19937_64 rng(977);
    for (int k = 0; k < 40; ++k) {
        const bool protein = k % 4 == 3;
        const std::size_t m = 1 + rng() % 3000;
        const Seq q = protein ? test::random_protein(rng, m) : test::random_dna(rng, m, 0.01);
        const Seq t = k % 2 ? related(rng, q, protein)
                            : (protein ? test::random_protein(rng, 1 + rng() % 3000)
                                       : test::random_dna(rng, 1 + rng() % 3000));
        const BlockEnds ends = k % 3 == 0 ? BlockEnds::Charged : BlockEnds::Free;
        expect_same(q, t, params_for(protein, static_cast<std::int32_t>(rng() % 80), ends, false));
    }
}

TEST_F(SyntenicGpu, LongRelatedPairMatchesTheCpu) {
    std::mt19937_64 rng(31);
    const Seq q = test::random_dna(rng, 40000);
    const Seq t = related(rng, q, false);
    for (const bool score_only : {true, false})
        expect_same(q, t, params_for(false, 60, BlockEnds::Free, score_only));
}

}  // namespace
}  // namespace tropic::align

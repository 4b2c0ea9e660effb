// The optimised CPU BPMax against the reference, on random pairs: scores, sites (with windows
// and --top), and every reported structure valid and re-scoring to its site's score.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "reference/bpmax_reference.hpp"
#include "rna/bpmax/bpmax_engine.hpp"
#include "rna/bpmax/bpmax_plan.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/bpmax.hpp"

namespace {

using tropic::ThreadPool;
using tropic::rna::BpmaxParams;
using tropic::rna::BpmaxResult;
using tropic::rna::BpmaxWeights;

using Seq = std::vector<std::uint8_t>;
using tropic::rna::detail::Knobs;

// These tests are of the CPU engine, whatever devices the machine has.
tropic::RunOptions on_cpu(ThreadPool* pool = nullptr) {
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cpu;
    run.pool = pool;
    return run;
}

BpmaxResult interact(const Seq& s1, const Seq& s2, const BpmaxParams& params,
                     ThreadPool* pool = nullptr, const Knobs& knobs = {}) {
    return tropic::rna::detail::interact(s1, s2, params, on_cpu(pool), knobs);
}

BpmaxWeights weights_from(int gc, int au, int gu) {
    BpmaxWeights w;
    w.gc = gc;
    w.au = au;
    w.gu = gu;
    w.scale = 1;
    return w;
}

// Weight sets: the default (3, 1, 1.5 at scale 2), unit weights, and random ones.
BpmaxWeights pick_weights(std::mt19937_64& rng, int round) {
    if (round % 3 == 0) return BpmaxWeights{};
    if (round % 3 == 1) return weights_from(1, 1, 1);
    std::uniform_int_distribution<int> w(0, 9);
    return weights_from(w(rng), w(rng), w(rng));
}

// Every site's pairs are a valid BPMax structure inside its box whose weights sum to its score.
void expect_sites_rescore(const Seq& s1, const Seq& s2, const BpmaxParams& params,
                          const BpmaxResult& got) {
    for (const auto& site : got.sites) {
        auto rescored =
            tropic::reference::reference_bpmax_structure_score(s1, s2, site.pairs, params.weights);
        ASSERT_TRUE(rescored.has_value())
            << tropic::rna::bpmax_dot_bracket(s1.size(), s2.size(), site.pairs);
        ASSERT_EQ(*rescored, site.score);
        ASSERT_EQ(tropic::rna::score_bpmax_structure(s1, s2, site.pairs, params.weights),
                  site.score);
        for (const auto& p : site.pairs) {
            bool i_on_1 = p.kind != tropic::rna::BpmaxPairKind::Intra2;
            bool j_on_1 = p.kind == tropic::rna::BpmaxPairKind::Intra1;
            auto inside = [&](std::size_t k, bool on1) {
                return on1 ? site.begin1 <= k && k <= site.end1
                           : site.begin2 <= k && k <= site.end2;
            };
            ASSERT_TRUE(inside(p.i, i_on_1) && inside(p.j, j_on_1)) << "pair outside its site";
        }
    }
}

// The pair with int16 tables where they fit and with int32 only: the same sites and pairs, every
// site re-scoring. Returns the int16 result.
BpmaxResult expect_int16_equals_int32(const Seq& s1, const Seq& s2, const BpmaxParams& params) {
    ThreadPool pool(2);
    Knobs wide;
    wide.int32_only = true;
    const auto a = interact(s1, s2, params, &pool);
    const auto b = interact(s1, s2, params, &pool, wide);
    EXPECT_EQ(a.sites.size(), b.sites.size());
    for (std::size_t k = 0; k < std::min(a.sites.size(), b.sites.size()); ++k) {
        EXPECT_EQ(a.sites[k].score, b.sites[k].score);
        EXPECT_EQ(a.sites[k].pairs, b.sites[k].pairs);
    }
    expect_sites_rescore(s1, s2, params, a);
    return a;
}

void expect_matches_reference(const Seq& s1, const Seq& s2, const BpmaxParams& params,
                              unsigned threads, bool int32_only = false) {
    SCOPED_TRACE(::testing::Message()
                 << "n1 " << s1.size() << " n2 " << s2.size() << " W1 " << params.window1 << " W2 "
                 << params.window2 << " top " << params.top << " GC=" << params.weights.gc << " AU="
                 << params.weights.au << " GU=" << params.weights.gu << " threads " << threads);
    ThreadPool pool(threads);
    Knobs knobs;
    knobs.int32_only = int32_only;
    const BpmaxResult got = interact(s1, s2, params, threads > 1 ? &pool : nullptr, knobs);
    const auto want = tropic::reference::bpmax_reference_sites(s1, s2, params);
    ASSERT_EQ(got.sites.size(), want.size());
    for (std::size_t k = 0; k < want.size(); ++k) {
        SCOPED_TRACE(::testing::Message() << "site " << k);
        EXPECT_EQ(got.sites[k].score, want[k].score);
        EXPECT_EQ(got.sites[k].begin1, want[k].begin1);
        EXPECT_EQ(got.sites[k].end1, want[k].end1);
        EXPECT_EQ(got.sites[k].begin2, want[k].begin2);
        EXPECT_EQ(got.sites[k].end2, want[k].end2);
    }
    expect_sites_rescore(s1, s2, params, got);
}

// Lengths 1..40 x 1..200, kept to pairs the four-index reference finishes quickly.
void random_rounds(std::uint64_t seed, int rounds) {
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    std::uniform_int_distribution<std::size_t> len1(1, 40), len2(1, 200);
    for (int round = 0; round < rounds; ++round) {
        std::size_t n1 = len1(rng), n2 = len2(rng);
        // The reference costs ~ (n1 n2)^3 / 36 steps: shrink the longer side to n1 n2 <= 1,600.
        while (n1 * n2 > 1600) (n2 > 5 * n1 ? n2 : n1) -= 1;
        if (round % 2) std::swap(n1, n2);
        const Seq s1 = tropic::test::random_rna(rng, n1, 0.5, 0.05);
        const Seq s2 = tropic::test::random_rna(rng, n2, 0.5, 0.05);
        BpmaxParams params;
        params.weights = pick_weights(rng, round);
        // Small pairs fit int16 scores; every other round forces the int32 tables.
        expect_matches_reference(s1, s2, params, 1 + round % 3, round % 2 == 1);
    }
}

TEST(BpmaxCpu, MatchesReferenceOnRandomPairs) {
    random_rounds(tropic::test::test_seed(), 12);
}

TEST(BpmaxCpu, MatchesReferenceWithFixedSeeds) {
    for (std::uint64_t seed : {7u, 1234u, 99991u}) random_rounds(seed, 6);
}

TEST(BpmaxCpu, EdgeLengths) {
    std::mt19937_64 rng(tropic::test::test_seed());
    for (std::size_t n1 : {1, 2, 4, 5, 6, 9})
        for (std::size_t n2 : {1, 2, 4, 5, 6, 13}) {
            BpmaxParams params;
            expect_matches_reference(tropic::test::random_rna(rng, n1),
                                     tropic::test::random_rna(rng, n2), params, 2, n1 % 2 == 0);
        }
}

TEST(BpmaxCpu, WindowsAndTopMatchReference) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    std::uniform_int_distribution<std::size_t> len1(1, 14), len2(1, 60), top(1, 4);
    for (int round = 0; round < 12; ++round) {
        const Seq s1 = tropic::test::random_rna(rng, len1(rng));
        const Seq s2 = tropic::test::random_rna(rng, len2(rng));
        BpmaxParams params;
        params.weights = pick_weights(rng, round);
        std::uniform_int_distribution<std::size_t> w1(1, s1.size() + 2), w2(1, s2.size() + 2);
        params.window1 = w1(rng);
        params.window2 = w2(rng);
        params.top = top(rng);
        expect_matches_reference(s1, s2, params, 1 + round % 2, round % 3 == 2);
    }
}

TEST(BpmaxCpu, WindowsAtLeastTheLengthsGiveTheFullResult) {
    std::mt19937_64 rng(tropic::test::test_seed());
    for (int round = 0; round < 6; ++round) {
        const Seq s1 = tropic::test::random_rna(rng, 5 + round * 3);
        const Seq s2 = tropic::test::random_rna(rng, 20 + round * 17);
        BpmaxParams full;
        BpmaxParams windowed = full;
        windowed.window1 = s1.size() + round;
        windowed.window2 = s2.size() + 3 * round;
        auto a = interact(s1, s2, full);
        auto b = interact(s1, s2, windowed);
        ASSERT_EQ(a.sites.size(), 1u);
        ASSERT_EQ(b.sites.size(), 1u);
        EXPECT_EQ(a.sites[0].score, b.sites[0].score);
        EXPECT_EQ(a.sites[0].pairs, b.sites[0].pairs);
        auto table = tropic::reference::bpmax_reference_table(s1, s2, full.weights);
        EXPECT_EQ(a.sites[0].score, table(0, s1.size() - 1, 0, s2.size() - 1));
    }
}

TEST(BpmaxCpu, SwappingTheStrandsKeepsTheScore) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> len1(1, 25), len2(1, 90);
    for (int round = 0; round < 10; ++round) {
        const Seq s1 = tropic::test::random_rna(rng, len1(rng));
        const Seq s2 = tropic::test::random_rna(rng, len2(rng));
        BpmaxParams params;
        params.weights = pick_weights(rng, round);
        ThreadPool pool(2);
        auto a = interact(s1, s2, params, &pool);
        auto b = interact(s2, s1, params, &pool);
        ASSERT_EQ(a.sites[0].score, b.sites[0].score) << "seed " << seed << " round " << round;
    }
}

TEST(BpmaxCpu, EmptyStrandsGiveNoSite) {
    BpmaxParams params;
    EXPECT_TRUE(tropic::rna::interact_bpmax(Seq{}, Seq{0, 1, 2}, params, on_cpu()).sites.empty());
    EXPECT_TRUE(tropic::rna::interact_bpmax(Seq{0, 1, 2}, Seq{}, params, on_cpu()).sites.empty());
}

}  // namespace

namespace {

TEST(BpmaxMemory, EstimateGrowsWithTheWindowsAndLimitSuggestsOne) {
    BpmaxParams params;
    // F alone: 276 tables of 801 x 801 cells, int16 (scores of 23 x 800 nt fit) or int32.
    const std::size_t full = tropic::rna::detail::bpmax_memory_bytes(23, 800, params, 2);
    EXPECT_GE(full, std::size_t{276} * 801 * 801 * 2);
    const std::size_t wide = tropic::rna::detail::bpmax_memory_bytes(23, 800, params, 2, true);
    EXPECT_EQ(wide, 2 * full);
    // 10,000 nt can score past int16's range: int32 whatever is asked.
    EXPECT_EQ(tropic::rna::detail::bpmax_memory_bytes(23, 10000, params, 2),
              tropic::rna::detail::bpmax_memory_bytes(23, 10000, params, 2, true));
    params.window2 = 128;
    const std::size_t windowed = tropic::rna::detail::bpmax_memory_bytes(23, 800, params, 2);
    EXPECT_LT(windowed, full / 5);
    params.window2 = 0;
    using tropic::MemoryBudget;
    const MemoryBudget limit_full{MemoryBudget::Kind::HostLimit, full, 0};
    EXPECT_NO_THROW(tropic::rna::detail::check_bpmax_memory(23, 800, params, 2, limit_full, "q&t"));
    try {
        const MemoryBudget limit{MemoryBudget::Kind::HostLimit, windowed + 1, 0};
        tropic::rna::detail::check_bpmax_memory(23, 800, params, 2, limit, "pair 'q'&'t'");
        FAIL() << "no ResourceError";
    } catch (const tropic::ResourceError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("pair 'q'&'t' (23 x 800 nt) needs"), std::string::npos) << message;
        EXPECT_NE(message.find("try a window2 of 128"), std::string::npos) << message;
    }
    // An engine call under a small limit fails before it allocates.
    tropic::RunOptions run = on_cpu();
    run.max_memory = 1000;
    Seq s(50, 2);
    EXPECT_THROW((void)tropic::rna::interact_bpmax(s, s, BpmaxParams{}, run),
                 tropic::ResourceError);
    // So it does under auto: the tables must fit the limit wherever they are computed.
    run.backend = tropic::Backend::Auto;
    EXPECT_THROW((void)tropic::rna::interact_bpmax(s, s, BpmaxParams{}, run),
                 tropic::ResourceError);
}

}  // namespace

namespace {

// Scores up to the int16 bound: alternating G and C with GC = 100 pair nearly every base, about
// 8,000 (the bound is 8,191), and the int16 tables must give exactly what the int32 ones give.
TEST(BpmaxCpu, Int16TablesAgreeWithInt32NearTheBound) {
    BpmaxParams params;
    params.weights = weights_from(100, 1, 1);
    params.top = 3;
    auto alternating = [](std::size_t n) {
        Seq s(n);
        for (std::size_t k = 0; k < n; ++k) s[k] = k % 2 == 0 ? 2 : 1;  // G C G C ...
        return s;
    };
    const Seq s1 = alternating(13), s2 = alternating(150);
    const BpmaxResult a = expect_int16_equals_int32(s1, s2, params);
    ASSERT_FALSE(a.sites.empty());
    EXPECT_GT(a.sites[0].score, 7500);
}

}  // namespace

namespace {

// The largest query length of the property tests against a target too long for the four-index
// reference: int16 and int32 tables agree, sites re-score, and swapping the strands keeps the
// score.
TEST(BpmaxCpu, LongestQueryAgreesAcrossScoreWidthsAndStrands) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    const Seq s1 = tropic::test::random_rna(rng, 40);
    const Seq s2 = tropic::test::random_rna(rng, 90);
    BpmaxParams params;
    params.top = 2;
    const BpmaxResult a = expect_int16_equals_int32(s1, s2, params);
    params.top = 1;
    ThreadPool pool(2);
    EXPECT_EQ(interact(s2, s1, params, &pool).sites.at(0).score, a.sites.at(0).score);
}

}  // namespace

namespace {

void expect_same_sites(const BpmaxResult& got, const BpmaxResult& want) {
    ASSERT_EQ(got.sites.size(), want.sites.size());
    for (std::size_t k = 0; k < want.sites.size(); ++k) {
        SCOPED_TRACE(::testing::Message() << "site " << k);
        EXPECT_EQ(got.sites[k].score, want.sites[k].score);
        EXPECT_EQ(got.sites[k].begin1, want.sites[k].begin1);
        EXPECT_EQ(got.sites[k].end1, want.sites[k].end1);
        EXPECT_EQ(got.sites[k].begin2, want.sites[k].begin2);
        EXPECT_EQ(got.sites[k].end2, want.sites[k].end2);
        EXPECT_EQ(got.sites[k].pairs, want.sites[k].pairs);
    }
}

// F computed block by block along the target (memory for one block) gives exactly the sites and
// structures of the whole table, for any block length.
TEST(BpmaxCpu, BlocksAlongTheTargetGiveTheWholeResult) {
    std::uint64_t seed = tropic::test::test_seed();
    std::mt19937_64 rng(seed);
    SCOPED_TRACE(::testing::Message() << "seed " << seed);
    std::uniform_int_distribution<std::size_t> len1(1, 12), len2(20, 150), top(1, 4);
    ThreadPool pool(2);
    for (int round = 0; round < 10; ++round) {
        const Seq s1 = tropic::test::random_rna(rng, len1(rng));
        const Seq s2 = tropic::test::random_rna(rng, len2(rng));
        BpmaxParams params;
        params.weights = pick_weights(rng, round);
        std::uniform_int_distribution<std::size_t> w1(1, s1.size()), w2(1, s2.size() - 1);
        params.window1 = w1(rng);
        params.window2 = w2(rng);
        params.top = top(rng);
        ThreadPool* threads = round % 2 ? &pool : nullptr;
        const BpmaxResult whole = interact(s1, s2, params, threads);
        for (std::size_t block : {std::size_t{1}, params.window2 / 2 + 1, params.window2,
                                  2 * params.window2 + 3, s2.size() - 1}) {
            SCOPED_TRACE(::testing::Message()
                         << "round " << round << " n1 " << s1.size() << " n2 " << s2.size()
                         << " W1 " << params.window1 << " W2 " << params.window2 << " top "
                         << params.top << " block " << block);
            Knobs knobs;
            knobs.block2 = block;
            expect_same_sites(interact(s1, s2, params, threads, knobs), whole);
        }
    }
}

// A memory limit that the whole tables exceed but blocks fit: blocks are chosen, and the result
// is the whole one.
TEST(BpmaxCpu, MemoryLimitChoosesBlocks) {
    std::mt19937_64 rng(tropic::test::test_seed());
    const Seq s1 = tropic::test::random_rna(rng, 10);
    const Seq s2 = tropic::test::random_rna(rng, 400);
    BpmaxParams params;
    params.window2 = 24;
    params.top = 3;
    const std::size_t whole_bytes = tropic::rna::detail::bpmax_memory_bytes(10, 400, params, 1);
    const auto plan = tropic::rna::detail::plan_bpmax(10, 400, params, 1, whole_bytes / 4);
    ASSERT_TRUE(plan.has_value());
    EXPECT_GE(plan->block2, 24u);
    EXPECT_LT(plan->block2, 400u);
    EXPECT_LE(plan->bytes, whole_bytes / 4);
    EXPECT_EQ(tropic::rna::detail::plan_bpmax(10, 400, params, 1, whole_bytes)->block2, 0u);
    EXPECT_FALSE(tropic::rna::detail::plan_bpmax(10, 400, params, 1, 1000).has_value());
    tropic::RunOptions limited = on_cpu();
    limited.max_memory = whole_bytes / 4;
    expect_same_sites(tropic::rna::interact_bpmax(s1, s2, params, limited),
                      interact(s1, s2, params));
}

}  // namespace

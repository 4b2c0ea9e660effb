// Several devices (RunOptions::devices) give one device's results, in input order: align_many's
// device batch and a database search (its scan rows in contiguous shares, each device with its
// copy of the targets) run with two and three logical devices on device 0 ("0,0", "0,0,0") equal
// the same work on device 0 alone and on the CPU, ties and E-values included. Without a CUDA
// device every test SKIPs visibly.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "support/gpu_test.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "support/search_database.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/align/search.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;

class MultiDeviceAlignGpu : public test::GpuTest {
  protected:
    static std::vector<std::vector<int>> several() { return {{0, 0}, {0, 0, 0}}; }
};

Scoring dna_scoring() {
    return {dna_matrix(2, -3, -3), {5, 2}};
}

// Lengths from 20 to 600 (shares of very different counts), every seventh pair unrelated.
TEST_F(MultiDeviceAlignGpu, AlignManyEqualsOneDeviceAndCpu) {
    std::mt19937_64 rng(test::test_seed());
    std::uniform_int_distribution<std::size_t> length(20, 600);
    std::vector<Seq> sides;
    for (int k = 0; k < 301; ++k) {
        sides.push_back(test::random_dna(rng, length(rng)));
        sides.push_back(k % 7 == 0 ? test::random_dna(rng, length(rng))
                                   : test::mutate(rng, sides.back(), 4, 0.05, 0.01));
    }
    std::vector<AlignPairInput> pairs;
    for (std::size_t k = 0; k + 1 < sides.size(); k += 2)
        pairs.push_back({sides[k + 1], sides[k], "pair"});
    AlignParams params;
    params.mode = AlignMode::Local;
    params.scoring = dna_scoring();
    const auto cpu = align_many(pairs, params, run_on(Backend::Cpu, {}));
    const auto one = align_many(pairs, params, run_on(Backend::Cuda, {0}));
    for (const auto& devices : several()) {
        const auto many = align_many(pairs, params, run_on(Backend::Cuda, devices));
        ASSERT_EQ(many.size(), pairs.size());
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            ASSERT_TRUE(many[k].ok()) << many[k].error;
            EXPECT_EQ(many[k].result, one[k].result) << "pair " << k;
            PairAlignment expected = cpu[k].result;
            expected.score_bits = many[k].result.score_bits;  // lanes may differ from the CPU's
            EXPECT_EQ(many[k].result, expected) << "pair " << k;
        }
    }
}

std::vector<QueryHits> search_on(const RunOptions& run, const std::vector<Seq>& queries,
                                 const test::SearchDatabase& db, const SearchParams& params) {
    std::vector<QueryHits> out;
    const std::vector<std::span<const std::uint8_t>> spans(queries.begin(), queries.end());
    Searcher(db.targets, params, run).search(spans, [&](QueryHits&& hits) {
        out.push_back(std::move(hits));
    });
    return out;
}

void expect_same_hits(const std::vector<QueryHits>& a, const std::vector<QueryHits>& b,
                      bool same_lanes) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t q = 0; q < a.size(); ++q) {
        EXPECT_EQ(a[q].query, b[q].query);
        ASSERT_EQ(a[q].hits.size(), b[q].hits.size()) << "query " << q;
        for (std::size_t h = 0; h < a[q].hits.size(); ++h) {
            const SearchHit &x = a[q].hits[h], &y = b[q].hits[h];
            EXPECT_EQ(x.target, y.target) << "query " << q << " hit " << h;
            EXPECT_EQ(x.strand, y.strand) << "query " << q << " hit " << h;
            EXPECT_EQ(x.evalue, y.evalue) << "query " << q << " hit " << h;
            EXPECT_EQ(x.bits, y.bits) << "query " << q << " hit " << h;
            PairAlignment expected = y.alignment;
            if (!same_lanes) expected.score_bits = x.alignment.score_bits;
            EXPECT_EQ(x.alignment, expected) << "query " << q << " hit " << h;
        }
    }
}

TEST_F(MultiDeviceAlignGpu, SearchEqualsOneDeviceAndCpuTiesIncluded) {
    std::mt19937_64 rng(test::test_seed());
    std::uniform_int_distribution<std::size_t> length(30, 500);
    std::vector<Seq> queries, targets;
    for (int k = 0; k < 11; ++k) queries.push_back(test::random_dna(rng, length(rng), 0.01));
    for (int k = 0; k < 400; ++k) {
        if (k % 4 == 0)
            targets.push_back(test::mutate(rng, queries[k % queries.size()], 4, 0.1, 0.03));
        else
            targets.push_back(test::random_dna(rng, length(rng), 0.01));
        if (targets.back().empty()) targets.back().push_back(1);
    }
    for (int k = 0; k < 5; ++k) targets.push_back(targets[4 * k]);  // ties, broken by ordinal
    const test::SearchDatabase db(targets);
    SearchParams params;
    params.align = {AlignMode::Local, dna_scoring(), false};
    params.top = 7;
    params.both_strands = true;
    const auto cpu = search_on(run_on(Backend::Cpu, {}), queries, db, params);
    const auto one = search_on(run_on(Backend::Cuda, {0}), queries, db, params);
    for (const auto& devices : several()) {
        const auto many = search_on(run_on(Backend::Cuda, devices), queries, db, params);
        expect_same_hits(many, one, true);
        expect_same_hits(many, cpu, false);
    }
}

}  // namespace
}  // namespace tropic::align

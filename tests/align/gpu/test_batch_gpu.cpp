// GPU == CPU for the batched device paths (align/search/cuda/device_scanner.hpp and
// align/batch/batch_cuda.hpp): the database scan's scores equal align_pair's score-only scores for
// every (query, target) pair, in all four modes, DNA and protein, across the lengths where the
// kernels change shape (rows per lane, passes, the long-target path), with packed lanes that
// overflow and are scored again, and with the targets streamed in small blocks;
// align_pairs_cuda's alignments equal align_pair's (ends, begins, CIGAR). Without a CUDA device
// every test SKIPs visibly.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "align/batch/batch_cuda.hpp"
#include "align/search/cuda/device_scanner.hpp"
#include "support/gpu_test.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "support/target_list.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;
using detail::TargetView;
using detail::cuda::DeviceScanner;
constexpr AlignMode kModes[] = {AlignMode::Local, AlignMode::Global, AlignMode::Glocal,
                                AlignMode::Overlap};

Scoring dna_scoring() {
    Scoring scoring;
    scoring.matrix = dna_matrix(2, -3, -3);
    scoring.gaps = {5, 2};
    return scoring;
}
Scoring protein_scoring() {
    Scoring scoring;
    scoring.matrix = builtin_matrix("BLOSUM62");
    scoring.gaps = {11, 1};
    return scoring;
}

using TargetSet = test::TargetList;

class BatchGpu : public test::GpuTest {
  protected:
    // Scans `queries` against `targets` on the device and compares every score with the CPU's.
    static void expect_scan(const std::vector<Seq>& queries, const TargetSet& targets,
                            AlignMode mode, const Scoring& scoring, std::uint64_t block_bytes,
                            std::uint64_t* rescored = nullptr) {
        AlignParams params;
        params.mode = mode;
        params.scoring = scoring;
        params.score_only = true;
        DeviceScanner scanner(targets.view(), params, 0, block_bytes);
        std::vector<std::span<const std::uint8_t>> spans(queries.begin(), queries.end());
        std::vector<std::int32_t> scores(queries.size() * targets.sequences.size());
        scanner.scan(spans, scores);
        for (std::size_t q = 0; q < queries.size(); ++q)
            for (std::size_t t = 0; t < targets.sequences.size(); ++t) {
                const PairAlignment cpu =
                    align_pair(queries[q], targets.sequences[t], params, cpu_options());
                ASSERT_EQ(scores[q * targets.sequences.size() + t], cpu.score)
                    << mode_name(mode) << " query " << q << " (" << queries[q].size() << ") target "
                    << t << " (" << targets.sequences[t].size() << ")";
            }
        if (rescored) *rescored = scanner.rescored();
    }

    static RunOptions cpu_options() {
        RunOptions options;
        options.backend = Backend::Cpu;
        options.pool = &pool();
        return options;
    }

    static void expect_pairs(const std::vector<Seq>& queries, const std::vector<Seq>& targets,
                             AlignMode mode, const Scoring& scoring, bool score_only) {
        AlignParams params;
        params.mode = mode;
        params.scoring = scoring;
        params.score_only = score_only;
        std::vector<AlignPairInput> pairs;
        for (std::size_t k = 0; k < queries.size(); ++k)
            pairs.push_back({queries[k], targets[k], "pair " + std::to_string(k)});
        const std::vector<PairAlignment> gpu = detail::cuda::align_pairs_cuda(pairs, params, 0);
        ASSERT_EQ(gpu.size(), pairs.size());
        for (std::size_t k = 0; k < pairs.size(); ++k) {
            PairAlignment cpu = align_pair(queries[k], targets[k], params, cpu_options());
            cpu.score_bits = gpu[k].score_bits;
            EXPECT_EQ(gpu[k], cpu)
                << mode_name(mode) << " pair " << k << " (" << queries[k].size() << " x "
                << targets[k].size() << ")" << (score_only ? " score only" : "");
            if (!score_only) {
                EXPECT_EQ(rescore(queries[k], targets[k], gpu[k], scoring), cpu.score);
            }
        }
    }
};

// Lengths where rows per lane, passes and warps' pairing change.
constexpr std::size_t kQueryLengths[] = {1, 2, 31, 33, 127, 129, 300, 513, 1025, 1500};

TEST_F(BatchGpu, ScanEqualsCpuInEveryModeDna) {
    const std::uint64_t seed = test::test_seed();
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> length(1, 400);
    TargetSet targets;
    for (int t = 0; t < 41; ++t) targets.add(test::random_dna(rng, length(rng), 0.02));
    std::vector<Seq> queries;
    for (std::size_t m : kQueryLengths) {
        // Half the queries share a piece of a target, so that the scores are not all small.
        Seq q = test::random_dna(rng, m, 0.01);
        const Seq& source = targets.sequences[m % targets.sequences.size()];
        for (std::size_t k = 0; k < std::min(m, source.size()) && m % 2; ++k) q[k] = source[k];
        queries.push_back(q);
    }
    for (AlignMode mode : kModes) expect_scan(queries, targets, mode, dna_scoring(), 0);
}

TEST_F(BatchGpu, ScanEqualsCpuInEveryModeProtein) {
    const std::uint64_t seed = test::test_seed();
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> length(1, 700);
    TargetSet targets;
    for (int t = 0; t < 40; ++t) targets.add(test::random_protein(rng, length(rng), true));
    std::vector<Seq> queries;
    for (std::size_t m : kQueryLengths)
        queries.push_back(test::mutate(rng, targets.sequences[m % 40], 20, 0.2, 0.02));
    queries.push_back(test::random_protein(rng, 700, true));
    for (AlignMode mode : kModes) expect_scan(queries, targets, mode, protein_scoring(), 0);
}

TEST_F(BatchGpu, ScanStreamsSmallBlocksAndLongTargets) {
    const std::uint64_t seed = test::test_seed();
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<int> length(1, 900);
    TargetSet targets;
    for (int t = 0; t < 60; ++t) targets.add(test::random_protein(rng, length(rng)));
    targets.add(test::random_protein(rng, 17000));  // beyond the warps' scratch rows
    std::vector<Seq> queries{test::random_protein(rng, 90), test::random_protein(rng, 1100),
                             test::mutate(rng, targets.sequences[3], 20, 0.1, 0.01)};
    for (AlignMode mode : {AlignMode::Local, AlignMode::Glocal})
        expect_scan(queries, targets, mode, protein_scoring(), 2000);
}

TEST_F(BatchGpu, PackedOverflowIsScoredAgainWider) {
    // 3,100 tryptophans score 11 each against themselves: beyond 16 bits.
    TargetSet targets;
    const Seq tryptophans(3100, 17);
    targets.add(tryptophans);
    std::mt19937_64 rng(5);
    targets.add(test::random_protein(rng, 300));
    targets.add(Seq(1000, 17));
    std::uint64_t rescored = 0;
    expect_scan({tryptophans, Seq(200, 17)}, targets, AlignMode::Local, protein_scoring(), 0,
                &rescored);
    EXPECT_EQ(rescored, 1u);
}

TEST_F(BatchGpu, PairsEqualCpuInEveryMode) {
    // 3107180191845317205: overlap ties between row m and a row above it on column n.
    for (const std::uint64_t seed : {test::test_seed(), std::uint64_t{14}, std::uint64_t{2026},
                                     std::uint64_t{3107180191845317205u}}) {
        std::mt19937_64 rng(seed);
        std::uniform_int_distribution<int> length(1, 700);
        std::vector<Seq> dna_q, dna_t, protein_q, protein_t;
        for (int k = 0; k < 60; ++k) {
            Seq t = test::random_dna(rng, length(rng), 0.02);
            dna_q.push_back(k % 3 == 0 ? test::random_dna(rng, length(rng))
                                       : test::mutate(rng, t, 4, 0.1, 0.03));
            dna_t.push_back(std::move(t));
            Seq p = test::random_protein(rng, length(rng), true);
            protein_q.push_back(test::mutate(rng, p, 20, 0.3, 0.03));
            protein_t.push_back(std::move(p));
        }
        for (AlignMode mode : kModes)
            for (bool score_only : {false, true}) {
                SCOPED_TRACE("seed " + std::to_string(seed));
                expect_pairs(dna_q, dna_t, mode, dna_scoring(), score_only);
                expect_pairs(protein_q, protein_t, mode, protein_scoring(), score_only);
            }
    }
}

TEST_F(BatchGpu, PairsOfReadLengthsAndEdgeSizes) {
    std::mt19937_64 rng(test::test_seed());
    std::vector<Seq> q, t;
    for (std::size_t m : {1, 2, 3, 128, 129, 256, 257, 384, 385, 512, 513, 1600})
        for (std::size_t n : {1, 31, 32, 33, 700}) {
            Seq target = test::random_dna(rng, n);
            q.push_back(m <= n ? std::vector<std::uint8_t>(target.begin(), target.begin() + m)
                               : test::random_dna(rng, m));
            t.push_back(std::move(target));
        }
    q.push_back({});  // empty sides go to align_pair
    t.push_back(test::random_dna(rng, 10));
    for (AlignMode mode : kModes) expect_pairs(q, t, mode, dna_scoring(), false);
}

TEST_F(BatchGpu, AlignManyOnTheDeviceEqualsTheCpu) {
    std::mt19937_64 rng(test::test_seed());
    std::uniform_int_distribution<int> length(100, 300);
    std::vector<Seq> q, t;
    for (int k = 0; k < 500; ++k) {
        Seq target = test::random_dna(rng, length(rng));
        q.push_back(test::mutate(rng, target, 4, 0.05, 0.01));
        t.push_back(std::move(target));
    }
    std::vector<AlignPairInput> pairs;
    for (std::size_t k = 0; k < q.size(); ++k) pairs.push_back({q[k], t[k], "pair"});
    AlignParams params;
    params.mode = AlignMode::Glocal;
    params.scoring = dna_scoring();
    RunOptions cuda;
    cuda.backend = Backend::Cuda;
    cuda.pool = &pool();
    const std::vector<Outcome<PairAlignment>> gpu = align_many(pairs, params, cuda);
    const std::vector<Outcome<PairAlignment>> cpu = align_many(pairs, params, cpu_options());
    ASSERT_EQ(gpu.size(), cpu.size());
    for (std::size_t k = 0; k < gpu.size(); ++k) {
        PairAlignment expected = cpu[k].result;
        expected.score_bits = gpu[k].result.score_bits;
        EXPECT_EQ(gpu[k].result, expected) << "pair " << k;
        EXPECT_EQ(gpu[k].error, cpu[k].error);
        EXPECT_EQ(gpu[k].code, cpu[k].code);
    }
}

}  // namespace
}  // namespace tropic::align

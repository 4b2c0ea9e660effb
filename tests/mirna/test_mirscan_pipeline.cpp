// The scan pipeline against the plain reference (tests/reference/mirna_scan_reference): the same
// loci and candidates, field by field, whatever the batch size or thread count; genome order;
// planted precursors found on both strands.
#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "reference/mirna_scan_reference.hpp"
#include "support/mirscan_sink.hpp"
#include "support/planted_genome.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/mirna/mirscan.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::mirna {
namespace {

void expect_same_features(const CandidateFeatures& a, const CandidateFeatures& b) {
    EXPECT_EQ(a.hairpin.mfe, b.hairpin.mfe);
    EXPECT_EQ(a.hairpin.base_pairs, b.hairpin.base_pairs);
    EXPECT_EQ(a.hairpin.terminal_loop, b.hairpin.terminal_loop);
    EXPECT_EQ(a.hairpin.mfei, b.hairpin.mfei);
    ASSERT_EQ(a.significance.has_value(), b.significance.has_value());
    if (a.significance) {
        EXPECT_EQ(a.significance->zscore, b.significance->zscore);
        EXPECT_EQ(a.significance->pvalue, b.significance->pvalue);
        EXPECT_EQ(a.significance->mean, b.significance->mean);
    }
}

void expect_same(const std::vector<MirnaCandidate>& got, const std::vector<MirnaCandidate>& want) {
    ASSERT_EQ(got.size(), want.size());
    for (std::size_t i = 0; i < got.size(); ++i) {
        SCOPED_TRACE(testing::Message() << "item " << i << " at " << want[i].sequence_name << ":"
                                        << want[i].start << "-" << want[i].end << want[i].strand);
        EXPECT_EQ(got[i].sequence_name, want[i].sequence_name);
        EXPECT_EQ(got[i].start, want[i].start);
        EXPECT_EQ(got[i].end, want[i].end);
        EXPECT_EQ(got[i].strand, want[i].strand);
        EXPECT_EQ(got[i].sequence, want[i].sequence);
        EXPECT_EQ(got[i].structure, want[i].structure);
        EXPECT_EQ(got[i].passed_filter, want[i].passed_filter);
        EXPECT_EQ(got[i].score, want[i].score);
        EXPECT_EQ(got[i].windows, want[i].windows);
        expect_same_features(got[i].features, want[i].features);
    }
}

std::vector<SequenceRecord> test_genome(std::uint64_t seed, std::size_t length, int hairpins) {
    std::mt19937_64 rng(seed);
    std::vector<SequenceRecord> records;
    std::string first = test::planted_genome(rng, length, hairpins);
    // An N run, soft-masked bases and a short record whose window is shorter than --window.
    first.replace(length / 3, 30, std::string(30, 'N'));
    for (std::size_t i = length / 2; i < length / 2 + 40 && i < first.size(); ++i)
        first[i] = static_cast<char>(first[i] | 0x20);
    records.push_back({"chrA", first});
    records.push_back({"chrB", test::planted_genome(rng, length / 2, hairpins / 2 + 1)});
    records.push_back({"tiny", test::precursor_like_hairpin(rng)});
    records.push_back({"empty", ""});
    return records;
}

RunOptions cpu_run() {
    RunOptions run;
    run.backend = Backend::Cpu;
    return run;
}

MirscanParams small_params() {
    MirscanParams p;
    p.shuffles = 12;
    p.seed = 5;
    return p;
}

TEST(MirscanPipeline, MatchesTheReferenceForEveryBatchSizeAndThreadCount) {
    const auto& energy = rna::turner2004_params();
    for (std::uint64_t seed : std::vector<std::uint64_t>{11, test::test_seed()}) {
        SCOPED_TRACE(testing::Message() << "seed " << seed);
        std::vector<SequenceRecord> genome = test_genome(seed, 1600, 4);
        MirscanParams params = small_params();
        test::ReferenceScan want = test::reference_mirscan(genome, energy, params);
        ASSERT_FALSE(want.loci.empty());
        // Batches of one window, of a few (loci across many boundaries) and of everything, on
        // one thread and on three.
        const std::vector<std::pair<std::size_t, unsigned>> configs = {{1, 3}, {7, 1}, {100000, 3}};
        for (auto [batch, threads] : configs) {
            SCOPED_TRACE(testing::Message() << "batch " << batch << " threads " << threads);
            ThreadPool pool(threads);
            RunOptions run;
            run.backend = Backend::Cpu;
            run.pool = &pool;
            params.batch_windows = batch;
            test::CollectingMirscanSink sink;
            MirscanSummary summary = mirscan_records(genome, energy, params, run, sink);
            expect_same(sink.loci, want.loci);
            expect_same(sink.candidates, want.candidates);
            EXPECT_EQ(summary.loci, want.loci.size());
            EXPECT_EQ(summary.candidates, want.candidates.size());
            EXPECT_EQ(summary.sequences, genome.size());
            EXPECT_EQ(sink.last_progress, summary.bases);
            EXPECT_FALSE(sink.progress_went_back);
        }
    }
}

TEST(MirscanPipeline, PlantedPrecursorsAreFoundOnBothStrands) {
    const auto& energy = rna::turner2004_params();
    std::mt19937_64 rng(3);
    std::vector<test::PlantedHairpin> planted;
    std::string genome = test::planted_genome(rng, 6000, 10, &planted);
    MirscanParams params = small_params();
    params.shuffles = 0;  // loci only
    test::CollectingMirscanSink sink;
    (void)mirscan_records({{"g", genome}}, energy, params, cpu_run(), sink);
    int found = 0;
    for (const auto& p : planted)
        for (const auto& locus : sink.loci)
            if (locus.strand == p.strand && locus.start < p.end && p.start < locus.end) {
                ++found;
                break;
            }
    EXPECT_EQ(found, static_cast<int>(planted.size()));
    bool minus = false;
    for (const auto& p : planted) minus = minus || p.strand == '-';
    EXPECT_TRUE(minus);
}

TEST(MirscanPipeline, StrandOptionKeepsOneStrand) {
    const auto& energy = rna::turner2004_params();
    std::vector<SequenceRecord> genome = test_genome(4, 1200, 3);
    MirscanParams params = small_params();
    params.shuffles = 0;
    for (ScanStrands strands : {ScanStrands::Forward, ScanStrands::Reverse}) {
        params.windows.strands = strands;
        test::CollectingMirscanSink sink;
        (void)mirscan_records(genome, energy, params, cpu_run(), sink);
        for (const auto& locus : sink.loci)
            EXPECT_EQ(locus.strand, strands == ScanStrands::Forward ? '+' : '-');
        test::ReferenceScan want = test::reference_mirscan(genome, energy, params);
        expect_same(sink.loci, want.loci);
    }
}

TEST(MirscanPipeline, LociComeOutInGenomeOrder) {
    const auto& energy = rna::turner2004_params();
    std::vector<SequenceRecord> genome = test_genome(9, 3000, 8);
    MirscanParams params = small_params();
    params.shuffles = 0;
    test::CollectingMirscanSink sink;
    (void)mirscan_records(genome, energy, params, cpu_run(), sink);
    for (std::size_t i = 1; i < sink.loci.size(); ++i) {
        const auto& a = sink.loci[i - 1];
        const auto& b = sink.loci[i];
        if (a.sequence_name != b.sequence_name) continue;
        EXPECT_TRUE(a.start < b.start || (a.start == b.start && a.strand == '+' && b.strand == '-'))
            << i;
    }
}

TEST(MirscanPipeline, CharacterizeHairpinsTakesRecordsWhole) {
    const auto& energy = rna::turner2004_params();
    std::mt19937_64 rng(8);
    std::vector<SequenceRecord> hairpins = {{"h1", test::precursor_like_hairpin(rng)},
                                            {"h2", test::precursor_like_hairpin(rng, 24, 6)}};
    MirscanParams params = small_params();
    auto got = characterize_hairpins(hairpins, energy, params, cpu_run());
    ASSERT_EQ(got.size(), 2u);
    for (std::size_t i = 0; i < got.size(); ++i) {
        EXPECT_EQ(got[i].sequence, hairpins[i].residues);
        EXPECT_EQ(got[i].end, hairpins[i].residues.size());
        ASSERT_TRUE(got[i].features.significance);
        EXPECT_EQ(got[i].features.significance->shuffles, params.shuffles);
        EXPECT_LT(got[i].features.hairpin.mfe, 0);
    }
    EXPECT_THROW((void)characterize_hairpins({{"bad", "ACGNU"}}, energy, params, cpu_run()),
                 InputError);
    EXPECT_THROW((void)characterize_hairpins({{"empty", ""}}, energy, params, cpu_run()),
                 InputError);
}

TEST(MirscanPipeline, BadParametersAreRefused) {
    MirscanParams params;
    params.min_hairpin = 200;  // longer than the window
    EXPECT_THROW(validate(params), InputError);
    params = MirscanParams{};
    params.min_score = 1.5;
    EXPECT_THROW(validate(params), InputError);
    params = MirscanParams{};
    params.windows.step = 0;
    EXPECT_THROW(validate(params), InputError);
}

}  // namespace
}  // namespace tropic::mirna

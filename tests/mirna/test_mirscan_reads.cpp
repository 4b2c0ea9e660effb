// --reads through the scan: small-RNA reads stacked on a candidate's 5' arm become its read
// evidence and the default score then requires them.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "support/bam_from_sam.hpp"
#include "support/mirscan_sink.hpp"
#include "support/planted_genome.hpp"
#include "support/temp_dir.hpp"
#include "tropic/mirna/mirscan.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::mirna {
namespace {

RunOptions cpu() {
    RunOptions run;
    run.backend = Backend::Cpu;
    return run;
}

TEST(MirscanReads, ReadsOnTheArmsBecomeEvidence) {
    std::mt19937_64 rng(31);
    std::string genome;
    while (genome.size() < 400) genome += test::random_base(rng, 0.41);
    genome += test::precursor_like_hairpin(rng, 32, 7);
    while (genome.size() < 900) genome += test::random_base(rng, 0.41);
    MirscanParams params;
    params.shuffles = 20;
    params.min_score = 0;  // every filtered locus, to see its evidence
    test::CollectingMirscanSink plain;
    (void)mirscan_records({{"chrR", genome}}, rna::turner2004_params(), params, cpu(), plain);
    const MirnaCandidate* target = nullptr;
    for (const auto& c : plain.candidates)
        if (c.strand == '+' && c.start >= 380 && c.start < 420) target = &c;
    ASSERT_NE(target, nullptr) << "the planted hairpin is not a filtered '+' locus";
    EXPECT_FALSE(target->features.reads);

    // 12 reads of 22 nt starting 2 nt into the 5' arm, 3 on the 3' arm, 4 on the other strand.
    test::TempDir dir("tropic-mirscan-reads");
    const std::string sam = (dir.path() / "reads.sam").string();
    const std::string bam = (dir.path() / "reads.bam").string();
    {
        std::ofstream out(sam);
        out << "@HD\tVN:1.6\tSO:coordinate\n@SQ\tSN:chrR\tLN:" << genome.size() << "\n";
        auto read = [&](int n, std::uint64_t start, int flag) {
            for (int k = 0; k < n; ++k)
                out << "r" << start << "_" << flag << "_" << k << "\t" << flag << "\tchrR\t"
                    << start + 1 << "\t60\t22M\t*\t0\t0\t" << std::string(22, 'A') << "\t*\n";
        };
        const std::uint64_t arm5 = target->start + 2;
        const std::uint64_t arm3 = target->start + target->features.hairpin.arms.loop_end + 2;
        read(12, arm5, 0);
        read(4, arm5, 16);
        read(3, arm3, 0);
    }
    test::write_bam(sam, bam, true);
    params.reads_path = bam;
    test::CollectingMirscanSink with_reads;
    (void)mirscan_records({{"chrR", genome}}, rna::turner2004_params(), params, cpu(), with_reads);
    const MirnaCandidate* again = nullptr;
    for (const auto& c : with_reads.candidates)
        if (c.start == target->start && c.strand == '+') again = &c;
    ASSERT_NE(again, nullptr);
    ASSERT_TRUE(again->features.reads);
    EXPECT_EQ(again->features.reads->reads_5p_arm, 12u);
    EXPECT_EQ(again->features.reads->reads_3p_arm, 3u);
    EXPECT_DOUBLE_EQ(again->features.reads->homogeneity_5p, 1.0);
    // Loci elsewhere have evidence too: none.
    for (const auto& c : with_reads.candidates) {
        ASSERT_TRUE(c.features.reads);
        if (c.end <= 380 || c.start >= 520) {
            EXPECT_EQ(c.features.reads->reads_5p_arm, 0u);
        }
    }
}

}  // namespace
}  // namespace tropic::mirna

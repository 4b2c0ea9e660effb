// ReadEvidenceSource on BAM files written here with htslib: reads on both arms and the loop, on
// the wrong strand, outside the hairpin, and with flags that must not count.
#include <gtest/gtest.h>
#include <htslib/sam.h>

#include <algorithm>
#include <string>
#include <vector>

#include "mirna/evidence/five_prime_ends.hpp"
#include "support/bam_from_sam.hpp"
#include "support/input_error.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/read_evidence.hpp"

namespace tropic::mirna {
namespace {

struct Read {
    int flag;
    std::string reference;
    int position;  // 1-based, as in SAM
    std::string cigar;
    int query_length;
};

std::string sam_text(std::vector<Read> reads) {
    std::stable_sort(reads.begin(), reads.end(), [](const Read& a, const Read& b) {
        return a.reference != b.reference ? a.reference < b.reference : a.position < b.position;
    });
    std::string text = "@HD\tVN:1.6\tSO:coordinate\n@SQ\tSN:chr1\tLN:1000\n@SQ\tSN:chr2\tLN:500\n";
    int name = 0;
    for (const Read& r : reads)
        text += "r" + std::to_string(++name) + "\t" + std::to_string(r.flag) + "\t" + r.reference +
                "\t" + std::to_string(r.position) + "\t60\t" + r.cigar + "\t*\t0\t0\t" +
                std::string(static_cast<std::size_t>(r.query_length), 'A') + "\t*\n";
    return text;
}

// A hairpin at chr1 forward [100, 180), 80 nt: 5' arm local [0, 35), loop [35, 45), 3' arm
// [45, 80). On '+' local = forward - 100; on '-' local = 179 - forward.
constexpr std::uint64_t kStart = 100, kEnd = 180;
constexpr HairpinArms kArms{35, 45};

std::vector<Read> hairpin_reads() {
    std::vector<Read> reads;
    for (int i = 0; i < 5; ++i) reads.push_back({0, "chr1", 103, "22M", 22});  // 5' arm, local 2
    reads.push_back({0, "chr1", 105, "22M", 22});                              // 5' arm, local 4
    reads.push_back({0, "chr1", 151, "22M", 22});                              // 3' arm, local 50
    reads.push_back({0, "chr1", 151, "22M", 22});
    reads.push_back({0, "chr1", 179, "22M", 22});  // 5' end at 178: 3' arm, runs past the end
    reads.push_back({0, "chr1", 139, "8M", 8});    // loop, local 38
    reads.push_back({0, "chr1", 96, "22M", 22});   // overlaps, but its 5' end is before the hairpin
    reads.push_back({0, "chr1", 181, "22M", 22});  // after it
    // Reads that must not count, all with a 5' end on the 5' arm.
    for (int flag : {4, 256, 2048, 1024, 512}) reads.push_back({flag, "chr1", 103, "22M", 22});
    // Reverse-strand reads: the '-' hairpin's. 5' end = last aligned base.
    reads.push_back({16, "chr1", 151, "20M", 20});  // 5' end 169: '-' local 10 (5' arm)
    reads.push_back({16, "chr1", 151, "20M", 20});
    reads.push_back({16, "chr1", 101, "10M", 10});         // 5' end 109: local 70 (3' arm)
    reads.push_back({16, "chr1", 121, "10M5D10M", 20});    // 5' end 144: local 35 (loop)
    reads.push_back({16 | 1024, "chr1", 151, "20M", 20});  // a duplicate
    reads.push_back({0, "chr2", 10, "22M", 22});
    return reads;
}

class MirnaReadEvidence : public ::testing::Test {
  protected:
    std::string bam(const std::string& name, bool index) {
        const std::string sam = dir_.write(name + ".sam", sam_text(hairpin_reads()));
        const std::string path = (dir_.path() / (name + ".bam")).string();
        test::write_bam(sam, path, index);
        return path;
    }
    test::TempDir dir_{"tropic-mirna-reads"};
};

TEST_F(MirnaReadEvidence, CountsFivePrimeEndsOnThePlusStrand) {
    ReadEvidenceSource source(bam("reads", true));
    const ReadEvidence e = source.evidence("chr1", kStart, kEnd, '+', kArms);
    EXPECT_EQ(e.reads_5p_arm, 6u);
    EXPECT_EQ(e.reads_3p_arm, 3u);
    EXPECT_EQ(e.reads_loop, 1u);
    EXPECT_DOUBLE_EQ(e.homogeneity_5p, 5.0 / 6.0);
}

TEST_F(MirnaReadEvidence, CountsFivePrimeEndsOnTheMinusStrand) {
    ReadEvidenceSource source(bam("reads", true));
    const ReadEvidence e = source.evidence("chr1", kStart, kEnd, '-', kArms);
    EXPECT_EQ(e.reads_5p_arm, 2u);
    EXPECT_EQ(e.reads_3p_arm, 1u);
    EXPECT_EQ(e.reads_loop, 1u);
    EXPECT_DOUBLE_EQ(e.homogeneity_5p, 1.0);
}

TEST_F(MirnaReadEvidence, NoReadsGivesZeros) {
    ReadEvidenceSource source(bam("reads", true));
    for (const char* name : {"chr2", "chrUnknown"}) {
        const ReadEvidence e = source.evidence(name, 200, 280, '+', kArms);
        EXPECT_EQ(e.reads_5p_arm + e.reads_3p_arm + e.reads_loop, 0u) << name;
        EXPECT_EQ(e.homogeneity_5p, 0.0) << name;
    }
    // Queries may come in any order: the same answer again after another sequence.
    const ReadEvidence again = source.evidence("chr1", kStart, kEnd, '+', kArms);
    EXPECT_EQ(again.reads_5p_arm, 6u);
}

TEST_F(MirnaReadEvidence, ABamWithoutIndexIsRefused) {
    const std::string path = bam("unindexed", false);
    const std::string message = test::input_error_of([&] { ReadEvidenceSource source(path); });
    EXPECT_NE(message.find("unindexed.bam"), std::string::npos) << message;
    EXPECT_NE(message.find("samtools index"), std::string::npos) << message;
}

TEST_F(MirnaReadEvidence, AMissingFileIsRefused) {
    const std::string path = (dir_.path() / "absent.bam").string();
    const std::string message = test::input_error_of([&] { ReadEvidenceSource source(path); });
    EXPECT_NE(message.find("absent.bam"), std::string::npos) << message;
}

TEST(MirnaFivePrimeEnds, StrandDecidesTheEndAndTheLocalPosition) {
    EXPECT_EQ(detail::five_prime_end(10, 32, '+'), 10u);
    EXPECT_EQ(detail::five_prime_end(10, 32, '-'), 31u);
    EXPECT_EQ(detail::hairpin_local(100, 100, 180, '+'), 0u);
    EXPECT_EQ(detail::hairpin_local(179, 100, 180, '+'), 79u);
    EXPECT_EQ(detail::hairpin_local(179, 100, 180, '-'), 0u);
    EXPECT_EQ(detail::hairpin_local(100, 100, 180, '-'), 79u);
    EXPECT_FALSE(detail::hairpin_local(99, 100, 180, '+'));
    EXPECT_FALSE(detail::hairpin_local(180, 100, 180, '-'));
}

TEST(MirnaFivePrimeEnds, TheMatureArmIsTheOneWithMoreReads) {
    // 3' arm: 3 reads, two sharing their 5' end; 5' arm: 2 ragged reads.
    const ReadEvidence e = detail::evidence_of({1, 2, 50, 50, 51, 40}, kArms);
    EXPECT_EQ(e.reads_5p_arm, 2u);
    EXPECT_EQ(e.reads_3p_arm, 3u);
    EXPECT_EQ(e.reads_loop, 1u);
    EXPECT_DOUBLE_EQ(e.homogeneity_5p, 2.0 / 3.0);
    // A tie goes to the 5' arm.
    EXPECT_DOUBLE_EQ(detail::evidence_of({1, 2, 50, 50}, kArms).homogeneity_5p, 0.5);
    EXPECT_EQ(detail::evidence_of({40}, kArms).homogeneity_5p, 0.0);
}

}  // namespace
}  // namespace tropic::mirna

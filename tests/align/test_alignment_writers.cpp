// The alignment writers on small alignments checked by hand: every layout, the empty alignment,
// score-only results, --cigar-m, soft clips, a CIGAR longer than BAM's 65,535 operations, and
// BLAST's number layouts.
#include <gtest/gtest.h>

#include <string>

#include "support/input_error.hpp"
#include "support/temp_dir.hpp"
#include "tropic/align/alignment_writer.hpp"
#include "tropic/align/sam_alignment.hpp"
#include "tropic/core/alignment_reader.hpp"
#include "tropic/core/alignment_writer.hpp"
#include "tropic/version.hpp"

namespace tropic::align {
namespace {

using Op = CigarOp;

SequenceRecord record(std::string name, std::string residues, std::string qualities = "") {
    SequenceRecord r{std::move(name), std::move(residues)};
    r.qualities = std::move(qualities);
    r.alphabet = Alphabet::Dna;
    return r;
}

AlignParams dna_params(AlignMode mode, bool score_only = false) {
    AlignParams params;
    params.mode = mode;
    params.scoring.matrix = dna_matrix(2, -3, -3);
    params.scoring.gaps = {5, 2};
    params.score_only = score_only;
    return params;
}

PairAlignment alignment(std::int64_t score, std::int64_t qb, std::int64_t qe, std::int64_t tb,
                        std::int64_t te, std::vector<CigarElement> cigar) {
    PairAlignment a;
    a.score = score;
    a.query_begin = qb;
    a.query_end = qe;
    a.target_begin = tb;
    a.target_end = te;
    a.cigar = std::move(cigar);
    summarize_cigar(a);
    return a;
}

// ACGTAC against GACGAAC, local: ACG T/A AC over target 2-7, 5 x 2 - 3 = 7.
struct Mismatch : ::testing::Test {
    SequenceRecord query = record("q", "ACGTAC", "IIIIII");
    SequenceRecord target = record("t", "GACGAAC");
    AlignParams params = dna_params(AlignMode::Local);
    PairAlignment a = alignment(
        7, 0, 6, 1, 7, {{Op::SequenceMatch, 3}, {Op::SequenceMismatch, 1}, {Op::SequenceMatch, 2}});
};

// ACGTTAC against ACGAC, global: ACG TT AC with TT against a gap, 5 x 2 - (5 + 2 x 2) = 1.
struct Gap : ::testing::Test {
    SequenceRecord query = record("q2", "ACGTTAC");
    SequenceRecord target = record("t2", "ACGAC");
    AlignParams params = dna_params(AlignMode::Global);
    PairAlignment a = alignment(
        1, 0, 7, 0, 5, {{Op::SequenceMatch, 3}, {Op::Insertion, 2}, {Op::SequenceMatch, 2}});
};

// AAAA against TTTT, local: nothing scores above 0.
struct Empty : ::testing::Test {
    SequenceRecord query = record("x", "AAAA");
    SequenceRecord target = record("y", "TTTT");
    AlignParams params = dna_params(AlignMode::Local);
    PairAlignment a = alignment(0, 0, 0, 0, 0, {});
};

TEST_F(Mismatch, Tsv) {
    std::string out;
    append_tsv_header(out);
    append_tsv(out, query, target, a, params);
    EXPECT_EQ(out,
              "#query\ttarget\tmode\tscore\tquery_begin\tquery_end\ttarget_begin\ttarget_end\t"
              "identity\tmatches\tmismatches\tgap_opens\tgaps\tcigar\n"
              "q\tt\tlocal\t7\t1\t6\t2\t7\t0.8333\t5\t1\t0\t0\t3=1X2=\n");
    out.clear();
    append_tsv(out, query, target, a, params, {.cigar_m = true});
    EXPECT_EQ(out, "q\tt\tlocal\t7\t1\t6\t2\t7\t0.8333\t5\t1\t0\t0\t6M\n");
}

TEST_F(Mismatch, JsonAndPaf) {
    std::string out;
    append_json(out, query, target, a, params);
    EXPECT_EQ(out,
              "{\"query\":\"q\",\"target\":\"t\",\"query_length\":6,\"target_length\":7,\"mode\":"
              "\"local\",\"score\":7,\"query_begin\":1,\"query_end\":6,\"target_begin\":2,"
              "\"target_end\":7,\"cigar\":\"3=1X2=\",\"identity\":0.8333,\"matches\":5,"
              "\"mismatches\":1,\"gap_opens\":0,\"gaps\":0,\"columns\":6}\n");
    out.clear();
    append_paf(out, query, target, a, params);
    EXPECT_EQ(out, "q\t6\t0\t6\t+\tt\t7\t1\t7\t5\t6\t255\tNM:i:1\tAS:i:7\tcg:Z:3=1X2=\n");
    out.clear();
    append_paf(out, query, target, a, params, {.cigar_m = true});
    EXPECT_EQ(out, "q\t6\t0\t6\t+\tt\t7\t1\t7\t5\t6\t255\tNM:i:1\tAS:i:7\tcg:Z:6M\n");
}

TEST_F(Mismatch, SamRecordKeepsQualities) {
    const AlignmentRecord r = sam_record(query, target, a);
    EXPECT_EQ(r.name, "q");
    EXPECT_EQ(r.flag, 0);
    EXPECT_EQ(r.reference_name, "t");
    EXPECT_EQ(r.position, 1);
    EXPECT_EQ(r.mapq, 255);
    EXPECT_EQ(cigar_string(r.cigar), "3=1X2=");
    EXPECT_EQ(r.sequence, "ACGTAC");
    EXPECT_EQ(r.qualities, "IIIIII");
    ASSERT_NE(r.find_aux("NM"), nullptr);
    EXPECT_EQ(std::get<std::int64_t>(*r.find_aux("NM")), 1);
    EXPECT_EQ(std::get<std::int64_t>(*r.find_aux("AS")), 7);
    EXPECT_EQ(cigar_string(sam_record(query, target, a, {.cigar_m = true}).cigar), "6M");
}

TEST(AlignmentWriters, SamSoftClipsTheUnalignedQueryEnds) {
    // GGACGTT against ACG: local ACG, query 2-5 of 7.
    const SequenceRecord query = record("r", "GGACGTT"), target = record("ref", "ACG");
    const AlignmentRecord r =
        sam_record(query, target, alignment(6, 2, 5, 0, 3, {{Op::SequenceMatch, 3}}));
    EXPECT_EQ(cigar_string(r.cigar), "2S3=2S");
    EXPECT_EQ(r.qualities, "");
}

TEST_F(Gap, EveryLayout) {
    std::string out;
    append_tsv(out, query, target, a, params);
    EXPECT_EQ(out, "q2\tt2\tglobal\t1\t1\t7\t1\t5\t0.7143\t5\t0\t1\t2\t3=2I2=\n");
    out.clear();
    append_paf(out, query, target, a, params);
    EXPECT_EQ(out, "q2\t7\t0\t7\t+\tt2\t5\t0\t5\t5\t7\t255\tNM:i:2\tAS:i:1\tcg:Z:3=2I2=\n");
    out.clear();
    append_blast6(out, query, target, a, params);
    EXPECT_EQ(out, "q2\tt2\t71.429\t7\t0\t1\t1\t7\t1\t5\tNA\tNA\n");
    out.clear();
    // E = 0.41 x 7 x 5 x exp(-0.625) = 7.68; bits = (0.625 + 0.8916) / 0.6931 = 2.19.
    append_blast6(out, query, target, a, params, {.statistics = KarlinAltschul{0.625, 0.41, 0.78}});
    EXPECT_EQ(out, "q2\tt2\t71.429\t7\t0\t1\t1\t7\t1\t5\t7.7\t2.2\n");
    out.clear();
    append_pair(out, query, target, a, params);
    EXPECT_EQ(out,
              "#=======================================\n"
              "#\n"
              "# Query:       q2 (length 7)\n"
              "# Target:      t2 (length 5)\n"
              "# Mode:        global\n"
              "# Matrix:      DNA +2/-3, N -3\n"
              "# Gap_penalty: open 5, extend 2 (a gap of k residues costs 5 + 2k)\n"
              "#\n"
              "# Length:      7\n"
              "# Identity:          5/7 ( 71.4%)\n"
              "# Similarity:        5/7 ( 71.4%)\n"
              "# Gaps:              2/7 ( 28.6%)\n"
              "# Score:       1\n"
              "#\n"
              "#=======================================\n"
              "\n"
              "q2                 1 ACGTTAC      7\n"
              "                     |||  ||\n"
              "t2                 1 ACG--AC      5\n"
              "\n");
}

TEST(AlignmentWriters, PairBlocksOfSixtyColumnsAndMarks) {
    // 70 identical residues with an N against an A at 65 (N never matches, scores -3: '.').
    std::string q(70, 'A'), t(70, 'A');
    q[64] = 'N';
    const SequenceRecord query = record("long_query_name", q), target = record("t", t);
    const PairAlignment a =
        alignment(2 * 69 - 3, 0, 70, 0, 70,
                  {{Op::SequenceMatch, 64}, {Op::SequenceMismatch, 1}, {Op::SequenceMatch, 5}});
    std::string out;
    append_pair(out, query, target, a, dna_params(AlignMode::Global));
    const std::string blocks = out.substr(out.find("\n\n") + 2);
    EXPECT_EQ(blocks, "long_query_name      1 " + std::string(60, 'A') + "     60\n" +
                          std::string(23, ' ') + std::string(60, '|') + "\n" +
                          "t                    1 " + std::string(60, 'A') + "     60\n\n" +
                          "long_query_name     61 AAAANAAAAA     70\n" + std::string(23, ' ') +
                          "||||.|||||\n" + "t                   61 AAAAAAAAAA     70\n\n");
}

TEST_F(Empty, EveryLayout) {
    std::string out;
    append_tsv(out, query, target, a, params);
    EXPECT_EQ(out, "x\ty\tlocal\t0\t1\t0\t1\t0\t0.0000\t0\t0\t0\t0\t*\n");
    out.clear();
    append_json(out, query, target, a, params);
    EXPECT_NE(out.find("\"query_begin\":1,\"query_end\":0,"), std::string::npos) << out;
    EXPECT_NE(out.find("\"cigar\":\"\",\"identity\":0.0000,"), std::string::npos) << out;
    out.clear();
    append_paf(out, query, target, a, params);
    append_blast6(out, query, target, a, params);
    EXPECT_EQ(out, "");  // no aligned residue, no line
    append_pair(out, query, target, a, params);
    EXPECT_NE(out.find("# Identity:          0/0 (  0.0%)\n"), std::string::npos) << out;
    EXPECT_EQ(out.substr(out.size() - 3), "=\n\n");  // the header block only
    const AlignmentRecord r = sam_record(query, target, a);
    EXPECT_EQ(r.flag, sam_flag::kUnmapped);
    EXPECT_EQ(r.reference_name, "");
    EXPECT_EQ(r.position, -1);
    EXPECT_TRUE(r.cigar.empty());
    EXPECT_EQ(r.sequence, "AAAA");
}

TEST(AlignmentWriters, ScoreOnlyLeavesTheUnknownOut) {
    const SequenceRecord query = record("q", "ACGT"), target = record("t", "TACGT");
    PairAlignment a;
    a.score = 8;
    a.query_begin = -1;
    a.target_begin = -1;
    a.query_end = 4;
    a.target_end = 5;
    const AlignParams params = dna_params(AlignMode::Local, true);
    std::string out;
    append_tsv(out, query, target, a, params);
    EXPECT_EQ(out, "q\tt\tlocal\t8\tNA\t4\tNA\t5\tNA\tNA\tNA\tNA\tNA\t*\n");
    out.clear();
    append_json(out, query, target, a, params);
    EXPECT_EQ(out,
              "{\"query\":\"q\",\"target\":\"t\",\"query_length\":4,\"target_length\":5,\"mode\":"
              "\"local\",\"score\":8,\"query_begin\":null,\"query_end\":4,\"target_begin\":null,"
              "\"target_end\":5,\"cigar\":null,\"identity\":null,\"matches\":null,\"mismatches\":"
              "null,\"gap_opens\":null,\"gaps\":null,\"columns\":null}\n");
    EXPECT_NE(
        test::input_error_of([&] { append_paf(out, query, target, a, params); }).find("score-only"),
        std::string::npos);
}

TEST(AlignmentWriters, JsonEscapesNames) {
    const SequenceRecord query = record("a\"b\\c", "A"), target = record("t", "A");
    std::string out;
    append_json(out, query, target, alignment(2, 0, 1, 0, 1, {{Op::SequenceMatch, 1}}),
                dna_params(AlignMode::Local));
    EXPECT_EQ(out.substr(0, 31), "{\"query\":\"a\\\"b\\\\c\",\"target\":\"t\"");
}

TEST(AlignmentWriters, LongCigarSurvivesBam) {
    // 70,000 operations, beyond BAM's 65,535: htslib keeps the real CIGAR in a CG tag.
    std::vector<CigarElement> cigar;
    std::string q, t;
    for (int k = 0; k < 35000; ++k) {
        cigar.push_back({Op::SequenceMatch, 1});
        cigar.push_back({Op::SequenceMismatch, 1});
        q += "AA";
        t += "AC";
    }
    const SequenceRecord query = record("q", q), target = record("t", t);
    const PairAlignment a = alignment(35000 * 2 - 35000 * 3, 0, 70000, 0, 70000, cigar);
    std::string out;
    append_tsv(out, query, target, a, dna_params(AlignMode::Global));
    EXPECT_NE(out.find("\t1=1X1=1X"), std::string::npos);
    EXPECT_EQ(out.back(), '\n');

    test::TempDir dir("tropic-align-writers");
    const std::string path = (dir.path() / "long.bam").string();
    const AlignmentRecord written = sam_record(query, target, a);
    {
        AlignmentWriter writer(path, sam_header({{"t", 70000}}, "tropic align test"));
        writer.write(written);
        writer.close();
    }
    AlignmentReader reader(path);
    const std::optional<AlignmentRecord> read = reader.next();
    ASSERT_TRUE(read.has_value());
    EXPECT_EQ(read->cigar, written.cigar);
    EXPECT_EQ(read->cigar.size(), 70000u);
    EXPECT_EQ(reader.header().programs().at(0),
              "@PG\tID:tropic\tPN:tropic\tVN:" + std::string(kVersion) + "\tCL:tropic align test");
}

TEST(AlignmentWriters, SamHeaderRefusesDuplicateTargets) {
    const std::string message = test::input_error_of([] {
        (void)sam_header({{"a", 3}, {"b", 4}, {"a", 5}}, "x");
    });
    EXPECT_NE(message.find("targets 1 and 3 are both named 'a'"), std::string::npos) << message;
}

// Target names SAM does not allow: with the source, the message names its file and record (the
// targets are its records, in order); without, the reference (core's check).
TEST(AlignmentWriters, SamHeaderRefusesNamesSamDoesNotAllow) {
    EXPECT_EQ(test::input_error_of([] {
                  (void)sam_header({{"a", 3}, {"*", 4}}, "x", "t.fa");
              }),
              "t.fa: record 2 ('*'): the name starts with '*'; SAM reference names cannot start "
              "with '*' or '='");
    EXPECT_EQ(test::input_error_of([] {
                  (void)sam_header({{"", 3}}, "x", "-");
              }),
              "<stdin>: record 1: an empty name cannot be a SAM reference name");
    const std::string message = test::input_error_of([] {
        (void)sam_header({{"a", 3}, {"=x", 4}}, "x");
    });
    EXPECT_NE(message.find("reference 2 ('=x'): the name starts with '='"), std::string::npos)
        << message;
}

TEST(AlignmentWriters, SamQueriesNeedANameSamAllows) {
    check_sam_query({"r1", "ACGT"}, "q.fa", 1);
    EXPECT_EQ(test::input_error_of([] {
                  check_sam_query({"", "ACGT"}, "q.fa", 3);
              }),
              "q.fa: record 3: an empty name cannot be a SAM QNAME (QNAME '*' means no name)");
    EXPECT_NE(test::input_error_of([] {
                  check_sam_query({"a@b", "ACGT"}, "q.fa", 2);
              }).find("q.fa: record 2 ('a@b'): QNAME has '@' at position 2"),
              std::string::npos);
}

// SAM text holds protein; BAM's 4-bit sequence code does not.
TEST(AlignmentWriters, ProteinGoesToSamTextNotBam) {
    check_sam_alphabet(Alphabet::Protein, AlignmentFormat::Sam);
    check_sam_alphabet(Alphabet::Dna, AlignmentFormat::Bam);
    EXPECT_NE(test::input_error_of([] {
                  check_sam_alphabet(Alphabet::Protein, AlignmentFormat::Bam);
              }).find("BAM stores sequences in a 4-bit code that holds nucleotides only"),
              std::string::npos);
}

TEST(AlignmentWriters, BlastNumberLayouts) {
    EXPECT_EQ(blast6_evalue(0.0), "0.0");
    EXPECT_EQ(blast6_evalue(1e-200), "0.0");
    EXPECT_EQ(blast6_evalue(2.7e-150), "3e-150");
    EXPECT_EQ(blast6_evalue(3.2e-45), "3e-45");
    EXPECT_EQ(blast6_evalue(0.00042), "4e-04");
    EXPECT_EQ(blast6_evalue(0.0123), "0.012");
    EXPECT_EQ(blast6_evalue(0.514), "0.51");
    EXPECT_EQ(blast6_evalue(5.31), "5.3");
    EXPECT_EQ(blast6_evalue(123.4), "123");
    EXPECT_EQ(blast6_bit_score(45.67), "45.7");
    EXPECT_EQ(blast6_bit_score(99.9), "99.9");
    EXPECT_EQ(blast6_bit_score(150.7), "150");
    EXPECT_EQ(blast6_bit_score(123456.0), "1.235e+05");
}

TEST(AlignmentWriters, OutputNames) {
    for (const char* name : {"tsv", "json", "sam", "paf", "blast6", "pair"})
        EXPECT_EQ(output_name(*parse_output(name)), name);
    EXPECT_FALSE(parse_output("bam").has_value());
    std::string out;
    EXPECT_THROW(append_alignment(AlignmentOutput::Sam, out, record("q", "A"), record("t", "A"),
                                  PairAlignment{}, dna_params(AlignMode::Local)),
                 InternalError);
}

}  // namespace
}  // namespace tropic::align

// Count-matrix files: TSV (plain and gzip) and binary round trips, streaming with rewind, and
// every error a bad file gives, each naming the file and the line (or block) and column.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "support/input_error.hpp"
#include "support/temp_dir.hpp"
#include "tropic/cnv/count_matrix_io.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv {
namespace {

using test::input_error_of;

SequenceCounts sequence(const std::string& name, std::vector<std::int64_t> start,
                        std::vector<std::int64_t> end, std::vector<double> counts) {
    SequenceCounts s;
    s.name = name;
    s.start = std::move(start);
    s.end = std::move(end);
    s.counts = std::move(counts);
    return s;
}

CountMatrix small_matrix() {
    CountMatrix m;
    m.samples = {"s1.bam", "S 2"};
    m.sequences.push_back(sequence("chr1", {0, 25000}, {25000, 49999}, {3, 0, 7, 12}));
    m.sequences.push_back(sequence("chrM", {0}, {16569}, {4294967295.0, 1}));
    return m;
}

void expect_same(const CountMatrix& a, const CountMatrix& b) {
    EXPECT_EQ(a.samples, b.samples);
    ASSERT_EQ(a.sequences.size(), b.sequences.size());
    for (std::size_t i = 0; i < a.sequences.size(); ++i) {
        EXPECT_EQ(a.sequences[i].name, b.sequences[i].name);
        EXPECT_EQ(a.sequences[i].start, b.sequences[i].start);
        EXPECT_EQ(a.sequences[i].end, b.sequences[i].end);
        EXPECT_EQ(a.sequences[i].counts, b.sequences[i].counts) << a.sequences[i].name;
    }
}

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

class CountMatrixIoTest : public ::testing::Test {
  protected:
    std::string path(const std::string& name) const { return (temp_.path() / name).string(); }
    std::string write(const std::string& name, const std::string& text) {
        return temp_.write(name, text);
    }
    std::string read_error(const std::string& text) {
        const std::string file = write("bad.tsv", text);
        return input_error_of([&] { (void)read_count_matrix(file); });
    }
    test::TempDir temp_{"tropic-cnv-io"};
};

TEST_F(CountMatrixIoTest, TsvLayoutIsTheDocumentedOne) {
    write_count_matrix_tsv(small_matrix(), path("m.tsv"));
    EXPECT_EQ(slurp(path("m.tsv")),
              "#chrom\tstart\tend\ts1.bam\tS 2\n"
              "chr1\t0\t25000\t3\t0\n"
              "chr1\t25000\t49999\t7\t12\n"
              "chrM\t0\t16569\t4294967295\t1\n");
}

TEST_F(CountMatrixIoTest, RoundTripsInEveryLayout) {
    CountMatrix m = small_matrix();
    m.sequences.push_back(sequence("chr2", {10, 30, 31}, {20, 31, 1000},
                                   {0.5, 1e20, 2.0 / 3.0, 4294967296.0, 0, 1e-300}));
    for (const std::string name : {"m.tsv", "m.tsv.gz", "m.tcm"}) {
        if (name == "m.tcm")
            write_count_matrix_binary(m, path(name));
        else
            write_count_matrix_tsv(m, path(name));
        SCOPED_TRACE(name);
        expect_same(read_count_matrix(path(name)), m);
    }
    // gzip magic: the .gz file really is compressed.
    const std::string gz = slurp(path("m.tsv.gz"));
    ASSERT_GE(gz.size(), 2u);
    EXPECT_EQ(static_cast<unsigned char>(gz[0]), 0x1f);
    EXPECT_EQ(static_cast<unsigned char>(gz[1]), 0x8b);
}

TEST_F(CountMatrixIoTest, RandomMatricesRoundTrip) {
    std::vector<unsigned> seeds = {1, 2, 3, 12345};
    const unsigned fresh = std::random_device{}();
    seeds.push_back(fresh);
    for (unsigned seed : seeds) {
        SCOPED_TRACE("seed " + std::to_string(seed) + (seed == fresh ? " (fresh)" : ""));
        std::mt19937_64 random(seed);
        CountMatrix m;
        const int samples = 1 + static_cast<int>(random() % 5);
        for (int s = 0; s < samples; ++s) m.samples.push_back("sample" + std::to_string(s));
        const bool whole = random() % 2;
        const int sequences = 1 + static_cast<int>(random() % 4);
        for (int q = 0; q < sequences; ++q) {
            SequenceCounts seq;
            seq.name = "seq" + std::to_string(q);
            std::int64_t at = static_cast<std::int64_t>(random() % 100);
            const int windows = 1 + static_cast<int>(random() % 50);
            for (int w = 0; w < windows; ++w) {
                seq.start.push_back(at);
                at += 1 + static_cast<std::int64_t>(random() % 100000);
                seq.end.push_back(at);
                at += static_cast<std::int64_t>(random() % 3);
                for (int s = 0; s < samples; ++s)
                    seq.counts.push_back(whole ? static_cast<double>(random() % 5000)
                                               : static_cast<double>(random() % 5000) / 7.0);
            }
            m.sequences.push_back(std::move(seq));
        }
        write_count_matrix_tsv(m, path("r.tsv"));
        write_count_matrix_binary(m, path("r.tcm"));
        expect_same(read_count_matrix(path("r.tsv")), m);
        expect_same(read_count_matrix(path("r.tcm")), m);
    }
}

TEST_F(CountMatrixIoTest, BinaryIsSmallerThanTsvForReadCounts) {
    CountMatrix m;
    m.samples = {"a", "b", "c"};
    SequenceCounts seq;
    seq.name = "chr1";
    for (int w = 0; w < 1000; ++w) {
        seq.start.push_back(w * 25000);
        seq.end.push_back((w + 1) * 25000);
        for (int s = 0; s < 3; ++s) seq.counts.push_back(100 + w + s);
    }
    m.sequences.push_back(seq);
    write_count_matrix_tsv(m, path("m.tsv"));
    write_count_matrix_binary(m, path("m.tcm"));
    EXPECT_LT(slurp(path("m.tcm")).size(), slurp(path("m.tsv")).size() / 2);
}

TEST_F(CountMatrixIoTest, SourceStreamsSequencesAndRewinds) {
    for (const std::string name : {"m.tsv", "m.tcm"}) {
        SCOPED_TRACE(name);
        if (name == "m.tcm")
            write_count_matrix_binary(small_matrix(), path(name));
        else
            write_count_matrix_tsv(small_matrix(), path(name));
        CountMatrixFileSource source(path(name));
        EXPECT_EQ(source.samples(), small_matrix().samples);
        for (int pass = 0; pass < 2; ++pass) {
            SequenceCounts seq;
            ASSERT_TRUE(source.next(seq));
            EXPECT_EQ(seq.name, "chr1");
            EXPECT_EQ(seq.counts, (std::vector<double>{3, 0, 7, 12}));
            ASSERT_TRUE(source.next(seq));
            EXPECT_EQ(seq.name, "chrM");
            EXPECT_FALSE(source.next(seq));
            source.rewind();
        }
    }
}

TEST_F(CountMatrixIoTest, TsvAcceptsBlankLinesCrlfAndDecimals) {
    const std::string file =
        write("m.tsv", "#chrom\tstart\tend\ta\r\nc\t0\t5\t1.5\r\n\nc\t5\t9\t2e3\n");
    const CountMatrix m = read_count_matrix(file);
    ASSERT_EQ(m.sequences.size(), 1u);
    EXPECT_EQ(m.sequences[0].counts, (std::vector<double>{1.5, 2000}));
}

// What R's write.table writes by default quotes every name; cn.mops users' exports name the first
// column "chrom" without the '#'. Both read as the plain layout does.
TEST_F(CountMatrixIoTest, TsvReadsRStyleQuotesAndAHeaderWithoutHash) {
    const std::string plain =
        write("plain.tsv", "#chrom\tstart\tend\tS1\tS2\nchr1\t0\t5\t1\t2\nchr2\t0\t5\t3\t4\n");
    const std::string quoted = write("quoted.tsv",
                                     "\"chrom\"\t\"start\"\t\"end\"\t\"S1\"\t\"S2\"\n"
                                     "\"chr1\"\t0\t5\t1\t2\n\"chr2\"\t0\t5\t3\t4\n");
    const std::string bare =
        write("bare.tsv", "chrom\tstart\tend\tS1\tS2\nchr1\t0\t5\t1\t2\nchr2\t0\t5\t3\t4\n");
    const CountMatrix expected = read_count_matrix(plain);
    for (const std::string& file : {quoted, bare}) {
        const CountMatrix m = read_count_matrix(file);
        EXPECT_EQ(m.samples, expected.samples) << file;
        ASSERT_EQ(m.sequences.size(), 2u) << file;
        for (std::size_t q = 0; q < 2; ++q) {
            EXPECT_EQ(m.sequences[q].name, expected.sequences[q].name) << file;
            EXPECT_EQ(m.sequences[q].counts, expected.sequences[q].counts) << file;
        }
    }
    EXPECT_EQ(expected.sequences[0].name, "chr1");
    EXPECT_EQ(read_error("\"chr1\"\tstart\tend\tS1\n"),
              path("bad.tsv") +
                  ": line 1, column 1: not a count matrix header: expected "
                  "#chrom<TAB>start<TAB>end<TAB>sample... (at least one sample)");
}

TEST_F(CountMatrixIoTest, TsvErrorsNameFileLineAndColumn) {
    const std::string file = path("bad.tsv");
    EXPECT_EQ(read_error(""), file +
                                  ": empty; a count matrix starts with the header line "
                                  "#chrom<TAB>start<TAB>end<TAB>sample...");
    EXPECT_EQ(read_error("chr1\t0\t10\t5\n"),
              file +
                  ": line 1, column 1: not a count matrix header: expected "
                  "#chrom<TAB>start<TAB>end<TAB>sample... (at least one sample)");
    EXPECT_EQ(read_error("#chrom\tstart\tend\n"),
              file +
                  ": line 1, column 1: not a count matrix header: expected "
                  "#chrom<TAB>start<TAB>end<TAB>sample... (at least one sample)");
    EXPECT_EQ(read_error("#chrom\tstart\tend\ta\t\n"),
              file + ": line 1, column 5: an empty sample name");
    EXPECT_EQ(read_error("#chrom\tstart\tend\ta\tb\ta\n"),
              file + ": line 1, column 6: sample name 'a' appears twice (also column 4)");
    const std::string header = "#chrom\tstart\tend\tS1\tS2\n";
    EXPECT_EQ(read_error(header + "c\t0\t10\t1\n"),
              file +
                  ": line 2, column 5: 4 columns, but the header has 5 (chrom, start, end "
                  "and 2 sample(s))");
    EXPECT_EQ(read_error(header + "c\t0\t10\t1\t2\t3\n"),
              file +
                  ": line 2, column 6: 6 columns, but the header has 5 (chrom, start, end "
                  "and 2 sample(s))");
    EXPECT_EQ(read_error(header + "c\t0\t10\t1\tNA\n"),
              file +
                  ": line 2, column 5: count 'NA' of sample 'S2' is not a number; counts are "
                  "finite non-negative numbers");
    EXPECT_EQ(read_error(header + "c\t0\t10\tinf\t1\n"),
              file +
                  ": line 2, column 4: count 'inf' of sample 'S1' is not a number; counts "
                  "are finite non-negative numbers");
    EXPECT_EQ(read_error(header + "c\t0\t10\t1\t2x\n"),
              file +
                  ": line 2, column 5: count '2x' of sample 'S2' is not a number; counts are "
                  "finite non-negative numbers");
    EXPECT_EQ(read_error(header + "c\t0\t10\t-3\t1\n"),
              file + ": line 2, column 4: count -3 of sample 'S1' is negative");
    EXPECT_EQ(read_error(header + "c\tx\t10\t1\t1\n"),
              file + ": line 2, column 2: start 'x' is not a non-negative integer");
    EXPECT_EQ(read_error(header + "c\t-1\t10\t1\t1\n"),
              file + ": line 2, column 2: start '-1' is not a non-negative integer");
    EXPECT_EQ(read_error(header + "c\t0\t1.5\t1\t1\n"),
              file + ": line 2, column 3: end '1.5' is not a non-negative integer");
    EXPECT_EQ(read_error(header + "c\t10\t10\t1\t1\n"),
              file +
                  ": line 2, column 3: end 10 is not after start 10; windows hold at least "
                  "one base");
    EXPECT_EQ(read_error(header + "\t0\t10\t1\t1\n"),
              file + ": line 2, column 1: an empty sequence name");
    EXPECT_EQ(read_error(header + "a\t0\t10\t1\t1\nb\t0\t10\t1\t1\na\t10\t20\t1\t1\n"),
              file +
                  ": line 4, column 1: sequence 'a' appears again; its windows began on "
                  "line 2 and must all be on consecutive lines");
    EXPECT_EQ(read_error(header + "a\t0\t10\t1\t1\na\t5\t20\t1\t1\n"),
              file +
                  ": line 3, column 2: window a:[5, 20) starts before the end (10) of the "
                  "window on line 2; a sequence's windows go in increasing order without "
                  "overlaps");
    EXPECT_EQ(read_error(header + "a\t10\t20\t1\t1\na\t0\t5\t1\t1\n"),
              file +
                  ": line 3, column 2: window a:[0, 5) starts before the end (20) of the "
                  "window on line 2; a sequence's windows go in increasing order without "
                  "overlaps");
    EXPECT_EQ(input_error_of([&] { (void)read_count_matrix(path("missing.tsv")); }),
              "cannot open '" + path("missing.tsv") + "': No such file or directory");
}

TEST_F(CountMatrixIoTest, EveryCutOfABinaryFileIsAnError) {
    write_count_matrix_binary(small_matrix(), path("m.tcm"));
    const std::string whole = slurp(path("m.tcm"));
    for (std::size_t size = 0; size < whole.size(); ++size) {
        SCOPED_TRACE("first " + std::to_string(size) + " bytes");
        const std::string cut = write("cut.tcm", whole.substr(0, size));
        const std::string message = input_error_of([&] { (void)read_count_matrix(cut); });
        EXPECT_EQ(message.rfind(cut + ": ", 0), 0u) << message;
    }
    // The end block: kind, length, two one-byte numbers, checksum.
    const std::size_t end_block = 1 + 8 + 2 + 4;
    const std::string cut = write("cut.tcm", whole.substr(0, whole.size() - end_block));
    EXPECT_EQ(input_error_of([&] { (void)read_count_matrix(cut); }),
              cut + ": byte " + std::to_string(whole.size() - end_block) +
                  ": the file ends without its end block (cut short?)");
}

TEST_F(CountMatrixIoTest, EveryFlippedByteOfABinaryFileIsAnError) {
    write_count_matrix_binary(small_matrix(), path("m.tcm"));
    const std::string whole = slurp(path("m.tcm"));
    for (std::size_t at = 0; at < whole.size(); ++at) {
        SCOPED_TRACE("byte " + std::to_string(at));
        std::string bad = whole;
        bad[at] = static_cast<char>(bad[at] ^ 0x10);
        const std::string file = write("flip.tcm", bad);
        EXPECT_THROW((void)read_count_matrix(file), InputError);
    }
    std::string bad = whole;
    bad[30] = static_cast<char>(bad[30] ^ 1);  // inside the samples block's payload
    const std::string file = write("flip.tcm", bad);
    EXPECT_NE(input_error_of([&] { (void)read_count_matrix(file); }).find("checksum mismatch"),
              std::string::npos);
    const std::string longer = write("longer.tcm", whole + "x");
    EXPECT_EQ(input_error_of([&] { (void)read_count_matrix(longer); }),
              longer + ": byte " + std::to_string(whole.size()) + ": bytes after the end block");
}

TEST_F(CountMatrixIoTest, WritersRefuseWhatWouldNotReadBack) {
    auto error = [&](const CountMatrix& m) {
        const std::string tsv = input_error_of([&] { write_count_matrix_tsv(m, path("o.tsv")); });
        EXPECT_EQ(input_error_of([&] { write_count_matrix_binary(m, path("o.tsv")); }), tsv);
        EXPECT_FALSE(std::filesystem::exists(path("o.tsv")));
        return tsv;
    };
    const std::string o = path("o.tsv");
    CountMatrix m = small_matrix();
    m.samples[1] = "s1.bam";
    EXPECT_EQ(error(m), o + ": sample name 's1.bam' appears twice");
    m = small_matrix();
    m.samples[0] = "a\tb";
    EXPECT_EQ(error(m), o + ": sample name 'a\tb' holds a tab or line break");
    m = small_matrix();
    m.sequences[0].name = "\"chr1\"";
    EXPECT_EQ(error(m), o + ": sequence name '\"chr1\"' is in double quotes, which would be read "
                            "back without them");
    m = small_matrix();
    m.sequences[1].counts[0] = -1;
    EXPECT_EQ(error(m), o + ": window chrM:[0, 16569), sample 's1.bam': count -1 is not a finite "
                            "non-negative number");
    m = small_matrix();
    m.sequences[0].start[1] = 24999;
    EXPECT_EQ(error(m),
              o + ": window chr1:[24999, 49999) overlaps or precedes the window before it");
    m = small_matrix();
    m.sequences[1].name = "chr1";
    EXPECT_EQ(error(m), o + ": sequence 'chr1' appears twice");
    m = small_matrix();
    m.sequences[1].counts.pop_back();
    EXPECT_EQ(error(m), o + ": sequence 'chrM' has 1 starts, 1 ends and 1 counts for 2 samples");
}

}  // namespace
}  // namespace tropic::cnv

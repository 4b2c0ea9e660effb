// Malformed SAM/BAM input and records that cannot be written: InputError naming the file, the
// record and what is wrong; a writer that fails leaves no file behind.
#include <gtest/gtest.h>

#include <filesystem>

#include "support/read_all.hpp"
#include "support/sam_fixture.hpp"
#include "tropic/core/alignment_reader.hpp"
#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/error.hpp"

namespace fs = std::filesystem;

namespace tropic {
namespace {

using test::SamFiles;

std::string read_error(const std::string& path) {
    return test::read_error<AlignmentReader>(path);
}

void expect_contains(const std::string& message, const std::string& part) {
    EXPECT_NE(message.find(part), std::string::npos) << "'" << part << "' not in: " << message;
}

TEST(AlignmentErrors, MalformedSamRecordNamesFileAndRecord) {
    SamFiles files;
    const std::string path = files.path("bad.sam");
    test::write_text(path, test::kSamHeader +
                               "a\t0\tchr1\t1\t60\t4M\t*\t0\t0\tACGT\tIIII\n"
                               "b\t0\tchr1\t5\t60\t4M\t*\t0\t0\tACGT\tIIII\n"
                               "c\t0\tchr1\tten\t60\t4M\t*\t0\t0\tACGT\tIIII\n");
    auto message = read_error(path);
    expect_contains(message, path + ": record 3 (after 'b'): malformed or truncated SAM record");
}

// With several threads htslib would parse SAM text in batches and fail a batch at its first
// record ("record 1"); the reader keeps SAM text on one thread so that the message is exact.
TEST(AlignmentErrors, MalformedSamRecordIsNamedExactlyWithThreadsToo) {
    SamFiles files;
    const std::string path = files.path("bad.sam");
    std::string text = test::kSamHeader;
    for (int k = 1; k <= 20; ++k)
        text += "r" + std::to_string(k) + "\t0\tchr1\t" + std::to_string(k) +
                "\t60\t4M\t*\t0\t0\tACGT\tIIII\n";
    text += "bad\t0\tchr1\t1\t60\t4Q\t*\t0\t0\tACGT\tIIII\n";
    test::write_text(path, text);
    AlignmentReaderOptions options;
    options.threads = 4;
    std::string message;
    try {
        AlignmentReader reader(path, options);
        while (reader.next()) {
        }
        ADD_FAILURE() << "no error";
    } catch (const InputError& e) {
        message = e.what();
    }
    expect_contains(message, path + ": record 21 (after 'r20'): malformed or truncated SAM record");
}

// htslib, and so samtools, reads a SAM record on a reference the header lacks as unplaced (with a
// warning on stderr) rather than failing; tropic reads SAM as they do.
TEST(AlignmentErrors, SamRecordOnAnUnknownReferenceReadsAsUnplaced) {
    SamFiles files;
    const std::string path = files.path("odd.sam");
    test::write_text(path, test::kSamHeader + "a\t0\tchr7\t1\t60\t4M\t*\t0\t0\tACGT\tIIII\n");
    auto records = SamFiles::read_all(path);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].reference_id, -1);
    EXPECT_EQ(records[0].reference_name, "");
}

TEST(AlignmentErrors, TruncatedBamNamesFile) {
    TROPIC_SKIP_WITHOUT_SAMTOOLS();
    SamFiles files;
    const std::string bam = files.sorted_bam();
    const std::string cut = files.path("cut.bam");
    const auto size = fs::file_size(bam);
    ASSERT_TRUE(
        test::shell("head -c " + std::to_string(size - 60) + " '" + bam + "' > '" + cut + "'"));
    auto message = read_error(cut);
    expect_contains(message, cut + ": record ");
    expect_contains(message, "malformed or truncated BAM record");
}

TEST(AlignmentErrors, NotAnAlignmentFile) {
    SamFiles files;
    auto message = read_error(files.path("ref.fa"));
    expect_contains(message, files.path("ref.fa") + ": not SAM, BAM or CRAM");
    expect_contains(message, "FASTA");
    test::write_text(files.path("garbage.bin"), std::string("\x01\x02garbage\xff", 10));
    expect_contains(read_error(files.path("garbage.bin")),
                    files.path("garbage.bin") + ": not SAM, BAM or CRAM");
}

// An empty file has no header: samtools refuses it too. A header alone holds zero records.
TEST(AlignmentErrors, EmptyFileIsNotSam) {
    SamFiles files;
    test::write_text(files.path("empty.sam"), "");
    expect_contains(read_error(files.path("empty.sam")), files.path("empty.sam") + ": ");
    test::write_text(files.path("header.sam"), test::kSamHeader);
    EXPECT_TRUE(SamFiles::read_all(files.path("header.sam")).empty());
}

TEST(AlignmentErrors, MissingFileNamesFileAndReason) {
    SamFiles files;
    auto message = read_error(files.path("missing.bam"));
    expect_contains(message, files.path("missing.bam"));
    expect_contains(message, "No such file");
}

TEST(AlignmentErrors, QueryOnSamTextNeedsAnIndex) {
    SamFiles files;
    AlignmentReader reader(files.path("in.sam"));
    try {
        reader.query("chr1:1-10");
        FAIL() << "no exception";
    } catch (const InputError& e) {
        expect_contains(e.what(), files.path("in.sam") + ": no index");
    }
}

// A valid record to break one field at a time.
AlignmentRecord good_record() {
    AlignmentRecord record;
    record.name = "read7";
    record.reference_name = "chr1";
    record.position = 10;
    record.mapq = 60;
    record.cigar = {{CigarOp::Match, 4}};
    record.sequence = "ACGT";
    record.qualities = "IIII";
    record.aux = {{"NM", std::int64_t{0}}};
    return record;
}

class AlignmentWriteErrors : public ::testing::Test {
  protected:
    // The message of the InputError that writing `record` as the second record raises.
    std::string write_error(const AlignmentRecord& record, const std::string& name = "out.bam") {
        const std::string path = files_.path(name);
        try {
            AlignmentWriter writer(path, AlignmentHeader(test::kSamHeader));
            writer.write(good_record());
            writer.write(record);
            writer.close();
        } catch (const InputError& e) {
            EXPECT_FALSE(fs::exists(path)) << "a failed writer left " << path;
            return e.what();
        }
        ADD_FAILURE() << "no InputError";
        return {};
    }
    SamFiles files_;
};

TEST_F(AlignmentWriteErrors, MessagesNameOutputRecordAndProblem) {
    AlignmentRecord record = good_record();
    record.qualities = "III";
    auto message = write_error(record);
    expect_contains(message, files_.path("out.bam") +
                                 ": record 2 ('read7'): QUAL has 3 "
                                 "characters but SEQ has 4 bases");
}

TEST_F(AlignmentWriteErrors, EachBrokenField) {
    struct Case {
        std::string what;
        void (*breaks)(AlignmentRecord&);
        std::string says;
    };
    const std::vector<Case> cases = {
        {"unknown reference", [](AlignmentRecord& r) { r.reference_name = "chr9"; },
         "RNAME 'chr9' is not a reference of the header"},
        {"name and index disagree", [](AlignmentRecord& r) { r.reference_id = 1; },
         "RNAME 'chr1' is reference 0 of the header, but its index says 1"},
        {"index out of range",
         [](AlignmentRecord& r) {
             r.reference_name.clear();
             r.reference_id = 2;
         },
         "RNAME index 2 is not a reference"},
        {"unknown mate reference", [](AlignmentRecord& r) { r.mate_reference_name = "x"; },
         "RNEXT 'x'"},
        {"CIGAR against SEQ",
         [](AlignmentRecord& r) {
             r.cigar = {{CigarOp::Match, 5}};
         },
         "CIGAR covers 5 read bases but SEQ has 4"},
        {"mapped without CIGAR", [](AlignmentRecord& r) { r.cigar.clear(); }, "needs a CIGAR"},
        {"bad SEQ", [](AlignmentRecord& r) { r.sequence = "AC-T"; }, "SEQ has '-' at position 3"},
        {"bad QUAL", [](AlignmentRecord& r) { r.qualities = "II I"; },
         "QUAL has ' ' (space) at position 3"},
        {"name with a space", [](AlignmentRecord& r) { r.name = "read 7"; },
         "QNAME has ' ' (space) at position 5"},
        {"long name", [](AlignmentRecord& r) { r.name = std::string(255, 'n'); },
         "QNAME is 255 characters long"},
        {"name with '@'", [](AlignmentRecord& r) { r.name = "read@7"; },
         "QNAME has '@' at position 5; SAM allows printable characters other than '@'"},
        {"protein in BAM", [](AlignmentRecord& r) { r.sequence = "MELK"; },
         "SEQ has 'E' at position 2, which BAM's 4-bit sequence code cannot hold"},
        {"repeated tag",
         [](AlignmentRecord& r) {
             r.aux.push_back({"NM", std::int64_t{1}});
         },
         "optional field NM: appears twice"},
        {"malformed tag",
         [](AlignmentRecord& r) {
             r.aux.push_back({"1X", 'a'});
         },
         "tag '1X' is not two characters"},
        {"integer too large",
         [](AlignmentRecord& r) {
             r.aux.push_back({"XI", std::int64_t{1} << 33});
         },
         "optional field XI: integer 8589934592 is outside BAM's range"},
        {"array value out of its type",
         [](AlignmentRecord& r) {
             r.aux.push_back({"XB", AuxIntegerArray{'c', {1, 200}}});
         },
         "optional field XB: 200 does not fit array type 'c'"},
        {"array subtype",
         [](AlignmentRecord& r) {
             r.aux.push_back({"XB", AuxIntegerArray{'q', {}}});
         },
         "integer arrays have type c, C, s, S, i or I"},
        {"odd hex",
         [](AlignmentRecord& r) {
             r.aux.push_back({"XH", AuxHex{"ABC"}});
         },
         "even number of hex digits"},
        {"text with a tab",
         [](AlignmentRecord& r) {
             r.aux.push_back({"XZ", std::string("a\tb")});
         },
         "type Z holds printable text"},
        {"position beyond BAM", [](AlignmentRecord& r) { r.position = std::int64_t{1} << 32; },
         "does not fit in BAM's 32 bits"},
        {"operation too long",
         [](AlignmentRecord& r) {
             r.cigar = {{CigarOp::Match, 4}, {CigarOp::Deletion, 1u << 28}};
         },
         "is longer than BAM allows"},
    };
    for (const Case& c : cases) {
        AlignmentRecord record = good_record();
        c.breaks(record);
        auto message = write_error(record);
        expect_contains(message, "record 2 ('" + record.name + "')");
        expect_contains(message, c.says);
    }
}

// SAM text holds any letter in SEQ (protein, as DIAMOND and MMseqs2 write it): the letters BAM's
// 4-bit code would turn into N are written as they are. An empty name is written as '*'.
TEST_F(AlignmentWriteErrors, SamTextKeepsProteinLetters) {
    const std::string path = files_.path("protein.sam");
    AlignmentRecord record = good_record();
    record.sequence = "MELK";
    AlignmentRecord unnamed = good_record();
    unnamed.name.clear();
    AlignmentWriter writer(path, AlignmentHeader(test::kSamHeader));
    writer.write(record);
    writer.write(unnamed);
    writer.close();
    const std::string text = test::read_text(path);
    expect_contains(text, "read7\t0\tchr1\t11\t60\t4M\t*\t0\t0\tMELK\tIIII\tNM:i:0\n");
    expect_contains(text, "\n*\t0\tchr1\t11\t60\t4M\t*\t0\t0\tACGT\tIIII\tNM:i:0\n");
}

TEST(AlignmentNames, QnameRules) {
    EXPECT_EQ(sam_query_name_problem("read/1:A?~!"), std::nullopt);
    EXPECT_EQ(sam_query_name_problem(std::string(254, 'n')), std::nullopt);
    EXPECT_EQ(sam_query_name_problem(""),
              "an empty name cannot be a SAM QNAME (QNAME '*' means no name)");
    EXPECT_NE(sam_query_name_problem("@r"), std::nullopt);
    EXPECT_NE(sam_query_name_problem(std::string(255, 'n')), std::nullopt);
}

TEST_F(AlignmentWriteErrors, UnmappedRecordsNeedNoCigar) {
    const std::string path = files_.path("unmapped.sam");
    AlignmentRecord record = good_record();
    record.flag = sam_flag::kUnmapped;
    record.cigar.clear();
    AlignmentWriter writer(path, AlignmentHeader(test::kSamHeader));
    writer.write(record);
    writer.close();
    auto back = SamFiles::read_all(path);
    ASSERT_EQ(back.size(), 1u);
    EXPECT_TRUE(back[0].cigar.empty());
}

TEST_F(AlignmentWriteErrors, AbandonedWriterLeavesNoFile) {
    const std::string path = files_.path("abandoned.bam");
    {
        AlignmentWriter writer(path, AlignmentHeader(test::kSamHeader));
        writer.write(good_record());
        EXPECT_FALSE(fs::exists(path)) << "visible before close()";
    }
    EXPECT_FALSE(fs::exists(path));
    for (const auto& entry : fs::directory_iterator(fs::path(path).parent_path()))
        EXPECT_EQ(entry.path().filename().string().find(".tmp."), std::string::npos)
            << "temporary file left: " << entry.path();
}

TEST_F(AlignmentWriteErrors, CramIsNotWritten) {
    try {
        AlignmentWriter writer(files_.path("out.cram"), AlignmentHeader(test::kSamHeader));
        FAIL() << "no exception";
    } catch (const InputError& e) {
        expect_contains(e.what(), "does not write CRAM");
    }
}

TEST_F(AlignmentWriteErrors, UnwritableFolder) {
    EXPECT_THROW(AlignmentWriter(files_.path("no/such/dir/out.bam"), AlignmentHeader()),
                 InputError);
}

}  // namespace
}  // namespace tropic

// SAM, BAM and CRAM made by samtools from one SAM text read back as the same records; BAM and
// SAM written by tropic read back by samtools as the same text; region queries as samtools
// answers them. Without samtools on PATH these tests SKIP.
#include <fcntl.h>
#include <gtest/gtest.h>

#include "support/redirected_fd.hpp"
#include "support/sam_fixture.hpp"
#include "tropic/core/alignment_reader.hpp"
#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/error.hpp"

namespace tropic {
namespace {

using test::SamFiles;

// "name flag reference position" of each record, as `samtools view | cut -f1-4` prints them.
std::string placements(const std::vector<AlignmentRecord>& records) {
    std::string text;
    for (const AlignmentRecord& r : records)
        text += r.name + "\t" + std::to_string(r.flag) + "\t" +
                (r.reference_name.empty() ? "*" : r.reference_name) + "\t" +
                std::to_string(r.position + 1) + "\n";
    return text;
}

std::vector<AlignmentRecord> read_query(const std::string& file, const std::string& region) {
    AlignmentReader reader(file);
    reader.query(region);
    std::vector<AlignmentRecord> records;
    while (auto record = reader.next()) records.push_back(std::move(*record));
    return records;
}

TEST(AlignmentRoundTrip, SamFieldsReadAsWritten) {
    SamFiles files;
    AlignmentReader reader(files.path("in.sam"));
    EXPECT_EQ(reader.format(), AlignmentFormat::Sam);
    EXPECT_EQ(reader.header().text(), test::kSamHeader);
    ASSERT_EQ(reader.header().references().size(), 2u);
    EXPECT_EQ(reader.header().references()[1], (ReferenceSequence{"chr2", 500}));
    EXPECT_EQ(reader.header().read_groups(),
              std::vector<std::string>{"@RG\tID:rg1\tSM:sample1\tPL:ILLUMINA"});

    auto records = SamFiles::read_all(files.path("in.sam"));
    ASSERT_EQ(records.size(), 7u);
    const AlignmentRecord& r1 = records[0];
    EXPECT_EQ(r1.name, "r1");
    EXPECT_EQ(r1.flag, 99);
    EXPECT_EQ(r1.reference_id, 0);
    EXPECT_EQ(r1.reference_name, "chr1");
    EXPECT_EQ(r1.position, 99);
    EXPECT_EQ(r1.mapq, 60);
    EXPECT_EQ(cigar_string(r1.cigar), "10M");
    EXPECT_EQ(r1.mate_reference_name, "chr1") << "'=' is the record's own reference";
    EXPECT_EQ(r1.mate_position, 299);
    EXPECT_EQ(r1.template_length, 210);
    EXPECT_EQ(r1.sequence, test::kChr1.substr(99, 10));
    EXPECT_EQ(r1.qualities, "IIIIIHHHHH");
    std::vector<AuxField> r1_aux{
        {"RG", std::string("rg1")}, {"NM", std::int64_t{0}}, {"XA", 'x'}, {"XF", 1.5f}};
    EXPECT_EQ(r1.aux, r1_aux);

    const AlignmentRecord& r2 = records[1];
    EXPECT_EQ(cigar_string(r2.cigar), "3S5M2I4M1D6M");
    EXPECT_TRUE(r2.qualities.empty()) << "'*' qualities";
    EXPECT_EQ(r2.mate_reference_id, -1);
    EXPECT_EQ(r2.mate_position, -1);
    std::vector<AuxField> r2_aux{
        {"XB", AuxIntegerArray{'s', {-1, 2, 300}}}, {"XC", AuxIntegerArray{'C', {1, 255}}},
        {"XD", AuxFloatArray{{0.5f, -1.25f}}},      {"XH", AuxHex{"1AE3"}},
        {"XZ", std::string("hello world")},         {"XI", std::int64_t{-70000}},
        {"XU", std::int64_t{4000000000}},           {"XE", AuxIntegerArray{'i', {-5}}},
        {"XG", AuxIntegerArray{'I', {7}}},          {"XK", AuxIntegerArray{'c', {-128, 127}}},
        {"XL", AuxIntegerArray{'S', {65535}}},
    };
    EXPECT_EQ(r2.aux, r2_aux);

    EXPECT_EQ(records[2].template_length, -210);
    EXPECT_EQ(cigar_string(records[3].cigar), "4M100N6M");
    EXPECT_EQ(records[4].mate_reference_name, "chr1");
    EXPECT_EQ(records[5].reference_name, "chr2") << "placed unmapped read";
    EXPECT_TRUE(records[5].cigar.empty());
    const AlignmentRecord& u1 = records[6];
    EXPECT_EQ(u1.reference_id, -1);
    EXPECT_EQ(u1.reference_name, "");
    EXPECT_EQ(u1.position, -1);
    EXPECT_EQ(u1.sequence, "ACGT");
}

TEST(AlignmentRoundTrip, BamFromSamtoolsEqualsSam) {
    TROPIC_SKIP_WITHOUT_SAMTOOLS();
    SamFiles files;
    const std::string bam = files.sorted_bam();
    AlignmentReader reader(bam);
    EXPECT_EQ(reader.format(), AlignmentFormat::Bam);
    EXPECT_EQ(reader.header().references(), AlignmentHeader(test::kSamHeader).references());
    EXPECT_EQ(SamFiles::read_all(bam), SamFiles::read_all(files.path("in.sam")));
}

// CRAM is not SAM byte for byte, by design of CRAM and htslib: =/X operations become M, mate
// fields of unpaired reads are not kept, RG moves to the end and MD/NM are computed on reading
// (as samtools view prints them). So: tropic reads a CRAM as samtools does, and what CRAM keeps
// equals the SAM.
TEST(AlignmentRoundTrip, CramReadsAsSamtoolsReadsIt) {
    TROPIC_SKIP_WITHOUT_SAMTOOLS();
    SamFiles files;
    const std::string cram = files.cram();
    AlignmentReaderOptions options;
    options.cram_reference = files.path("ref.fa");
    AlignmentReader reader(cram, options);
    EXPECT_EQ(reader.format(), AlignmentFormat::Cram);
    EXPECT_EQ(reader.header().references(), AlignmentHeader(test::kSamHeader).references());
    ASSERT_TRUE(test::shell("samtools view -h --no-PG -T '" + files.path("ref.fa") + "' '" + cram +
                            "' > '" + files.path("cram.sam") + "'"));
    EXPECT_EQ(SamFiles::read_all(cram, options), SamFiles::read_all(files.path("cram.sam")));
}

TEST(AlignmentRoundTrip, CramKeepsWhatCramKeepsOfTheSam) {
    TROPIC_SKIP_WITHOUT_SAMTOOLS();
    SamFiles files;
    AlignmentReaderOptions options;
    options.cram_reference = files.path("ref.fa");
    auto from_cram = SamFiles::read_all(files.cram(), options);
    auto from_sam = SamFiles::read_all(files.path("in.sam"));
    ASSERT_EQ(from_cram.size(), from_sam.size());
    for (std::size_t i = 0; i < from_sam.size(); ++i) {
        AlignmentRecord expected = from_sam[i], actual = from_cram[i];
        std::vector<CigarElement> merged;  // =/X as M, neighbours joined
        for (CigarElement e : expected.cigar) {
            if (e.op == CigarOp::SequenceMatch || e.op == CigarOp::SequenceMismatch)
                e.op = CigarOp::Match;
            if (!merged.empty() && merged.back().op == e.op)
                merged.back().length += e.length;
            else
                merged.push_back(e);
        }
        expected.cigar = merged;
        if ((expected.flag & sam_flag::kPaired) == 0) {
            expected.mate_reference_id = actual.mate_reference_id;
            expected.mate_reference_name = actual.mate_reference_name;
        }
        // Optional fields: the SAM's, in any order, plus MD and NM as computed.
        for (const AuxField& field : expected.aux) {
            const AuxValue* value = actual.find_aux(field.tag);
            ASSERT_NE(value, nullptr) << field.tag << " of " << expected.name;
            EXPECT_EQ(*value, field.value) << field.tag << " of " << expected.name;
        }
        for (const AuxField& field : actual.aux) {
            if (!expected.find_aux(field.tag)) {
                EXPECT_TRUE(field.tag == "MD" || field.tag == "NM")
                    << field.tag << " of " << expected.name;
            }
        }
        expected.aux = actual.aux = {};
        EXPECT_EQ(actual, expected) << "record " << i + 1;
    }
}

TEST(AlignmentRoundTrip, BamWrittenByTropicReadsBackInSamtools) {
    TROPIC_SKIP_WITHOUT_SAMTOOLS();
    SamFiles files;
    const std::string bam = files.path("tropic.bam");
    {
        AlignmentReader reader(files.path("in.sam"));
        AlignmentWriter writer(bam, reader.header());
        EXPECT_EQ(writer.format(), AlignmentFormat::Bam) << "chosen by the extension";
        while (auto record = reader.next()) writer.write(*record);
        EXPECT_EQ(writer.records_written(), 7u);
        writer.close();
    }
    ASSERT_TRUE(
        test::shell("samtools view -h --no-PG '" + bam + "' > '" + files.path("out.sam") + "'"));
    EXPECT_EQ(test::read_text(files.path("out.sam")), test::read_text(files.path("in.sam")));
    EXPECT_EQ(SamFiles::read_all(bam), SamFiles::read_all(files.path("in.sam")));
}

TEST(AlignmentRoundTrip, SamWrittenByTropicIsTheSameText) {
    SamFiles files;
    const std::string sam = files.path("tropic.sam");
    AlignmentReader reader(files.path("in.sam"));
    AlignmentWriter writer(sam, reader.header());
    EXPECT_EQ(writer.format(), AlignmentFormat::Sam);
    while (auto record = reader.next()) writer.write(*record);
    writer.close();
    EXPECT_EQ(test::read_text(sam), test::read_text(files.path("in.sam")));
}

TEST(AlignmentRoundTrip, ReadsStandardInput) {
    SamFiles files;
    std::vector<AlignmentRecord> records;
    {
        test::RedirectedFd stdin_from(0, files.path("in.sam"));
        AlignmentReader reader("-");
        EXPECT_EQ(reader.path(), "-");
        EXPECT_EQ(reader.header().references().size(), 2u);
        while (auto record = reader.next()) records.push_back(std::move(*record));
        EXPECT_THROW(reader.query("chr1"), InputError) << "no index for stdin";
    }
    EXPECT_EQ(records, SamFiles::read_all(files.path("in.sam")));
}

// Standard output is written through a duplicate: it stays open for what the program prints
// after the writer closes.
TEST(AlignmentRoundTrip, WritesStandardOutputAndLeavesItOpen) {
    SamFiles files;
    const std::string out = files.path("stdout.sam");
    {
        test::RedirectedFd stdout_to(1, out);
        AlignmentReader reader(files.path("in.sam"));
        AlignmentWriter writer("-", reader.header());
        EXPECT_EQ(writer.format(), AlignmentFormat::Sam);
        while (auto record = reader.next()) writer.write(*record);
        writer.close();
        EXPECT_NE(::fcntl(1, F_GETFD), -1) << "stdout closed by the writer";
    }
    EXPECT_EQ(test::read_text(out), test::read_text(files.path("in.sam")));
}

TEST(AlignmentRoundTrip, FormatChosenByTheCaller) {
    SamFiles files;
    const std::string out = files.path("bam-without-extension");
    AlignmentReader reader(files.path("in.sam"));
    AlignmentWriterOptions options;
    options.format = AlignmentFormat::Bam;
    AlignmentWriter writer(out, reader.header(), options);
    while (auto record = reader.next()) writer.write(*record);
    writer.close();
    AlignmentReader back(out);
    EXPECT_EQ(back.format(), AlignmentFormat::Bam);
    EXPECT_EQ(SamFiles::read_all(out), SamFiles::read_all(files.path("in.sam")));
}

TEST(AlignmentRoundTrip, RegionQueriesEqualSamtools) {
    TROPIC_SKIP_WITHOUT_SAMTOOLS();
    SamFiles files;
    for (const std::string& file : {files.sorted_bam(), files.cram()}) {
        for (const std::string region : {"chr1:120-400", "chr1:1-1000", "chr1:165-165", "chr2",
                                         "chr2:15-60", "chr1:700-800"}) {
            const std::string expected_path = files.path("expected.txt");
            ASSERT_TRUE(test::shell("samtools view -T '" + files.path("ref.fa") + "' '" + file +
                                    "' '" + region + "' | cut -f1-4 > '" + expected_path + "'"));
            AlignmentReaderOptions options;
            options.cram_reference = files.path("ref.fa");
            AlignmentReader reader(file, options);
            reader.query(region);
            std::vector<AlignmentRecord> records;
            while (auto record = reader.next()) records.push_back(std::move(*record));
            EXPECT_EQ(placements(records), test::read_text(expected_path)) << file << " " << region;
        }
    }
}

TEST(AlignmentRoundTrip, QueryByCoordinatesEqualsRegionText) {
    TROPIC_SKIP_WITHOUT_SAMTOOLS();
    SamFiles files;
    const std::string bam = files.sorted_bam();
    AlignmentReader reader(bam);
    reader.query("chr1", 119, 400);  // chr1:120-400
    std::vector<AlignmentRecord> records;
    while (auto record = reader.next()) records.push_back(std::move(*record));
    EXPECT_EQ(records, read_query(bam, "chr1:120-400"));
    EXPECT_EQ(placements(records), "r2\t0\tchr1\t150\nr1\t147\tchr1\t300\n");
    // A second query on the same reader.
    reader.query("chr2", 0, 500);
    records.clear();
    while (auto record = reader.next()) records.push_back(std::move(*record));
    EXPECT_EQ(placements(records), "r4\t0\tchr2\t10\nr5\t4\tchr2\t50\n");
}

TEST(AlignmentRoundTrip, QueryErrorsNameTheProblem) {
    TROPIC_SKIP_WITHOUT_SAMTOOLS();
    SamFiles files;
    const std::string bam = files.sorted_bam();
    AlignmentReader reader(bam);
    EXPECT_THROW(reader.query("chr9:1-10"), InputError);
    EXPECT_THROW(reader.query("chr9", 0, 10), InputError);
    EXPECT_THROW(reader.query("chr1", 10, 5), InputError);

    // No index beside the file.
    const std::string unindexed = files.path("unindexed.bam");
    ASSERT_TRUE(test::shell("cp '" + bam + "' '" + unindexed + "'"));
    AlignmentReader without_index(unindexed);
    try {
        without_index.query("chr1:1-100");
        FAIL() << "no exception";
    } catch (const InputError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find(unindexed), std::string::npos) << message;
        EXPECT_NE(message.find("no index"), std::string::npos) << message;
    }
}

TEST(AlignmentRoundTrip, MultiThreadedReadingEqualsSingleThreaded) {
    TROPIC_SKIP_WITHOUT_SAMTOOLS();
    SamFiles files;
    // Enough records for many BGZF blocks.
    std::string text = test::kSamHeader;
    for (int i = 0; i < 20000; ++i) {
        const int position = (i * 37) % 900;
        text += "m" + std::to_string(i) + "\t0\tchr1\t" + std::to_string(position + 1) +
                "\t60\t50M\t*\t0\t0\t" + test::kChr1.substr(position, 50) + "\t" +
                std::string(50, static_cast<char>('!' + i % 60)) + "\tXI:i:" + std::to_string(i) +
                "\n";
    }
    test::write_text(files.path("many.sam"), text);
    const std::string bam = files.path("many.bam");
    ASSERT_TRUE(test::shell("samtools view -b -o '" + bam + "' '" + files.path("many.sam") + "'"));
    auto single = SamFiles::read_all(bam);
    ASSERT_EQ(single.size(), 20000u);
    AlignmentReaderOptions threaded;
    threaded.threads = 4;
    EXPECT_EQ(SamFiles::read_all(bam, threaded), single);
    EXPECT_EQ(SamFiles::read_all(files.path("many.sam"), threaded), single) << "SAM text";

    // And writing with threads gives what samtools reads as the same text.
    AlignmentWriterOptions write_threaded;
    write_threaded.threads = 3;
    const std::string out = files.path("written.bam");
    {
        AlignmentWriter writer(out, AlignmentHeader(test::kSamHeader), write_threaded);
        for (const AlignmentRecord& record : single) writer.write(record);
        writer.close();
    }
    EXPECT_EQ(SamFiles::read_all(out), single);
}

}  // namespace
}  // namespace tropic

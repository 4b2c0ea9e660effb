#include "tropic/core/sequence_reader.hpp"

#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "support/read_all.hpp"
#include "support/redirected_fd.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"

namespace fs = std::filesystem;

namespace tropic {
namespace {

class SequenceReaderTest : public ::testing::Test {
  protected:
    std::string write(const std::string& name, const std::string& text) {
        fs::path p = dir_ / name;
        std::ofstream(p, std::ios::binary) << text;
        return p.string();
    }

    // Compressed with the system's gzip (plain gzip, not BGZF); empty when gzip is missing.
    std::string write_gz(const std::string& name, const std::string& text) {
        std::string plain = write(name + ".plain", text);
        std::string gz = (dir_ / name).string();
        std::string command = "gzip -c '" + plain + "' > '" + gz + "' 2>/dev/null";
        if (std::system(command.c_str()) != 0) return {};
        return gz;
    }

    static std::vector<SequenceRecord> read_all(const std::string& path) {
        return test::read_all<SequenceReader>(path);
    }
    static std::string read_error(const std::string& path) {
        return test::read_error<SequenceReader>(path);
    }

    test::TempDir temp_{"tropic-reader"};
    const fs::path& dir_ = temp_.path();
};

TEST_F(SequenceReaderTest, ReadsMultiRecordMultiLineFasta) {
    auto path = write("a.fa", ">one first record\nACGU\nacgu\n\n>two\nGGGAAACCC\n>three\nttTT\n");
    auto records = read_all(path);
    ASSERT_EQ(records.size(), 3u);
    EXPECT_EQ(records[0].name, "one");
    EXPECT_EQ(records[0].residues, "ACGUACGU");
    EXPECT_EQ(records[1].name, "two");
    EXPECT_EQ(records[1].residues, "GGGAAACCC");
    EXPECT_EQ(records[2].residues, "UUUU");
}

TEST_F(SequenceReaderTest, KeepsIupacCodes) {
    auto records = read_all(write("iupac.fa", ">x\nnRyACGT\n"));
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].residues, "NRYACGU");
}

TEST_F(SequenceReaderTest, KeepsSoftMaskingWhenAsked) {
    std::string path = write("masked.fa", ">x\nACgtnNryTT\n");
    SequenceReader reader(path, Alphabet::Rna, LetterCase::KeepSoftMask);
    auto record = reader.next();
    ASSERT_TRUE(record);
    EXPECT_EQ(record->residues, "ACgunNryUU");
    SequenceReader dna(path, Alphabet::Dna, LetterCase::KeepSoftMask);
    EXPECT_EQ(dna.next()->residues, "ACgtnNryTT");
    // Without the option every letter is upper case, as before.
    EXPECT_EQ(read_all(path)[0].residues, "ACGUNNRYUU");
    // Letters outside the alphabet are refused either way.
    std::string bad = write("bad_masked.fa", ">y\nACGjU\n");
    SequenceReader refusing(bad, Alphabet::Rna, LetterCase::KeepSoftMask);
    EXPECT_THROW((void)refusing.next(), InputError);
}

TEST_F(SequenceReaderTest, WindowsLineEndings) {
    auto records = read_all(write("crlf.fa", ">x\r\nACGU\r\nGG\r\n>y\r\nUU\r\n"));
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].name, "x");
    EXPECT_EQ(records[0].residues, "ACGUGG");
    EXPECT_EQ(records[1].residues, "UU");
}

TEST_F(SequenceReaderTest, EmptyRecordsAreValid) {
    auto records = read_all(write("empty_rec.fa", ">a\n>b\nACGU\n>c\n"));
    ASSERT_EQ(records.size(), 3u);
    EXPECT_EQ(records[0].name, "a");
    EXPECT_TRUE(records[0].residues.empty());
    EXPECT_EQ(records[1].residues, "ACGU");
    EXPECT_EQ(records[2].name, "c");
    EXPECT_TRUE(records[2].residues.empty());
}

TEST_F(SequenceReaderTest, RecordWithoutName) {
    auto records = read_all(write("noname.fa", ">\nACGU\n"));
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].name, "");
    EXPECT_EQ(records[0].residues, "ACGU");
}

TEST_F(SequenceReaderTest, EmptyFileHasNoRecords) {
    EXPECT_TRUE(read_all(write("empty.fa", "")).empty());
    EXPECT_TRUE(read_all(write("blank.fa", "\n\n  \n")).empty());
}

TEST_F(SequenceReaderTest, ReadsFastq) {
    auto path = write("r.fq", "@r1 x\nACGT\n+\nIIII\n@r2\nggcc\n+r2\n@III\n@r3\n\n+\n\n");
    auto records = read_all(path);
    ASSERT_EQ(records.size(), 3u);
    EXPECT_EQ(records[0].name, "r1");
    EXPECT_EQ(records[0].residues, "ACGU");
    EXPECT_EQ(records[1].name, "r2");
    EXPECT_EQ(records[1].residues, "GGCC");
    EXPECT_EQ(records[2].name, "r3");
    EXPECT_TRUE(records[2].residues.empty());
}

TEST_F(SequenceReaderTest, FastqQualityLengthMismatchNamesRecord) {
    auto message = read_error(write("bad.fq", "@r1\nACGU\n+\nIIII\n@r2\nACGU\n+\nII"));
    EXPECT_NE(message.find("bad.fq"), std::string::npos) << message;
    EXPECT_NE(message.find("record 2"), std::string::npos) << message;
    EXPECT_NE(message.find("'r2'"), std::string::npos) << message;
    EXPECT_NE(message.find("quality"), std::string::npos) << message;
}

TEST_F(SequenceReaderTest, TruncatedFastqNamesRecord) {
    auto message = read_error(write("trunc.fq", "@r1\nACGU\n+\nIIII\n@r2\nACGU\n"));
    EXPECT_NE(message.find("record 2"), std::string::npos) << message;
    EXPECT_NE(message.find("'r2'"), std::string::npos) << message;
    message = read_error(write("trunc2.fq", "@r1\nACGU\n+\n"));
    EXPECT_NE(message.find("record 1"), std::string::npos) << message;
}

TEST_F(SequenceReaderTest, ReadsGzip) {
    auto gz = write_gz("a.fa.gz", ">one\nACGT\nAC\n>two\nGGGAAACCC\n");
    if (gz.empty()) GTEST_SKIP() << "gzip is not installed";
    auto records = read_all(gz);
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].residues, "ACGUAC");
    EXPECT_EQ(records[1].name, "two");
}

TEST_F(SequenceReaderTest, ReadsGzipFastq) {
    auto gz = write_gz("r.fq.gz", "@r1\nACGT\n+\nIIII\n");
    if (gz.empty()) GTEST_SKIP() << "gzip is not installed";
    auto records = read_all(gz);
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].residues, "ACGU");
}

TEST_F(SequenceReaderTest, InvalidCharacterMessageNamesFileRecordAndPosition) {
    std::string path =
        write("input.fa", ">a\nACGU\n>b\nACGU\n>seq_x description\nACGUACGUACGU\nACGUXCGU\n");
    auto message = read_error(path);
    EXPECT_NE(message.find(path + ": record 3 ('seq_x'): invalid character 'X' at position 17"),
              std::string::npos)
        << message;
}

TEST_F(SequenceReaderTest, InvalidCharacterAfterGoodRecords) {
    SequenceReader reader(write("late.fa", ">a\nACGU\n>b\nAC-GU\n"));
    auto first = reader.next();
    ASSERT_TRUE(first);
    EXPECT_EQ(first->residues, "ACGU");
    try {
        static_cast<void>(reader.next());
        FAIL() << "no exception";
    } catch (const InputError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find("record 2 ('b')"), std::string::npos) << message;
        EXPECT_NE(message.find("'-' at position 3"), std::string::npos) << message;
    }
}

TEST_F(SequenceReaderTest, FastaAndFastqRecordsHaveHeaders) {
    auto records = read_all(write("h.fa", ">a\nACGU\n"));
    ASSERT_EQ(records.size(), 1u);
    EXPECT_TRUE(records[0].has_header);
    EXPECT_TRUE(records[0].qualities.empty());
    EXPECT_EQ(records[0].alphabet, Alphabet::Rna);
}

TEST_F(SequenceReaderTest, FastqKeepsQualities) {
    auto records = read_all(write("q.fq", "@r1\nACGT\n+\n!I~#\n@r2\n\n+\n\n"));
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].qualities, "!I~#");
    EXPECT_TRUE(records[0].has_header);
    EXPECT_TRUE(records[1].qualities.empty());
}

TEST_F(SequenceReaderTest, FastqQualityOutsidePhred33NamesRecordAndPosition) {
    auto message = read_error(write("q.fq", "@r1\nACGT\n+\nIIII\n@r2\nACGT\n+\nII\x01I\n"));
    EXPECT_NE(message.find("record 2 ('r2'): invalid quality character '\\x01' at position 3"),
              std::string::npos)
        << message;
}

// Plain sequence lines, as RNAfold reads them: one record per non-empty line.
TEST_F(SequenceReaderTest, PlainLinesAreRecordsNamedByOrdinal) {
    auto records = read_all(write("plain.txt", "\n  \nACGUACGU\n\nggtt  \r\n\t ACGU\n\n"));
    ASSERT_EQ(records.size(), 3u);
    EXPECT_EQ(records[0].name, "1");
    EXPECT_EQ(records[0].residues, "ACGUACGU");
    EXPECT_EQ(records[1].name, "2");
    EXPECT_EQ(records[1].residues, "GGUU");
    EXPECT_EQ(records[2].name, "3");
    EXPECT_EQ(records[2].residues, "ACGU");
    for (const auto& r : records) {
        EXPECT_FALSE(r.has_header) << r.name;
        EXPECT_TRUE(r.qualities.empty()) << r.name;
    }
}

TEST_F(SequenceReaderTest, PlainLineWithoutLineEnd) {
    auto records = read_all(write("one.txt", "G"));
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].residues, "G");
    records = read_all(write("two.txt", "GGG\nCC"));
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[1].residues, "CC");
}

TEST_F(SequenceReaderTest, PlainLinesGzip) {
    auto gz = write_gz("plain.txt.gz", "GGGAAACCC\nacgt\n");
    if (gz.empty()) GTEST_SKIP() << "gzip is not installed";
    auto records = read_all(gz);
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[1].name, "2");
    EXPECT_EQ(records[1].residues, "ACGU");
    EXPECT_FALSE(records[1].has_header);
}

TEST_F(SequenceReaderTest, PlainLinesInChunks) {
    std::string text;
    for (int i = 0; i < 7; ++i) text += "ACGUACGUAC\n\n";
    SequenceReader reader(write("seven.txt", text));
    std::vector<SequenceRecord> chunk;
    ASSERT_TRUE(reader.read_chunk(chunk, 3, 1000));
    ASSERT_EQ(chunk.size(), 3u);
    chunk.clear();
    ASSERT_TRUE(reader.read_chunk(chunk, 100, 15));  // 10 < 15, 20 >= 15: stops at 2
    ASSERT_EQ(chunk.size(), 2u);
    EXPECT_EQ(chunk[0].name, "4");
    chunk.clear();
    ASSERT_TRUE(reader.read_chunk(chunk, 100, 1000));
    ASSERT_EQ(chunk.size(), 2u);
    EXPECT_EQ(chunk[1].name, "7");
    EXPECT_FALSE(reader.read_chunk(chunk, 100, 1000));
    EXPECT_EQ(reader.records_read(), 7u);
}

TEST_F(SequenceReaderTest, PlainLineInvalidLetterNamesLineRecordAndPosition) {
    std::string path = write("plain.txt", "ACGU\n\nACGU\nACXU\n");
    auto message = read_error(path);
    EXPECT_NE(message.find(path + ": line 4 (record 3): invalid character 'X' at position 3"),
              std::string::npos)
        << message;
}

TEST_F(SequenceReaderTest, BinaryInputNamesLineAndPosition) {
    std::string path = write("garbage.bin", std::string("ACGU\nAC\0\x01\xff", 10));
    auto message = read_error(path);
    EXPECT_NE(message.find(path + ": line 2 (record 2): byte '\\x00' at position 3 is not text"),
              std::string::npos)
        << message;
    message = read_error(write("png.bin", "\x89PNG\r\n\x1a\n"));
    EXPECT_NE(message.find("line 1 (record 1): byte '\\x89' at position 1 is not text"),
              std::string::npos)
        << message;
}

TEST_F(SequenceReaderTest, HeaderAfterPlainLinesIsAnError) {
    auto message = read_error(write("mixed.txt", "ACGU\n>x\nACGU\n"));
    EXPECT_NE(message.find("line 2 (record 2): a header line"), std::string::npos) << message;
}

// Alphabets chosen by the command.
TEST_F(SequenceReaderTest, DnaKeepsLettersAndReadsUAsT) {
    SequenceReader reader(write("dna.fa", ">d\nacgtRYSWKMBDHVN\nUu\n"), Alphabet::Dna);
    auto record = reader.next();
    ASSERT_TRUE(record);
    EXPECT_EQ(record->residues, "ACGTRYSWKMBDHVNTT");
    EXPECT_EQ(record->alphabet, Alphabet::Dna);
    EXPECT_EQ(reader.alphabet(), Alphabet::Dna);
}

TEST_F(SequenceReaderTest, ProteinKeepsAminoAcidsAndStop) {
    SequenceReader reader(write("p.txt", "mkvLBZJUOX*\n"), Alphabet::Protein);
    auto record = reader.next();
    ASSERT_TRUE(record);
    EXPECT_EQ(record->residues, "MKVLBZJUOX*");
    EXPECT_EQ(record->alphabet, Alphabet::Protein);
}

TEST_F(SequenceReaderTest, LetterOutsideTheAlphabetNamesIt) {
    std::string dna = write("d.fa", ">a\nACGT\n>b\nACGTE\n");
    auto message = test::read_error<SequenceReader>(dna, Alphabet::Dna);
    EXPECT_NE(message.find(dna + ": record 2 ('b'): invalid character 'E' at position 5: not in "
                                 "the DNA alphabet"),
              std::string::npos)
        << message;
    std::string protein = write("p.fa", ">p\nMKV-L\n");
    message = test::read_error<SequenceReader>(protein, Alphabet::Protein);
    EXPECT_NE(message.find("record 1 ('p'): invalid character '-' at position 4: not in the "
                           "protein alphabet"),
              std::string::npos)
        << message;
}

TEST_F(SequenceReaderTest, MissingFileNamesFileAndReason) {
    std::string path = (dir_ / "does-not-exist.fa").string();
    try {
        SequenceReader reader(path);
        FAIL() << "no exception";
    } catch (const InputError& e) {
        std::string message = e.what();
        EXPECT_NE(message.find(path), std::string::npos) << message;
        EXPECT_NE(message.find("No such file"), std::string::npos) << message;
        EXPECT_EQ(e.code(), ExitCode::Input);
    }
}

TEST_F(SequenceReaderTest, ReadsStandardInput) {
    std::vector<SequenceRecord> records;
    {
        test::RedirectedFd stdin_from(0, write("stdin.fa", ">s\nacgt\n"));
        records = read_all("-");
    }
    ASSERT_EQ(records.size(), 1u);
    EXPECT_EQ(records[0].name, "s");
    EXPECT_EQ(records[0].residues, "ACGU");
}

TEST_F(SequenceReaderTest, ReadsPlainLinesOnStandardInput) {
    std::vector<SequenceRecord> records;
    {
        test::RedirectedFd stdin_from(0, write("stdin.txt", "GGGAAACCC\nacgt\n"));
        records = read_all("-");
    }
    ASSERT_EQ(records.size(), 2u);
    EXPECT_EQ(records[0].name, "1");
    EXPECT_EQ(records[0].residues, "GGGAAACCC");
    EXPECT_FALSE(records[1].has_header);
}

TEST_F(SequenceReaderTest, ReadChunkHonoursRecordLimit) {
    std::string text;
    for (int i = 0; i < 10; ++i) text += ">r" + std::to_string(i) + "\nACGUACGUAC\n";
    SequenceReader reader(write("ten.fa", text));
    std::vector<SequenceRecord> chunk;
    ASSERT_TRUE(reader.read_chunk(chunk, 4, 1000));
    EXPECT_EQ(chunk.size(), 4u);
    ASSERT_TRUE(reader.read_chunk(chunk, 4, 1000));
    EXPECT_EQ(chunk.size(), 8u) << "read_chunk appends";
    EXPECT_EQ(chunk[7].name, "r7");
    chunk.clear();
    ASSERT_TRUE(reader.read_chunk(chunk, 4, 1000));
    EXPECT_EQ(chunk.size(), 2u);
    EXPECT_EQ(reader.records_read(), 10u);
    EXPECT_FALSE(reader.read_chunk(chunk, 4, 1000));
    EXPECT_EQ(chunk.size(), 2u);
}

TEST_F(SequenceReaderTest, ReadChunkHonoursResidueLimit) {
    std::string text;
    for (int i = 0; i < 10; ++i) text += ">r" + std::to_string(i) + "\nACGUACGUAC\n";
    SequenceReader reader(write("ten.fa", text));
    std::vector<SequenceRecord> chunk;
    ASSERT_TRUE(reader.read_chunk(chunk, 100, 25));  // 10 + 10 < 25, 30 >= 25: stops at 3
    EXPECT_EQ(chunk.size(), 3u);
    chunk.clear();
    ASSERT_TRUE(reader.read_chunk(chunk, 100, 5));  // a record longer than the cap still comes
    EXPECT_EQ(chunk.size(), 1u);
    EXPECT_EQ(chunk[0].name, "r3");
    chunk.clear();
    ASSERT_TRUE(reader.read_chunk(chunk, 100, 1000));
    EXPECT_EQ(chunk.size(), 6u);
    EXPECT_FALSE(reader.read_chunk(chunk, 100, 1000));
}

TEST_F(SequenceReaderTest, ReadChunkOnEmptyFile) {
    SequenceReader reader(write("empty.fa", ""));
    std::vector<SequenceRecord> chunk;
    EXPECT_FALSE(reader.read_chunk(chunk, 10, 10));
    EXPECT_TRUE(chunk.empty());
    EXPECT_FALSE(reader.next());
}

TEST_F(SequenceReaderTest, ReportsPath) {
    std::string path = write("p.fa", ">a\nA\n");
    SequenceReader reader(path);
    EXPECT_EQ(reader.path(), path);
}

}  // namespace
}  // namespace tropic

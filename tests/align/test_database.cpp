// The sequence database of `tropic search` (tropic/align/database.hpp): what a built database
// holds against a plain model of it (records sorted by length, ties in input order, codes from
// core's encoders), the two builds against each other, and every refusal of a bad input or a
// damaged file.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "support/input_error.hpp"
#include "support/random_rna.hpp"
#include "support/temp_dir.hpp"
#include "tropic/align/database.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/protein_encoding.hpp"

namespace tropic {
namespace {

using align::Database;
using align::DatabaseParams;
using test::input_error_of;
using test::TempDir;

// One input record as written, and what the database must hold for it.
struct ModelRecord {
    std::string name;
    std::string letters;  // as written in the FASTA
    std::uint64_t ordinal;
    std::vector<std::uint8_t> codes;
};

std::vector<std::uint8_t> expected_codes(Alphabet alphabet, const std::string& letters) {
    std::string normalized;
    for (char c : letters) normalized += *normalize_residue(alphabet, c);
    return alphabet == Alphabet::Dna ? encode_dna(normalized) : encode_protein(normalized);
}

// Records with many equal lengths (ties), repeated names, names with a description after them,
// lower case and every letter of the alphabet; the first record decides detection, so for DNA
// it holds nucleotides only and for protein at least one letter DNA lacks.
std::vector<ModelRecord> random_records(std::mt19937_64& rng, Alphabet alphabet,
                                        std::size_t count) {
    const std::string letters = alphabet == Alphabet::Dna ? "ACGTACGTACGTacgtNnURYSWKMBDHV"
                                                          : "ACDEFGHIKLMNPQRSTVWYacdefBZXJUO*";
    std::uniform_int_distribution<int> letter(0, static_cast<int>(letters.size()) - 1);
    std::uniform_int_distribution<std::size_t> length(1, 40), name(0, count / 2);
    std::vector<ModelRecord> records;
    for (std::size_t k = 0; k < count; ++k) {
        ModelRecord r;
        r.name = "seq" + std::to_string(name(rng));
        r.ordinal = k;
        const std::size_t n = length(rng);
        for (std::size_t i = 0; i < n; ++i) r.letters += letters[letter(rng)];
        if (k == 0 && alphabet == Alphabet::Protein) r.letters += 'E';
        r.codes = expected_codes(alphabet, r.letters);
        records.push_back(std::move(r));
    }
    return records;
}

// FASTA text; lines wrapped at 7 letters to exercise multi-line records.
std::string fasta(const std::vector<ModelRecord>& records) {
    std::string text;
    for (const ModelRecord& r : records) {
        text += ">" + r.name + (r.ordinal % 3 == 0 ? " some description\n" : "\n");
        for (std::size_t i = 0; i < r.letters.size(); i += 7) text += r.letters.substr(i, 7) + "\n";
    }
    return text;
}

// The storage order, computed plainly.
std::vector<ModelRecord> sorted_by_length(std::vector<ModelRecord> records) {
    std::sort(records.begin(), records.end(), [](const ModelRecord& a, const ModelRecord& b) {
        if (a.codes.size() != b.codes.size()) return a.codes.size() < b.codes.size();
        return a.ordinal < b.ordinal;
    });
    return records;
}

void expect_holds(const Database& db, Alphabet alphabet, const std::vector<ModelRecord>& input) {
    const std::vector<ModelRecord> sorted = sorted_by_length(input);
    ASSERT_EQ(db.size(), sorted.size());
    EXPECT_EQ(db.alphabet(), alphabet);
    std::uint64_t total = 0, longest = 0;
    ASSERT_EQ(db.offsets().size(), sorted.size() + 1);
    EXPECT_EQ(db.offsets()[0], 0u);
    for (std::size_t k = 0; k < sorted.size(); ++k) {
        SCOPED_TRACE("storage index " + std::to_string(k));
        EXPECT_EQ(db.name(k), sorted[k].name);
        EXPECT_EQ(db.ordinal(k), sorted[k].ordinal);
        EXPECT_EQ(db.length(k), sorted[k].codes.size());
        const auto residues = db.residues(k);
        EXPECT_EQ(std::vector<std::uint8_t>(residues.begin(), residues.end()), sorted[k].codes);
        EXPECT_EQ(db.offsets()[k], total);
        EXPECT_EQ(residues.data(), db.all_residues().data() + total);
        total += sorted[k].codes.size();
        longest = std::max<std::uint64_t>(longest, sorted[k].codes.size());
    }
    EXPECT_EQ(db.offsets().back(), total);
    EXPECT_EQ(db.total_residues(), total);
    EXPECT_EQ(db.all_residues().size(), total);
    EXPECT_EQ(db.longest(), longest);
}

void expect_same(const Database& a, const Database& b) {
    ASSERT_EQ(a.size(), b.size());
    EXPECT_EQ(a.alphabet(), b.alphabet());
    EXPECT_EQ(a.total_residues(), b.total_residues());
    EXPECT_EQ(a.longest(), b.longest());
    for (std::size_t k = 0; k < a.size(); ++k) {
        EXPECT_EQ(a.name(k), b.name(k));
        EXPECT_EQ(a.ordinal(k), b.ordinal(k));
    }
    EXPECT_TRUE(std::ranges::equal(a.offsets(), b.offsets()));
    EXPECT_TRUE(std::ranges::equal(a.all_residues(), b.all_residues()));
}

// Files in the folder: after a failed build, only the input may be left (no database, no
// temporary file).
std::ptrdiff_t files_in(const TempDir& dir) {
    return std::distance(std::filesystem::directory_iterator(dir.path()),
                         std::filesystem::directory_iterator());
}

// Builds the records both ways (a file, then opened; in memory) and checks both.
void check_round_trip(std::uint64_t seed, Alphabet alphabet, std::optional<Alphabet> given) {
    SCOPED_TRACE("seed " + std::to_string(seed) + ", " + std::string(alphabet_name(alphabet)));
    std::mt19937_64 rng(seed);
    std::uniform_int_distribution<std::size_t> count(1, 300);
    const std::vector<ModelRecord> records = random_records(rng, alphabet, count(rng));
    TempDir dir("tropic-db");
    const std::string input = dir.write("in.fa", fasta(records));
    DatabaseParams params;
    params.alphabet = given;
    const auto summary = align::make_database(input, (dir.path() / "db").string(), params);
    EXPECT_EQ(summary.alphabet, alphabet);
    EXPECT_EQ(summary.sequences, records.size());
    const Database opened = Database::open((dir.path() / "db").string());
    expect_holds(opened, alphabet, records);
    EXPECT_EQ(summary.residues, opened.total_residues());
    EXPECT_EQ(summary.longest, opened.longest());
    const Database in_memory = Database::from_fasta(input, params);
    expect_holds(in_memory, alphabet, records);
    expect_same(opened, in_memory);
}

TEST(Database, RoundTripOfRandomRecords) {
    const std::uint64_t seed = test::test_seed();
    for (Alphabet alphabet : {Alphabet::Dna, Alphabet::Protein}) {
        check_round_trip(seed, alphabet, std::nullopt);
        check_round_trip(seed + 1, alphabet, alphabet);
    }
}

TEST(Database, RoundTripWithFixedSeeds) {
    for (std::uint64_t seed : {1u, 7u, 2026u, 424242u})
        for (Alphabet alphabet : {Alphabet::Dna, Alphabet::Protein})
            check_round_trip(seed, alphabet, std::nullopt);
}

TEST(Database, TiesKeepInputOrderAndDuplicateNamesStay) {
    TempDir dir("tropic-db");
    const std::string input =
        dir.write("in.fa", ">b\nACGTA\n>a\nAC\n>b\nGGGGG\n>c\nT\n>a\nCCCCC\n");
    const Database db = Database::from_fasta(input);
    ASSERT_EQ(db.size(), 5u);
    const std::vector<std::string> names = {"c", "a", "b", "b", "a"};
    const std::vector<std::uint64_t> ordinals = {3, 1, 0, 2, 4};
    for (std::size_t k = 0; k < 5; ++k) {
        EXPECT_EQ(db.name(k), names[k]);
        EXPECT_EQ(db.ordinal(k), ordinals[k]);
    }
}

TEST(Database, DetectsDnaAndReadsUAsT) {
    TempDir dir("tropic-db");
    const std::string input = dir.write("in.fa", ">r\nacgu\n>s\nNNRY\n");
    std::string notice;
    RunOptions options;
    options.on_notice = [&](const Notice& said) { notice = said.text; };
    const Database db = Database::from_fasta(input, {}, options);
    EXPECT_EQ(db.alphabet(), Alphabet::Dna);
    EXPECT_EQ(notice,
              "the database is DNA (detected from its first record); use --dna or --protein to "
              "choose");
    const auto r = db.residues(0);
    EXPECT_EQ(std::vector<std::uint8_t>(r.begin(), r.end()),
              (std::vector<std::uint8_t>{0, 1, 2, 3}));
}

TEST(Database, DetectsProteinFromTheFirstRecord) {
    TempDir dir("tropic-db");
    const std::string input = dir.write("in.fa", ">p\nMELP\n>q\nACGT\n");
    std::string notice;
    RunOptions options;
    options.on_notice = [&](const Notice& said) { notice = said.text; };
    EXPECT_EQ(Database::from_fasta(input, {}, options).alphabet(), Alphabet::Protein);
    EXPECT_NE(notice.find("the database is protein"), std::string::npos);
}

// The build counts what it has read (RunOptions::on_progress has no fraction to give for a
// stream); the last call has every record and residue.
TEST(Database, CountsTheRecordsAndResiduesRead) {
    TempDir dir("tropic-db");
    const std::string input = dir.write("in.fa", ">a\nMEL\n>b\nPKWMEL\n>c\nW\n");
    std::uint64_t records = 0, residues = 0;
    align::DatabaseProgress progress;
    progress.on_read = [&](std::uint64_t r, std::uint64_t n) {
        EXPECT_GE(r, records);
        EXPECT_GE(n, residues);
        records = r;
        residues = n;
    };
    align::make_database(input, (dir.path() / "db").string(), {}, {}, progress);
    EXPECT_EQ(records, 3u);
    EXPECT_EQ(residues, 10u);
    records = residues = 0;
    EXPECT_EQ(Database::from_fasta(input, {}, {}, progress).size(), 3u);
    EXPECT_EQ(records, 3u);
    EXPECT_EQ(residues, 10u);
}

TEST(Database, ReadsGzipInput) {
    std::mt19937_64 rng(99);
    const std::vector<ModelRecord> records = random_records(rng, Alphabet::Protein, 50);
    TempDir dir("tropic-db");
    const std::string path = (dir.path() / "in.fa.gz").string();
    const std::string text = fasta(records);
    gzFile gz = gzopen(path.c_str(), "wb");
    ASSERT_NE(gz, nullptr);
    ASSERT_EQ(gzwrite(gz, text.data(), static_cast<unsigned>(text.size())),
              static_cast<int>(text.size()));
    ASSERT_EQ(gzclose(gz), Z_OK);
    align::make_database(path, (dir.path() / "db").string());
    expect_holds(Database::open((dir.path() / "db.tdb").string()), Alphabet::Protein, records);
}

TEST(Database, ReadsFastqAndPlainLines) {
    TempDir dir("tropic-db");
    const Database fastq =
        Database::from_fasta(dir.write("in.fq", "@r1 x\nACGTA\n+\nIIIII\n@r2\nAC\n+\nII\n"));
    ASSERT_EQ(fastq.size(), 2u);
    EXPECT_EQ(fastq.alphabet(), Alphabet::Dna);
    EXPECT_EQ(fastq.name(0), "r2");
    EXPECT_EQ(fastq.name(1), "r1");
    // Plain lines are named by their ordinal, as every reader of tropic names them.
    const Database plain = Database::from_fasta(dir.write("in.txt", "MELPK\nMEL\n"));
    ASSERT_EQ(plain.size(), 2u);
    EXPECT_EQ(plain.name(0), "2");
    EXPECT_EQ(plain.ordinal(0), 1u);
}

// A memory limit so small that the copy into storage order goes a window at a time, with a
// sequence longer than the window among them; the file must equal the one built in memory.
TEST(Database, CopiesThroughSmallWindows) {
    std::mt19937_64 rng(5);
    std::vector<ModelRecord> records = random_records(rng, Alphabet::Protein, 400);
    std::uniform_int_distribution<std::size_t> length(1, 1500);
    for (ModelRecord& r : records) {
        r.letters.resize(length(rng), 'L');
        r.codes = expected_codes(Alphabet::Protein, r.letters);
    }
    records[17].letters.assign(200000, 'K');
    records[17].codes = expected_codes(Alphabet::Protein, records[17].letters);
    TempDir dir("tropic-db");
    const std::string input = dir.write("in.fa", fasta(records));
    RunOptions options;
    options.max_memory = 256 << 10;
    align::make_database(input, (dir.path() / "db").string(), {}, options);
    const Database opened = Database::open((dir.path() / "db").string());
    expect_holds(opened, Alphabet::Protein, records);
    expect_same(opened, Database::from_fasta(input));
}

TEST(Database, PathsAndRecognition) {
    TempDir dir("tropic-db");
    const std::string prefix = (dir.path() / "db").string();
    EXPECT_EQ(align::database_path(prefix), prefix + ".tdb");
    EXPECT_FALSE(Database::is_database(prefix));
    align::make_database(dir.write("in.fa", ">a\nMKV\n"), prefix);
    EXPECT_TRUE(Database::is_database(prefix));
    EXPECT_TRUE(Database::is_database(prefix + ".tdb"));
    EXPECT_FALSE(Database::is_database((dir.path() / "in.fa").string()));
    EXPECT_FALSE(Database::is_database(dir.path().string()));
}

TEST(Database, RefusesAnIndexOverTheMemoryLimit) {
    std::string text;
    for (int k = 0; k < 5000; ++k) text += ">s" + std::to_string(k) + "\nMELP\n";
    TempDir dir("tropic-db");
    const std::string input = dir.write("in.fa", text);
    RunOptions options;
    options.max_memory = 4096;
    try {
        align::make_database(input, (dir.path() / "db").string(), {}, options);
        ADD_FAILURE() << "no ResourceError";
    } catch (const ResourceError& e) {
        EXPECT_NE(std::string(e.what()).find("the memory limit allows (--max-memory)"),
                  std::string::npos)
            << e.what();
    }
    EXPECT_EQ(files_in(dir), 1) << "files left behind";
}

// --- bad input ---

std::string build_error(const std::string& text, std::optional<Alphabet> alphabet = {}) {
    TempDir dir("tropic-db");
    const std::string input = dir.write("in.fa", text);
    DatabaseParams params;
    params.alphabet = alphabet;
    const std::string message =
        input_error_of([&] { align::make_database(input, (dir.path() / "db").string(), params); });
    EXPECT_EQ(files_in(dir), 1) << "files left behind";
    EXPECT_EQ(input_error_of([&] { (void)Database::from_fasta(input, params); }), message);
    return message.substr(message.find("in.fa"));
}

TEST(Database, RefusesALetterOutsideTheAlphabet) {
    EXPECT_EQ(build_error(">a\nACGT\n>b x\nACGTAC\nGTJ\n", Alphabet::Dna),
              "in.fa: record 2 ('b'): invalid character 'J' at position 9: not in the DNA "
              "alphabet");
    EXPECT_EQ(build_error(">a\nMKV\n>b\nMK1V\n", Alphabet::Protein),
              "in.fa: record 2 ('b'): invalid character '1' at position 3: not in the protein "
              "alphabet");
    EXPECT_EQ(build_error(">a\nACGT\n>b\nACGTACE\n"),
              "in.fa: record 2 ('b'): invalid character 'E' at position 7: not in the DNA "
              "alphabet (the database is DNA, detected from its first record; --protein reads "
              "protein)");
}

TEST(Database, RefusesEmptyRecordsAndEmptyInput) {
    EXPECT_EQ(build_error(">a\nMKV\n>b\n>c\nMK\n"), "in.fa: record 2 ('b'): empty sequence");
    EXPECT_EQ(build_error(">a\n"), "in.fa: record 1 ('a'): empty sequence");
    EXPECT_EQ(build_error(""), "in.fa: no sequences");
    EXPECT_EQ(build_error("\n\n", Alphabet::Protein), "in.fa: no sequences");
}

// --- damaged files ---

class DamagedDatabase : public ::testing::Test {
  protected:
    void SetUp() override {
        align::make_database(dir_.write("in.fa", ">a\nMKVLA\n>bb\nMK\n>c\nWWWWWWWW\n"),
                             (dir_.path() / "db").string());
        std::ifstream in(path_, std::ios::binary);
        bytes_.assign(std::istreambuf_iterator<char>(in), {});
    }

    // The message of opening the file with `bytes` instead, from the file name on.
    std::string open_error(const std::string& bytes) {
        std::ofstream(path_, std::ios::binary | std::ios::trunc) << bytes;
        const std::string message = input_error_of([&] { (void)Database::open(path_); });
        EXPECT_NE(message.find(path_), std::string::npos) << message;
        return message.substr(message.find(path_) + path_.size());
    }

    std::string with_byte_flipped(std::size_t at) const {
        std::string copy = bytes_;
        copy[at] = static_cast<char>(copy[at] ^ 0x01);
        return copy;
    }

    // The bytes with the index's and the header's CRCs made right again, as a file written by
    // something other than tropic could be.
    static std::string with_checksums_fixed(std::string bytes) {
        auto put_crc = [&](std::size_t at, std::size_t from, std::size_t to) {
            const auto crc = static_cast<std::uint32_t>(
                crc32(0, reinterpret_cast<const Bytef*>(bytes.data() + from),
                      static_cast<uInt>(to - from)));
            std::memcpy(bytes.data() + at, &crc, 4);
        };
        put_crc(84, kIndexOffset, bytes.size());
        put_crc(124, 0, 124);
        return bytes;
    }

    static constexpr std::size_t kIndexOffset = 144;  // 128 + 15 residues, rounded up to 8
    TempDir dir_{"tropic-db"};
    std::string path_ = (dir_.path() / "db.tdb").string();
    std::string bytes_;
};

constexpr std::size_t kHeaderSize = 128;

TEST_F(DamagedDatabase, OpensIntact) {
    EXPECT_EQ(Database::open(path_).size(), 3u);
    // Residues 15, padded to 144, then 8 * (3 * 3 + 2) index bytes and 4 name bytes.
    EXPECT_EQ(bytes_.size(), 144u + 88u + 4u);
}

TEST_F(DamagedDatabase, RefusesAnotherMagic) {
    std::string bytes = bytes_;
    bytes[0] = 'X';
    EXPECT_EQ(open_error(bytes), "': not a tropic database (it does not start with TROPICDB)");
    EXPECT_EQ(open_error("hello"), "': not a tropic database (it does not start with TROPICDB)");
    EXPECT_EQ(open_error(""), "': not a tropic database (it does not start with TROPICDB)");
}

TEST_F(DamagedDatabase, RefusesAnotherVersion) {
    std::string bytes = bytes_;
    bytes[8] = 2;
    EXPECT_EQ(open_error(bytes),
              "': written by format version 2; this tropic reads version 1: rebuild it with "
              "`tropic makedb`");
}

TEST_F(DamagedDatabase, RefusesATruncatedFile) {
    const std::string expected = std::to_string(bytes_.size());
    EXPECT_EQ(open_error(bytes_.substr(0, bytes_.size() - 1)),
              "': truncated: " + expected + " bytes expected, " +
                  std::to_string(bytes_.size() - 1) + " present");
    EXPECT_EQ(open_error(bytes_.substr(0, 140)),
              "': truncated: " + expected + " bytes expected, 140 present");
    EXPECT_EQ(open_error(bytes_.substr(0, 60)), "': truncated: 128 bytes expected, 60 present");
}

TEST_F(DamagedDatabase, RefusesAFlippedByteInEachSection) {
    const std::string damaged = ": the file is damaged; rebuild it with `tropic makedb`";
    EXPECT_EQ(open_error(with_byte_flipped(kHeaderSize + 3)),
              "': checksum mismatch in the residues section" + damaged);
    EXPECT_EQ(open_error(with_byte_flipped(144 + 9)),
              "': checksum mismatch in the index section" + damaged);
    EXPECT_EQ(open_error(with_byte_flipped(bytes_.size() - 1)),
              "': checksum mismatch in the index section" + damaged);
    for (std::size_t at : {16u, 24u, 40u, 80u, 100u, 125u})
        EXPECT_EQ(open_error(with_byte_flipped(at)), "': checksum mismatch in the header" + damaged)
            << "byte " << at;
}

TEST_F(DamagedDatabase, RefusesBytesAfterTheIndex) {
    EXPECT_EQ(open_error(bytes_ + "x"),
              "': 1 unexpected bytes after the index: the file is damaged; rebuild it with "
              "`tropic makedb`");
}

// Files whose checksums hold but whose content does not: never written by makedb, still refused
// before a search could read outside the file.
TEST_F(DamagedDatabase, RefusesAnInconsistentFileWithRightChecksums) {
    EXPECT_EQ(with_checksums_fixed(bytes_), bytes_);
    std::string bytes = bytes_;
    bytes[16] = 0;  // RNA
    EXPECT_EQ(open_error(with_checksums_fixed(bytes)),
              "': unknown alphabet code 0: the file is damaged; rebuild it with `tropic makedb`");
    bytes = bytes_;
    const std::size_t ordinals = kIndexOffset + 8 * 4;
    std::memcpy(bytes.data() + ordinals, bytes.data() + ordinals + 8, 8);
    EXPECT_EQ(open_error(with_checksums_fixed(bytes)),
              "': inconsistent index (ordinals repeat): the file is damaged; rebuild it with "
              "`tropic makedb`");
    bytes = bytes_;
    bytes[kIndexOffset + 8] = 6;  // lengths 6, 1, 8 instead of 2, 5, 8
    EXPECT_EQ(open_error(with_checksums_fixed(bytes)),
              "': inconsistent index (sequences not in ascending length): the file is damaged; "
              "rebuild it with `tropic makedb`");
}

TEST_F(DamagedDatabase, RefusesAMissingFile) {
    const std::string message =
        input_error_of([&] { (void)Database::open((dir_.path() / "absent").string()); });
    EXPECT_NE(message.find("cannot open database"), std::string::npos) << message;
    EXPECT_NE(message.find("absent.tdb"), std::string::npos) << message;
}

}  // namespace
}  // namespace tropic

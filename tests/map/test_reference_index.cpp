// The reference index of read mapping (tropic/map/reference_index.hpp): every k-mer's sampled
// starts against a brute-force scan, the bases against the input, the file's round trip and
// every refusal of a damaged file, a bad FASTA or a memory limit.
#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "map/index/kmer_table.hpp"
#include "map/index/reference_reader.hpp"
#include "reference/kmer_index_reference.hpp"
#include "support/input_error.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic {
namespace {

using map::IndexParams;
using map::ReferenceIndex;
using test::input_error_of;
using test::ModelContig;
using test::TempDir;

// Contigs of random bases in both cases, with runs of N, single IUPAC codes, and copies of one
// motif so that some k-mers occur often enough to be repeats.
std::vector<ModelContig> random_contigs(std::mt19937_64& rng, std::size_t count,
                                        std::size_t longest) {
    const std::string bases = "ACGTacgt", iupac = "RYSWKMBDHVn";
    std::uniform_int_distribution<std::size_t> length(1, longest), pick(0, 99);
    std::uniform_int_distribution<std::size_t> base(0, bases.size() - 1);
    std::uniform_int_distribution<std::size_t> code(0, iupac.size() - 1);
    std::string motif;
    for (int i = 0; i < 12; ++i) motif += bases[base(rng)];
    std::vector<ModelContig> contigs;
    for (std::size_t c = 0; c < count; ++c) {
        ModelContig contig{"chr" + std::to_string(c + 1) + (c % 2 ? "_alt|x" : ""), ""};
        const std::size_t n = length(rng);
        while (contig.letters.size() < n) {
            const std::size_t roll = pick(rng);
            if (roll < 2)
                contig.letters += std::string(1 + pick(rng) % 20, roll == 0 ? 'N' : 'n');
            else if (roll < 3)
                contig.letters += iupac[code(rng)];
            else if (roll < 5)
                contig.letters += motif;
            else
                contig.letters += bases[base(rng)];
        }
        contigs.push_back(std::move(contig));
    }
    return contigs;
}

std::string fasta_text(const std::vector<ModelContig>& contigs) {
    std::string text;
    for (const ModelContig& c : contigs) {
        text += ">" + c.name + " description\n";
        for (std::size_t i = 0; i < c.letters.size(); i += 61)
            text += c.letters.substr(i, 61) + "\n";
    }
    return text;
}

RunOptions run_options(ThreadPool* pool = nullptr) {
    RunOptions options;
    options.pool = pool;
    return options;
}

std::string read_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void expect_same_table(const ReferenceIndex& a, const ReferenceIndex& b) {
    EXPECT_EQ(a.contigs(), b.contigs());
    EXPECT_EQ(a.total_length(), b.total_length());
    EXPECT_EQ(a.kmer_length(), b.kmer_length());
    EXPECT_EQ(a.sampling_stride(), b.sampling_stride());
    EXPECT_EQ(a.max_occurrences(), b.max_occurrences());
    EXPECT_EQ(a.repeat_count(), b.repeat_count());
    EXPECT_EQ(a.sequence_checksum(), b.sequence_checksum());
    auto same = [](auto x, auto y) { return std::equal(x.begin(), x.end(), y.begin(), y.end()); };
    EXPECT_TRUE(same(a.packed_bases(), b.packed_bases()));
    EXPECT_TRUE(same(a.ambiguous_runs(), b.ambiguous_runs()));
    EXPECT_TRUE(same(a.kmer_offsets(), b.kmer_offsets()));
    EXPECT_TRUE(same(a.kmer_positions(), b.kmer_positions()));
    EXPECT_TRUE(same(a.repeat_flags(), b.repeat_flags()));
}

struct Case {
    std::uint64_t seed;
    int k, stride;
    std::uint32_t cap;
};

class IndexAgainstScan : public ::testing::TestWithParam<Case> {};

TEST_P(IndexAgainstScan, EveryKmerMatchesABruteForceScan) {
    const Case c = GetParam();
    std::mt19937_64 rng(c.seed);
    const auto contigs = random_contigs(rng, 1 + c.seed % 5, 3000);
    TempDir dir("tropic-index");
    const std::string fasta = dir.write("ref.fa", fasta_text(contigs));
    const IndexParams params{c.k, c.stride, c.cap};
    ThreadPool pool(3);
    const ReferenceIndex serial = map::build_reference_index(fasta, params, run_options());
    const ReferenceIndex threaded = map::build_reference_index(fasta, params, run_options(&pool));
    expect_same_table(serial, threaded);

    const test::KmerIndexModel model = test::scan_kmers(contigs, c.k, c.stride);
    ASSERT_EQ(serial.kmer_length(), c.k);
    std::uint64_t repeats = 0, positions = 0;
    for (std::uint32_t kmer = 0; kmer < (1u << (2 * c.k)); ++kmer) {
        const auto found = model.starts.find(kmer);
        const std::vector<std::uint32_t> none;
        const std::vector<std::uint32_t>& all = found == model.starts.end() ? none : found->second;
        const bool repeat = all.size() > c.cap;
        const std::vector<std::uint32_t> expected = repeat ? none : all;
        const auto got = serial.occurrences(kmer);
        ASSERT_EQ(std::vector<std::uint32_t>(got.begin(), got.end()), expected) << "k-mer " << kmer;
        ASSERT_EQ(serial.is_repeat(kmer), repeat) << "k-mer " << kmer;
        repeats += repeat;
        positions += expected.size();
    }
    EXPECT_EQ(serial.repeat_count(), repeats);
    EXPECT_EQ(serial.position_count(), positions);
    EXPECT_TRUE(serial.occurrences(1u << (2 * c.k)).empty());
    EXPECT_FALSE(serial.is_repeat(1u << (2 * c.k)));
}

INSTANTIATE_TEST_SUITE_P(Random, IndexAgainstScan,
                         ::testing::Values(Case{1, 8, 2, 1000}, Case{2, 8, 1, 3}, Case{3, 9, 2, 2},
                                           Case{4, 8, 3, 5}, Case{5, 10, 2, 1}, Case{6, 8, 2, 4},
                                           Case{7, 11, 1, 1000}));

TEST(ReferenceIndex, KmersStraddlingTheThreadsSegmentsAreFound) {
    std::mt19937_64 rng(8);
    const auto contigs = random_contigs(rng, 3, 3000);
    TempDir dir("tropic-index");
    const std::string fasta = dir.write("ref.fa", fasta_text(contigs));
    const ReferenceIndex whole =
        map::build_reference_index(fasta, IndexParams{9, 2, 3}, run_options());
    // More threads than cores, taking one or a few starts at a time: runs fill out of order.
    ThreadPool pool(8);
    for (const std::uint64_t segment : {1, 1, 1, 2, 3, 7, 64, 501}) {
        ReferenceIndex pieces;
        map::detail::IndexAccess access{pieces};
        map::detail::read_reference(fasta, access, {}, {});
        access.sequence_checksum() = map::detail::compute_sequence_checksum(access);
        access.kmer_length() = 9;
        access.sampling_stride() = 2;
        access.max_occurrences() = 3;
        map::detail::build_kmer_table(access, 9, 2, 3, &pool, segment);
        expect_same_table(whole, pieces);
    }
}

TEST(ReferenceIndex, RunsFilledOutOfOrderAreSorted) {
    // Threads fill each k-mer's run in no fixed order; the build's last step sorts them.
    std::mt19937_64 rng(9);
    TempDir dir("tropic-index");
    const ReferenceIndex index =
        map::build_reference_index(dir.write("ref.fa", fasta_text(random_contigs(rng, 3, 3000))),
                                   IndexParams{8, 1, 1000}, run_options());
    const auto offsets = index.kmer_offsets();
    const auto sorted = index.kmer_positions();
    std::vector<std::uint32_t> shuffled(sorted.begin(), sorted.end());
    for (std::size_t kmer = 0; kmer + 1 < offsets.size(); ++kmer)
        std::shuffle(shuffled.begin() + offsets[kmer], shuffled.begin() + offsets[kmer + 1], rng);
    ASSERT_FALSE(std::equal(shuffled.begin(), shuffled.end(), sorted.begin(), sorted.end()));
    ThreadPool pool(3);
    map::detail::sort_kmer_runs(offsets, shuffled, &pool);
    EXPECT_TRUE(std::equal(shuffled.begin(), shuffled.end(), sorted.begin(), sorted.end()));
}

TEST(ReferenceIndex, TheIndexSawSomeRepeatsAndNs) {
    // The cases above mean something only if the random references hold repeats and N runs.
    std::mt19937_64 rng(3);
    const auto contigs = random_contigs(rng, 4, 3000);
    TempDir dir("tropic-index");
    const ReferenceIndex index = map::build_reference_index(
        dir.write("ref.fa", fasta_text(contigs)), IndexParams{9, 2, 2}, run_options());
    EXPECT_GT(index.repeat_count(), 0u);
    EXPECT_GT(index.ambiguous_runs().size(), 0u);
}

TEST(ReferenceIndex, BasesAndContigsMatchTheInput) {
    std::mt19937_64 rng(11);
    const auto contigs = random_contigs(rng, 4, 2000);
    TempDir dir("tropic-index");
    const ReferenceIndex index = map::build_reference_index(
        dir.write("ref.fa", fasta_text(contigs)), IndexParams{}, run_options());
    const test::KmerIndexModel model = test::scan_kmers(contigs, 8, 2);
    const auto total = static_cast<std::int64_t>(model.codes.size());
    ASSERT_EQ(index.total_length(), model.codes.size());
    ASSERT_EQ(index.contigs().size(), contigs.size());
    for (std::size_t c = 0; c < contigs.size(); ++c) {
        EXPECT_EQ(index.contigs()[c].name, contigs[c].name);
        EXPECT_EQ(index.contigs()[c].start, model.contig_starts[c]);
        EXPECT_EQ(index.contigs()[c].length, contigs[c].letters.size());
    }
    auto expected_base = [&](std::int64_t p) -> std::uint8_t {
        return p < 0 || p >= total ? 4 : model.codes[static_cast<std::size_t>(p)];
    };
    for (std::int64_t p = -3; p < total + 3; ++p) {
        ASSERT_EQ(index.base(p), expected_base(p)) << "position " << p;
        const std::size_t contig = index.contig_of(p);
        if (p < 0 || p >= total) {
            EXPECT_EQ(contig, contigs.size());
        } else {
            const auto& holder = index.contigs()[contig];
            EXPECT_TRUE(holder.start <= std::uint64_t(p) &&
                        std::uint64_t(p) < holder.start + holder.length);
        }
    }
    std::uniform_int_distribution<std::int64_t> where(-40, total + 40), span(0, 300);
    std::vector<std::uint8_t> out{9, 9};
    for (int trial = 0; trial < 500; ++trial) {
        const std::int64_t begin = where(rng), end = begin + span(rng);
        index.extract(begin, end, out);
        ASSERT_EQ(out.size(), static_cast<std::size_t>(end - begin));
        for (std::int64_t p = begin; p < end; ++p)
            ASSERT_EQ(out[static_cast<std::size_t>(p - begin)], expected_base(p))
                << "[" << begin << ", " << end << ") at " << p;
    }
    index.extract(5, 5, out);
    EXPECT_TRUE(out.empty());
}

TEST(ReferenceIndex, GzipInputGivesTheSameIndex) {
    std::mt19937_64 rng(21);
    const std::string text = fasta_text(random_contigs(rng, 3, 1500));
    TempDir dir("tropic-index");
    const std::string gz = (dir.path() / "ref.fa.gz").string();
    gzFile out = gzopen(gz.c_str(), "wb");
    ASSERT_EQ(gzwrite(out, text.data(), static_cast<unsigned>(text.size())), int(text.size()));
    gzclose(out);
    expect_same_table(
        map::build_reference_index(gz, IndexParams{}, run_options()),
        map::build_reference_index(dir.write("ref.fa", text), IndexParams{}, run_options()));
}

TEST(ReferenceIndex, WriteThenReadGivesTheSameIndex) {
    std::mt19937_64 rng(31);
    TempDir dir("tropic-index");
    const std::string fasta = dir.write("ref.fa", fasta_text(random_contigs(rng, 5, 2500)));
    const ReferenceIndex built =
        map::build_reference_index(fasta, IndexParams{9, 2, 3}, run_options());
    const std::string path = map::default_index_path(fasta);
    EXPECT_EQ(path, fasta + ".tmi");
    map::write_reference_index(built, path);
    const ReferenceIndex read = map::read_reference_index(path, run_options());
    expect_same_table(built, read);
    EXPECT_GT(read.repeat_count(), 0u);
    // Written again, the file is the same bytes.
    map::write_reference_index(read, path + "2");
    EXPECT_EQ(read_bytes(path), read_bytes(path + "2"));
}

TEST(ReferenceIndex, TheSequenceChecksumFollowsNamesLengthsAndBases) {
    TempDir dir("tropic-index");
    auto checksum = [&](const std::string& text, int k = 8) {
        return map::build_reference_index(dir.write("x.fa", text), IndexParams{k, 2, 1000},
                                          run_options())
            .sequence_checksum();
    };
    const std::uint64_t base = checksum(">a\nACGTNACGT\n>b\nGG\n");
    EXPECT_EQ(checksum(">a other words\nacgtnacgt\n>b\nGG\n", 12), base);
    EXPECT_EQ(checksum(">a\nACGTRACGT\n>b\nGG\n"), base);  // an IUPAC code is an N
    EXPECT_NE(checksum(">a\nACGTNACGA\n>b\nGG\n"), base);
    EXPECT_NE(checksum(">a\nACGTAACGT\n>b\nGG\n"), base);
    EXPECT_NE(checksum(">c\nACGTNACGT\n>b\nGG\n"), base);
    EXPECT_NE(checksum(">a\nACGTNACG\n>b\nTGG\n"), base);
}

// A small index file and its bytes, for the damage tests.
struct IndexFile {
    TempDir dir{"tropic-index"};
    std::string path;
    std::string bytes;
    IndexFile() {
        std::mt19937_64 rng(41);
        const std::string fasta = dir.write("ref.fa", fasta_text(random_contigs(rng, 3, 800)));
        path = (dir.path() / "ref.tmi").string();
        map::write_reference_index(
            map::build_reference_index(fasta, IndexParams{8, 2, 2}, run_options()), path);
        bytes = read_bytes(path);
    }
    std::string refusal_of(const std::string& damaged) const {
        const std::string file = dir.write("damaged.tmi", damaged);
        return input_error_of([&] { (void)map::read_reference_index(file, run_options()); });
    }
};

TEST(ReferenceIndexFile, EveryFlippedByteIsRefused) {
    const IndexFile index;
    std::vector<std::size_t> offsets;
    for (std::size_t i = 0; i < 128; ++i) offsets.push_back(i);
    std::mt19937_64 rng(5);
    std::uniform_int_distribution<std::size_t> anywhere(128, index.bytes.size() - 1);
    for (int i = 0; i < 150; ++i) offsets.push_back(anywhere(rng));
    offsets.push_back(index.bytes.size() - 1);
    for (const std::size_t at : offsets) {
        std::string damaged = index.bytes;
        damaged[at] = static_cast<char>(damaged[at] ^ 0x10);
        const std::string message = index.refusal_of(damaged);
        EXPECT_NE(message.find("damaged.tmi"), std::string::npos)
            << "byte " << at << ": " << message;
    }
}

TEST(ReferenceIndexFile, TruncationIsRefused) {
    const IndexFile index;
    for (const std::size_t size :
         {std::size_t{0}, std::size_t{5}, std::size_t{10}, std::size_t{127}, std::size_t{128},
          index.bytes.size() / 2, index.bytes.size() - 1}) {
        const std::string message = index.refusal_of(index.bytes.substr(0, size));
        EXPECT_NE(message.find("damaged.tmi"), std::string::npos) << size << ": " << message;
        if (size >= 8) {
            EXPECT_NE(message.find("truncated"), std::string::npos) << size << ": " << message;
        }
    }
    const std::string longer = index.refusal_of(index.bytes + "x");
    EXPECT_NE(longer.find("unexpected bytes"), std::string::npos) << longer;
}

TEST(ReferenceIndexFile, AnotherVersionIsRefusedByItsNumber) {
    const IndexFile index;
    std::string other = index.bytes;
    other[8] = 2;
    const std::string message = index.refusal_of(other);
    EXPECT_NE(message.find("format version 2"), std::string::npos) << message;
    EXPECT_NE(message.find("damaged.tmi"), std::string::npos) << message;
}

TEST(ReferenceIndexFile, OtherFilesAreRefused) {
    const IndexFile index;
    const std::string fasta = index.refusal_of(">a\nACGT\n");
    EXPECT_NE(fasta.find("not a tropic reference index"), std::string::npos) << fasta;
    const std::string missing = (index.dir.path() / "missing.tmi").string();
    const std::string message =
        input_error_of([&] { (void)map::read_reference_index(missing, run_options()); });
    EXPECT_NE(message.find("missing.tmi"), std::string::npos) << message;
    const std::string folder = input_error_of(
        [&] { (void)map::read_reference_index(index.dir.path().string(), run_options()); });
    EXPECT_NE(folder.find(index.dir.path().string()), std::string::npos) << folder;
}

TEST(ReferenceIndexFile, ReadingRefusesAnIndexLargerThanTheMemoryLimit) {
    const IndexFile index;
    RunOptions options;
    options.max_memory = 1000;
    EXPECT_THROW((void)map::read_reference_index(index.path, options), ResourceError);
}

std::string fasta_refusal(const std::string& text) {
    TempDir dir("tropic-index");
    const std::string path = dir.write("bad.fa", text);
    return input_error_of(
        [&] { (void)map::build_reference_index(path, IndexParams{}, run_options()); });
}

TEST(ReferenceIndexInput, BadFastaIsRefusedNamingFileAndRecord) {
    struct Bad {
        std::string text, words;
    };
    for (const Bad& bad : std::vector<Bad>{
             {"", "no sequence"},
             {"\n\n", "no sequence"},
             {">a\nACGT\n>b\n>c\nAC\n", "record 2 ('b'): empty contig"},
             {">a\nACGT\n>b\nAC\n>a\nGG\n", "record 3 ('a'): duplicate name"},
             {">a\nACGT\n>*b\nAC\n", "record 2 ('*b')"},
             {">a\nACGT\n>x(1)\nAC\n", "record 2 ('x(1)')"},
             {">a\nACGT\n>b\nAC-GT\n", "record 2 ('b')"},
             {"ACGT\nACGT\n", "not FASTA"},
         }) {
        const std::string message = fasta_refusal(bad.text);
        EXPECT_NE(message.find("bad.fa"), std::string::npos) << message;
        EXPECT_NE(message.find(bad.words), std::string::npos) << bad.text << " -> " << message;
    }
    // Names SAM accepts in an RNAME pass: '*' and '=' after the first character among them.
    TempDir dir("tropic-index");
    const ReferenceIndex index = map::build_reference_index(
        dir.write("ok.fa", ">chr1|x=y*z!#$%&+./:;?@^_~-\nACGT\n"), IndexParams{}, run_options());
    EXPECT_EQ(index.contigs()[0].name, "chr1|x=y*z!#$%&+./:;?@^_~-");
}

TEST(ReferenceIndexInput, AReferenceOverTheLongestIsRefused) {
    // The limit is 2^32 - 1 bases; the same check with a limit a test can reach.
    TempDir dir("tropic-index");
    const std::string path = dir.write("long.fa", ">a\nACGTACGT\n>b\nACGTA\n");
    ReferenceIndex fits, too_long;
    map::detail::read_reference(path, {fits}, {}, {}, 13);
    EXPECT_EQ(fits.total_length(), 13u);
    const std::string message =
        input_error_of([&] { map::detail::read_reference(path, {too_long}, {}, {}, 12); });
    EXPECT_NE(message.find("record 2 ('b')"), std::string::npos) << message;
    EXPECT_NE(message.find("at most 12"), std::string::npos) << message;
    EXPECT_EQ(map::detail::kLongestReference, 0xFFFFFFFFull);
}

TEST(ReferenceIndexInput, BadParamsAreRefused) {
    TempDir dir("tropic-index");
    const std::string path = dir.write("ref.fa", ">a\nACGTACGTAC\n");
    for (const IndexParams& bad : {IndexParams{7, 2, 10}, IndexParams{16, 2, 10},
                                   IndexParams{8, 0, 10}, IndexParams{8, 2, 0}})
        EXPECT_THROW((void)map::build_reference_index(path, bad, run_options()), InputError);
}

TEST(ReferenceIndexMemory, TheLimitRefusesBeforeAnyBaseIsStored) {
    std::mt19937_64 rng(51);
    TempDir dir("tropic-index");
    const std::string fasta = dir.write("ref.fa", fasta_text(random_contigs(rng, 2, 3000)));
    RunOptions options;
    options.max_memory = 100000;  // less than the 4^8 offsets alone
    std::uint64_t reported = 0;
    try {
        (void)map::build_reference_index(fasta, IndexParams{}, options,
                                         [&](std::uint64_t bases) { reported = bases; });
        ADD_FAILURE() << "no ResourceError";
    } catch (const ResourceError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("needs"), std::string::npos) << message;
        // Not even the k-mer offsets fit: no reference length does.
        EXPECT_NE(message.find("raise --max-memory"), std::string::npos) << message;
        EXPECT_EQ(message.find("longest reference that fits"), std::string::npos) << message;
    }
    EXPECT_EQ(reported, 0u);
    // A limit above the offsets but below the whole: the longest reference that fits is named.
    options.max_memory = map::estimate_index_bytes(3000, IndexParams{});
    try {
        (void)map::build_reference_index(fasta, IndexParams{}, options);
        ADD_FAILURE() << "no ResourceError";
    } catch (const ResourceError& e) {
        EXPECT_NE(std::string(e.what()).find("longest reference that fits"), std::string::npos)
            << e.what();
    }
    options.max_memory = map::estimate_index_bytes(6000, IndexParams{});
    EXPECT_NO_THROW((void)map::build_reference_index(fasta, IndexParams{}, options));
}

TEST(ReferenceIndexMemory, TheKRuleKeepsTheTableNearOneBytePerBase) {
    const IndexParams automatic;
    EXPECT_EQ(map::resolved_kmer_length(1000, automatic), 8);
    EXPECT_EQ(map::resolved_kmer_length(10'000'000, automatic), 10);
    EXPECT_EQ(map::resolved_kmer_length(3'100'000'000, automatic), 14);
    EXPECT_EQ(map::resolved_kmer_length(0xFFFFFFFF, automatic), 14);
    EXPECT_EQ(map::resolved_kmer_length(1000, IndexParams{12, 2, 10}), 12);
    for (const std::uint64_t length : {std::uint64_t{1} << 20, std::uint64_t{10'000'000},
                                       std::uint64_t{3'100'000'000}, std::uint64_t{0xFFFFFFFF}}) {
        const int k = map::resolved_kmer_length(length, automatic);
        EXPECT_LE(4 * (std::uint64_t{1} << (2 * k)), length) << length;
        EXPECT_LE(map::estimate_index_bytes(length, automatic), 4 * length) << length;
    }
}

TEST(ReferenceIndexMemory, TenMegabasesTakeLessThanFourBytesPerBase) {
    std::mt19937_64 rng(61);
    const std::string bases = "ACGT";
    std::string text = ">random\n";
    constexpr std::size_t kLength = 10'000'000;
    for (std::size_t i = 0; i < kLength; ++i) {
        text += bases[rng() & 3];
        if (i % 80 == 79) text += '\n';
    }
    TempDir dir("tropic-index");
    const std::string fasta = dir.write("big.fa", text + "\n");
    ThreadPool pool(2);
    const ReferenceIndex index =
        map::build_reference_index(fasta, IndexParams{}, run_options(&pool));
    const std::string path = (dir.path() / "big.tmi").string();
    map::write_reference_index(index, path);
    const double memory = double(index.memory_bytes()) / kLength;
    const double file = double(std::filesystem::file_size(path)) / kLength;
    std::cout << "10 Mbp: k = " << index.kmer_length() << ", " << memory
              << " bytes per base in memory, " << file << " in the file\n";
    EXPECT_LE(index.memory_bytes(), map::estimate_index_bytes(kLength, IndexParams{}) + 4096);
    EXPECT_LT(memory, 4.0);
    EXPECT_LT(file, 4.0);
}

}  // namespace
}  // namespace tropic

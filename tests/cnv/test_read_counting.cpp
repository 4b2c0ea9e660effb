// Read counting against a plain reference that follows cn.mops' R code literally (1-based
// windows built as getReadCountsFromBAM builds them, a read counted in every window whose
// [start, end] holds its POS), on BAM files written here with htslib: hand-made cases for each
// rule, random files (fixed seeds and a fresh one, printed), indexed subsets, regions, errors.
#include <gtest/gtest.h>
#include <htslib/sam.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>

#include "support/bam_from_sam.hpp"
#include "support/input_error.hpp"
#include "support/temp_dir.hpp"
#include "tropic/cnv/read_counting.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cnv {
namespace {

using test::input_error_of;

struct Reference {
    std::string name;
    std::int64_t length;
};

struct Read {
    std::string reference;  // "*" for none
    std::int64_t pos;       // 1-based SAM POS, 0 for none
    int flag;
    int mapq;
    std::string cigar;
};

std::string sam_text(const std::vector<Reference>& references, const std::vector<Read>& reads) {
    std::ostringstream out;
    out << "@HD\tVN:1.6\tSO:unsorted\n";
    for (const Reference& r : references)
        out << "@SQ\tSN:" << r.name << "\tLN:" << r.length << '\n';
    int n = 0;
    for (const Read& read : reads) {
        // The read's length follows its CIGAR's query-consuming operations.
        std::int64_t length = 0, number = 0;
        for (char c : read.cigar) {
            if (std::isdigit(static_cast<unsigned char>(c))) {
                number = number * 10 + (c - '0');
                continue;
            }
            if (c == 'M' || c == 'I' || c == 'S' || c == '=' || c == 'X') length += number;
            number = 0;
        }
        if (read.cigar == "*") length = 4;
        out << 'r' << n++ << '\t' << read.flag << '\t' << read.reference << '\t' << read.pos << '\t'
            << read.mapq << '\t' << read.cigar << "\t*\t0\t0\t"
            << std::string(static_cast<std::size_t>(length), 'A') << "\t*\n";
    }
    return out.str();
}

// --- the reference: cn.mops' R code, step by step, 1-based ---

struct RWindow {
    std::string name;
    std::int64_t start, end;  // 1-based, inclusive, as the GRanges
};

std::vector<RWindow> r_windows(const std::vector<Reference>& chosen, std::int64_t wl) {
    std::vector<RWindow> windows;
    for (const Reference& ref : chosen) {
        std::int64_t sl = ref.length;
        if (wl >= sl) {
            windows.push_back({ref.name, 0, sl});  // IRanges(0, sl)
            continue;
        }
        if (sl % wl == 0) sl -= 1;
        std::vector<std::int64_t> starts, ends;
        for (std::int64_t x = 0; x <= sl; x += wl) starts.push_back(x + 1);  // seq(0, sl, WL) + 1
        for (std::int64_t x = wl; x <= sl; x += wl) ends.push_back(x);       // seq(WL, sl, WL)
        ends.push_back(sl);
        for (std::size_t i = 0; i < starts.size(); ++i)
            windows.push_back({ref.name, starts[i], ends[i]});
    }
    return windows;
}

// countOverlaps of each window with width-1 ranges at the POS of reads passing the MAPQ test
// (Rsamtools: an unmapped read has NA pos and mapq).
std::vector<std::uint64_t> r_counts(const std::vector<RWindow>& windows,
                                    const std::vector<Read>& reads, int min_mapq) {
    std::vector<std::uint64_t> counts(windows.size(), 0);
    for (const Read& read : reads) {
        if (read.flag & 4) continue;
        if (read.mapq < min_mapq) continue;
        for (std::size_t w = 0; w < windows.size(); ++w)
            if (windows[w].name == read.reference && read.pos >= windows[w].start &&
                read.pos <= windows[w].end)
                ++counts[w];
    }
    return counts;
}

class ReadCountingTest : public ::testing::Test {
  protected:
    std::string path(const std::string& name) const { return (temp_.path() / name).string(); }

    std::string bam(const std::string& name, const std::vector<Reference>& references,
                    const std::vector<Read>& reads, bool index = false) {
        const std::string sam = temp_.write(name + ".sam", sam_text(references, reads));
        const std::string bam_path = path(name);
        test::write_bam(sam, bam_path, index);
        return bam_path;
    }

    // Counts `files` and checks windows and counts against the reference for each file's reads.
    void expect_as_reference(const std::vector<std::string>& files,
                             const std::vector<std::vector<Read>>& reads,
                             const std::vector<Reference>& chosen, const ReadCountOptions& options,
                             unsigned threads = 1) {
        ThreadPool pool(threads);
        RunOptions run;
        run.pool = &pool;
        run.on_notice = [](const Notice&) {};
        const CountMatrix matrix = count_reads(files, options, run);
        const std::vector<RWindow> windows = r_windows(chosen, options.window_length);
        ASSERT_EQ(matrix.window_count(), windows.size());
        std::size_t row = 0;
        for (const SequenceCounts& sequence : matrix.sequences)
            for (std::size_t w = 0; w < sequence.window_count(); ++w, ++row) {
                EXPECT_EQ(sequence.name, windows[row].name);
                // [0, sl] 1-based (WL >= sl) is [0, sl) here; otherwise [s, e] is [s - 1, e).
                EXPECT_EQ(sequence.start[w], std::max<std::int64_t>(windows[row].start - 1, 0));
                EXPECT_EQ(sequence.end[w], windows[row].end);
            }
        for (std::size_t s = 0; s < files.size(); ++s) {
            const std::vector<std::uint64_t> expected =
                r_counts(windows, reads[s], options.min_mapq);
            std::vector<std::uint64_t> got;
            for (const SequenceCounts& sequence : matrix.sequences)
                for (std::size_t w = 0; w < sequence.window_count(); ++w)
                    got.push_back(
                        static_cast<std::uint64_t>(sequence.counts[w * matrix.sample_count() + s]));
            EXPECT_EQ(got, expected) << "sample " << s;
        }
    }

    test::TempDir temp_{"tropic-cnv-count"};
};

TEST_F(ReadCountingTest, EachRuleOfCnMops) {
    const std::vector<Reference> refs = {{"chr1", 100}, {"chr2", 55}, {"chr3", 30}};
    // chr1 (100, a multiple of 10): windows [0,10) ... [90,99); base 100 is in none.
    const std::vector<Read> reads = {
        {"chr1", 1, 0, 60, "5M"},        // first base
        {"chr1", 1, 0, 0, "5M"},         // MAPQ 0: not counted
        {"chr1", 10, 0, 1, "5M"},        // last base of window 1, MAPQ 1 counts
        {"chr1", 11, 256, 60, "5M"},     // secondary
        {"chr1", 11, 2048, 60, "5H5M"},  // supplementary
        {"chr1", 11, 1024, 60, "5M"},    // duplicate
        {"chr1", 11, 512, 60, "5M"},     // QC fail
        {"chr1", 21, 0, 255, "3S5M"},    // soft clip: counted at POS; MAPQ 255 counts
        {"chr1", 31, 99, 60, "5M"},      // a pair: both mates count
        {"chr1", 35, 147, 60, "5M"},
        {"chr1", 35, 4 | 1 | 128, 60, "*"},  // unmapped, placed: not counted
        {"chr1", 99, 0, 60, "2M"},           // last base of the last window
        {"chr1", 100, 0, 60, "1M"},          // the sequence's last base: in no window
        {"chr1", 95, 16, 60, "10M"},         // starts in the last window, runs past the end
        {"chr2", 55, 0, 60, "1M"},           // chr2's last base (55 is not a multiple of 10)
        {"chr3", 30, 0, 60, "1M"},           // chr3 = 30 = 3 x 10: its last base is in no window
        {"*", 0, 4, 0, "*"},                 // unplaced
    };
    const std::string file = bam("rules.bam", refs, reads);
    ReadCountOptions options;
    options.window_length = 10;
    expect_as_reference({file}, {reads}, refs, options);

    CountMatrix matrix = count_reads({file}, options, RunOptions{});
    ASSERT_EQ(matrix.sequences.size(), 3u);
    const SequenceCounts& chr1 = matrix.sequences[0];
    ASSERT_EQ(chr1.window_count(), 10u);
    EXPECT_EQ(chr1.start.back(), 90);
    EXPECT_EQ(chr1.end.back(), 99);
    EXPECT_EQ(chr1.counts, (std::vector<double>{2, 4, 1, 2, 0, 0, 0, 0, 0, 2}));
    EXPECT_EQ(matrix.sequences[1].counts, (std::vector<double>{0, 0, 0, 0, 0, 1}));
    EXPECT_EQ(matrix.sequences[2].end.back(), 29);
    EXPECT_EQ(matrix.sequences[2].counts, (std::vector<double>{0, 0, 0}));
    EXPECT_EQ(matrix.samples, (std::vector<std::string>{"rules.bam"}));

    // --min-mapq 0 counts the MAPQ 0 read, never the unmapped ones.
    options.min_mapq = 0;
    matrix = count_reads({file}, options, RunOptions{});
    EXPECT_EQ(matrix.sequences[0].counts[0], 3);
}

TEST_F(ReadCountingTest, OneWindowWhenTheWindowIsAtLeastTheSequence) {
    const std::vector<Reference> refs = {{"a", 50}, {"b", 49}};
    const std::vector<Read> reads = {
        {"a", 50, 0, 60, "1M"}, {"b", 1, 0, 60, "1M"}, {"b", 49, 0, 60, "1M"}};
    const std::string file = bam("one.bam", refs, reads);
    ReadCountOptions options;
    options.window_length = 50;
    expect_as_reference({file}, {reads}, refs, options);
    const CountMatrix matrix = count_reads({file}, options, RunOptions{});
    EXPECT_EQ(matrix.sequences[0].counts, std::vector<double>{1});  // WL == L: last base counts
    EXPECT_EQ(matrix.sequences[1].counts, std::vector<double>{2});
}

// Random files against the reference: random lengths (some multiples of the window), reads
// anywhere (both ends included) with random flags, MAPQs and clips, several files at once.
TEST_F(ReadCountingTest, RandomFilesMatchTheReference) {
    std::vector<unsigned> seeds = {1, 7, 42, 2024, 3917234332u};  // the last: WL 1
    const unsigned fresh = std::random_device{}();
    seeds.push_back(fresh);
    for (unsigned seed : seeds) {
        SCOPED_TRACE("seed " + std::to_string(seed) + (seed == fresh ? " (fresh)" : ""));
        std::printf("random read-counting seed %u%s\n", seed, seed == fresh ? " (fresh)" : "");
        std::mt19937 random(seed);
        auto uniform = [&random](std::int64_t lo, std::int64_t hi) {
            return std::uniform_int_distribution<std::int64_t>(lo, hi)(random);
        };
        const std::int64_t wl = uniform(1, 40);
        std::vector<Reference> refs;
        for (int r = 0, n = static_cast<int>(uniform(1, 4)); r < n; ++r) {
            const std::int64_t length = uniform(0, 2) == 0 ? wl * uniform(1, 5) : uniform(1, 200);
            refs.push_back({"s" + std::to_string(r), length});
        }
        const int files = static_cast<int>(uniform(1, 3));
        std::vector<std::string> paths;
        std::vector<std::vector<Read>> reads(static_cast<std::size_t>(files));
        const int flags[] = {0,    16, 1 | 2 | 64 | 32, 1 | 2 | 128 | 16, 256, 1024, 512,
                             2048, 4,  4 | 1 | 8};
        for (int f = 0; f < files; ++f) {
            for (int i = 0, n = static_cast<int>(uniform(0, 120)); i < n; ++i) {
                const Reference& ref = refs[static_cast<std::size_t>(uniform(0, refs.size() - 1))];
                const int choice = static_cast<int>(uniform(0, 9));
                std::int64_t pos = uniform(1, ref.length);
                if (choice == 0) pos = 1;
                if (choice == 1) pos = ref.length;
                const int flag = flags[uniform(0, 9)];
                const int mapq = static_cast<int>(uniform(0, 3) == 0 ? 0 : uniform(0, 255));
                const std::string cigar = (flag & 4) ? "*" : (uniform(0, 1) ? "2S3M" : "4M");
                reads[static_cast<std::size_t>(f)].push_back({ref.name, pos, flag, mapq, cigar});
            }
            paths.push_back(
                bam("f" + std::to_string(f) + ".bam", refs, reads[static_cast<std::size_t>(f)]));
        }
        ReadCountOptions options;
        options.window_length = wl;
        options.min_mapq = static_cast<int>(uniform(0, 2));
        expect_as_reference(paths, reads, refs, options, static_cast<unsigned>(uniform(1, 4)));
    }
}

TEST_F(ReadCountingTest, ChosenSequencesInTheirOrderWithAndWithoutAnIndex) {
    const std::vector<Reference> refs = {{"chr1", 300}, {"chr2", 200}, {"chr3", 100}};
    std::vector<Read> reads;  // sorted, for the index
    for (const Reference& ref : refs)
        for (std::int64_t pos = 1; pos <= ref.length; pos += 7)
            reads.push_back({ref.name, pos, 0, static_cast<int>(pos % 3), "5M"});
    const std::string indexed = bam("indexed.bam", refs, reads, true);
    const std::string plain = bam("plain.bam", refs, reads);
    ReadCountOptions options;
    options.window_length = 64;
    options.sequences = {"chr3", "chr1"};
    expect_as_reference({indexed, plain}, {reads, reads}, {refs[2], refs[0]}, options, 2);
}

TEST_F(ReadCountingTest, SampleNamesAreBasenamesOrGiven) {
    const std::vector<Reference> refs = {{"c", 10}};
    std::filesystem::create_directory(path("d"));
    const std::string a = bam("x.bam", refs, {}), b = bam("d/y.sam.bam", refs, {});
    std::vector<std::string> warnings;
    ReadCountOptions options;
    RunOptions run;
    run.on_notice = [&warnings](const Notice& notice) {
        EXPECT_EQ(notice.kind, Notice::Kind::Warning);
        warnings.push_back(notice.text);
    };
    CountMatrix matrix = count_reads({a, b}, options, run);
    EXPECT_EQ(matrix.samples, (std::vector<std::string>{"x.bam", "y.sam.bam"}));
    ASSERT_EQ(warnings.size(), 2u);  // no read counted: warned, not refused
    EXPECT_EQ(warnings[0], a + ": no read with MAPQ >= 1 in any window (sample 'x.bam')");
    options.sample_names = {"A", "B"};
    EXPECT_EQ(count_reads({a, b}, options, run).samples, (std::vector<std::string>{"A", "B"}));
}

TEST_F(ReadCountingTest, RegionsCountReadsStartingInside) {
    const std::vector<Reference> refs = {{"chr1", 1000}, {"chr2", 1000}};
    const std::vector<Read> reads = {
        {"chr1", 100, 0, 60, "50M"},  // 0-based 99: before the region [100, 200)
        {"chr1", 101, 0, 60, "5M"},   // 100: first base of the region
        {"chr1", 200, 0, 60, "5M"},   // 199: last base
        {"chr1", 201, 0, 60, "5M"},   // 200: after
        {"chr1", 501, 0, 0, "5M"},    // MAPQ 0
        {"chr1", 502, 0, 9, "5M"},   {"chr2", 1, 0, 9, "5M"},
    };
    const std::string file = bam("r.bam", refs, reads);
    // Unsorted, with a comment and a chr2 region between chr1's.
    const std::string bed =
        temp_.write("r.bed", "# targets\nchr1\t500\t600\tt2\nchr2\t0\t10\nchr1\t100\t200\tt1\n");
    ReadCountOptions options;
    options.bed_path = bed;
    const CountMatrix matrix = count_reads({file}, options, RunOptions{});
    ASSERT_EQ(matrix.sequences.size(), 2u);
    EXPECT_EQ(matrix.sequences[0].name, "chr1");
    EXPECT_EQ(matrix.sequences[0].start, (std::vector<std::int64_t>{100, 500}));
    EXPECT_EQ(matrix.sequences[0].end, (std::vector<std::int64_t>{200, 600}));
    EXPECT_EQ(matrix.sequences[0].counts, (std::vector<double>{2, 1}));
    EXPECT_EQ(matrix.sequences[1].counts, (std::vector<double>{1}));

    const std::string overlapping =
        temp_.write("o.bed", "chr1\t100\t200\nchr1\t300\t400\nchr1\t150\t160\n");
    options.bed_path = overlapping;
    EXPECT_EQ(input_error_of([&] { (void)count_reads({file}, options, RunOptions{}); }),
              overlapping +
                  ": line 3: the region chr1:[150, 160) overlaps the one on line 1; regions "
                  "must not overlap (merge them first, e.g. with `bedtools merge`)");
    const std::string unknown = temp_.write("u.bed", "chr1\t100\t200\n1\t300\t400\n");
    options.bed_path = unknown;
    EXPECT_EQ(input_error_of([&] { (void)count_reads({file}, options, RunOptions{}); }),
              file + ": no reference sequence '1' in the header (named by " + unknown +
                  " line 2); it has chr1, chr2");
    const std::string empty = temp_.write("e.bed", "chr1\t100\t100\n");
    options.bed_path = empty;
    EXPECT_EQ(input_error_of([&] { (void)count_reads({file}, options, RunOptions{}); }),
              empty +
                  ": line 1: the region chr1:[100, 100) is empty; counting regions hold at "
                  "least one base");
}

TEST_F(ReadCountingTest, ErrorsNameTheFileAndSequence) {
    const std::string a = bam("a.bam", {{"chr1", 100}, {"chr2", 50}}, {});
    const std::string b = bam("b.bam", {{"chr1", 100}, {"chr2", 51}}, {});
    const std::string c = bam("c.bam", {{"chr1", 100}}, {});
    ReadCountOptions options;
    RunOptions quiet;
    quiet.on_notice = [](const Notice&) {};
    auto error = [&](const std::vector<std::string>& files) {
        return input_error_of([&] { (void)count_reads(files, options, quiet); });
    };
    EXPECT_EQ(error({a, b}), b + ": reference sequence 'chr2' has length 51, but 50 in '" + a +
                                 "': the files were aligned to different references");
    EXPECT_EQ(error({a, c}), c + ": no reference sequence 'chr2' in the header; it has chr1");
    options.sequences = {"chr1"};
    EXPECT_NO_THROW((void)count_reads({a, b, c}, options, quiet));
    options.sequences = {"chrX"};
    EXPECT_EQ(error({a}), a + ": no reference sequence 'chrX' in the header (it has chr1, chr2)");
    options.sequences = {"chr1", "chr1"};
    EXPECT_EQ(error({a}), "sequence 'chr1' is chosen twice");
    options.sequences = {};
    EXPECT_EQ(error({a, a}), "'" + a + "' and '" + a +
                                 "' have the same sample name 'a.bam'; name the samples "
                                 "(--sample-names)");
    options.sample_names = {"x"};
    EXPECT_EQ(error({a, b}), "1 sample names for 2 alignment files");
    options.sample_names = {};
    options.window_length = 0;
    EXPECT_EQ(error({a}), "the window length must be positive, not 0");
    options.window_length = 10;
    EXPECT_EQ(error({"-"}),
              "counting reads needs alignment files, not standard input ('-'): each file's "
              "header is read before the counting starts");
    const std::string text = temp_.write("not.bam", "hello\n");
    EXPECT_NE(error({text}).find(text), std::string::npos);
    // A BAM cut short: the record that cannot be read is named.
    std::vector<Read> many;
    for (int i = 1; i <= 2000; ++i) many.push_back({"chr1", 1 + i % 100, 0, 60, "5M"});
    const std::string whole = bam("whole.bam", {{"chr1", 100}}, many);
    std::string bytes;
    {
        std::ifstream in(whole, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    const std::string cut = temp_.write("cut.bam", bytes.substr(0, bytes.size() / 2));
    EXPECT_EQ(error({cut}),
              cut + ": truncated (no BGZF end-of-file block): the file was cut short");
    // Cut short with the end-of-file block put back: the record that cannot be read is named,
    // with and without decompression threads.
    const std::string eof_block = bytes.substr(bytes.size() - 28);
    const std::string broken =
        temp_.write("broken.bam", bytes.substr(0, bytes.size() / 2) + eof_block);
    EXPECT_NE(error({broken}).find(broken + ": record "), std::string::npos) << error({broken});
    ThreadPool pool(3);
    RunOptions threaded;
    threaded.pool = &pool;
    EXPECT_NE(input_error_of([&] {
                  (void)count_reads({broken}, options, threaded);
              }).find(broken + ": record "),
              std::string::npos);
}

TEST_F(ReadCountingTest, ProgressReachesOnePerFile) {
    const std::vector<Reference> refs = {{"c", 1000}};
    std::vector<Read> reads;
    for (int i = 1; i <= 1000; ++i) reads.push_back({"c", i, 0, 60, "5M"});
    const std::string a = bam("a.bam", refs, reads), b = bam("b.bam", refs, reads);
    ThreadPool pool(2);
    RunOptions run;
    run.pool = &pool;
    std::mutex mutex;
    std::map<std::size_t, std::vector<double>> seen;
    run.on_progress = [&](std::size_t file, double fraction) {
        std::lock_guard lock(mutex);
        seen[file].push_back(fraction);
    };
    (void)count_reads({a, b}, ReadCountOptions{}, run);
    ASSERT_EQ(seen.size(), 2u);
    for (const auto& [file, fractions] : seen) {
        EXPECT_EQ(fractions.back(), 1.0) << file;
        EXPECT_TRUE(std::is_sorted(fractions.begin(), fractions.end())) << file;
    }
}

}  // namespace
}  // namespace tropic::cnv

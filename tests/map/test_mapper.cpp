// The mapper end to end in the library: planted reads are found where they came from, the best
// hit's score equals a brute-force alignment against the whole genome, pairs are paired, and the
// output does not depend on the number of threads.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "map/map_test_genome.hpp"
#include "reference/align_reference.hpp"
#include "support/random_rna.hpp"
#include "support/temp_dir.hpp"
#include "tropic/align/scoring.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/map/mapper.hpp"

namespace tropic {
namespace {

using map::MapParams;
using map::Mapper;
using map::MapSummary;
using test::PlantedRead;

struct Genome {
    std::vector<std::string> contigs;
    test::TempDir dir{"tropic-map"};
    map::ReferenceIndex index;
    Genome(std::mt19937_64& rng, std::vector<std::size_t> lengths, int kmer_length = 0) {
        for (const std::size_t length : lengths) contigs.push_back(test::random_bases(rng, length));
        const std::string fasta = dir.write("genome.fa", test::fasta_text(contigs));
        map::IndexParams params;
        params.kmer_length = kmer_length;
        index = map::build_reference_index(fasta, params, RunOptions{});
    }
};

// True when the record places the read where it was planted: contig, strand and first base
// (counting a soft clip) within 10 bases.
bool placed_right(const AlignmentRecord& record, const PlantedRead& planted) {
    if (record.flag & sam_flag::kUnmapped) return false;
    if (record.reference_id != static_cast<std::int32_t>(planted.contig)) return false;
    if (static_cast<bool>(record.flag & sam_flag::kReverse) != planted.reverse) return false;
    std::int64_t lead = 0, trail = 0;
    if (!record.cigar.empty() && record.cigar.front().op == CigarOp::SoftClip)
        lead = record.cigar.front().length;
    if (!record.cigar.empty() && record.cigar.back().op == CigarOp::SoftClip)
        trail = record.cigar.back().length;
    if (!planted.reverse) return std::abs(record.position - lead - planted.begin) <= 10;
    const std::int64_t end = record.position + cigar_reference_length(record.cigar) + trail;
    return std::abs(end - planted.end) <= 10;
}

std::int64_t aux_int(const AlignmentRecord& record, const char* tag) {
    const AuxValue* value = record.find_aux(tag);
    EXPECT_NE(value, nullptr) << tag;
    return value ? std::get<std::int64_t>(*value) : 0;
}

void expect_planted_reads_found(std::uint64_t seed) {
    SCOPED_TRACE(seed);
    std::mt19937_64 rng(seed);
    Genome genome(rng, {60000, 40000});
    std::vector<PlantedRead> planted;
    std::vector<SequenceRecord> reads;
    for (int k = 0; k < 200; ++k) {
        // One draw a statement: the order of a call's arguments differs between compilers, and a
        // seed must replay the same reads everywhere.
        const std::size_t length = 100 + rng() % 100;
        const int edits = static_cast<int>(rng() % 6);
        planted.push_back(
            test::plant_read(rng, genome.contigs, length, edits, "r" + std::to_string(k)));
        reads.push_back(planted.back().read);
    }
    MapSummary summary;
    const auto records = Mapper(genome.index, MapParams{}).map_single(reads, RunOptions{}, summary);
    ASSERT_EQ(records.size(), reads.size());
    for (std::size_t k = 0; k < reads.size(); ++k) {
        EXPECT_TRUE(placed_right(records[k], planted[k])) << reads[k].name;
        EXPECT_EQ(records[k].name, reads[k].name);
        if (!(records[k].flag & sam_flag::kUnmapped)) {
            EXPECT_EQ(cigar_query_length(records[k].cigar),
                      static_cast<std::int64_t>(reads[k].residues.size()));
            EXPECT_GE(records[k].mapq, 30)
                << "a unique random genome: " << reads[k].name << " "
                << cigar_string(records[k].cigar) << " AS " << aux_int(records[k], "AS") << " XS "
                << (records[k].find_aux("XS") ? aux_int(records[k], "XS") : -1) << " "
                << reads[k].residues;
        }
    }
    EXPECT_EQ(summary.reads, reads.size());
    EXPECT_EQ(summary.mapped, reads.size());
}

TEST(Mapper, FindsPlantedReadsOnFreshSeeds) {
    expect_planted_reads_found(test::test_seed());
}
TEST(Mapper, FindsPlantedReadsOnRegressionSeeds) {
    for (const std::uint64_t seed : {1u, 2u, 20261127u}) expect_planted_reads_found(seed);
}

// The best end-to-end score of the read anywhere in the genome, on either strand, by the plain
// full-matrix alignment of tests/reference.
std::int64_t brute_force_best(const Genome& genome, const std::string& read,
                              const map::MapScoring& s) {
    align::Scoring scoring{align::dna_matrix(s.match, -s.mismatch, -1), {s.gap_open, s.gap_extend}};
    const auto forward = encode_dna(read);
    const auto reverse = reverse_complement_dna(forward);
    std::int64_t best = INT64_MIN;
    for (const std::string& contig : genome.contigs) {
        const auto target = encode_dna(contig);
        for (const auto* strand : {&forward, &reverse})
            best = std::max(
                best,
                test::align_reference(*strand, target, align::AlignMode::Glocal, scoring).score);
    }
    return best;
}

void expect_brute_force_scores(std::uint64_t seed) {
    SCOPED_TRACE(seed);
    std::mt19937_64 rng(seed);
    // A small genome holding a repeat, so that reads have several places to go.
    Genome genome(rng, {1500, 900}, 8);
    MapParams params;
    params.scoring.clip_penalty = 1000;  // end to end: the score brute force computes
    params.min_score = 0;
    for (int k = 0; k < 30; ++k) {
        const PlantedRead planted =
            test::plant_read(rng, genome.contigs, 60, static_cast<int>(rng() % 4), "r");
        MapSummary summary;
        const auto records = Mapper(genome.index, params)
                                 .map_single(std::span(&planted.read, 1), RunOptions{}, summary);
        const std::int64_t best = brute_force_best(genome, planted.read.residues, params.scoring);
        ASSERT_FALSE(records[0].flag & sam_flag::kUnmapped) << planted.read.residues;
        EXPECT_EQ(aux_int(records[0], "AS"), best) << planted.read.residues;
    }
}

TEST(Mapper, BestScoreEqualsBruteForceOnFreshSeeds) {
    expect_brute_force_scores(test::test_seed());
}
TEST(Mapper, BestScoreEqualsBruteForceOnRegressionSeeds) {
    for (const std::uint64_t seed : {3u, 4u}) expect_brute_force_scores(seed);
}

// Pairs from fragments of 300 +- 30 bases, the second read from the fragment's other end on the
// other strand, as sequencers read them.
std::pair<std::vector<SequenceRecord>, std::vector<SequenceRecord>> planted_pairs(
    std::mt19937_64& rng, const Genome& genome, int count) {
    std::normal_distribution<double> insert(300, 30);
    std::vector<SequenceRecord> first, second;
    for (int k = 0; k < count; ++k) {
        const std::string& contig = genome.contigs[rng() % genome.contigs.size()];
        const auto length = static_cast<std::size_t>(std::clamp(insert(rng), 200.0, 400.0));
        const std::size_t begin = rng() % (contig.size() - length);
        std::string left =
            test::with_edits(rng, contig.substr(begin, 100), static_cast<int>(rng() % 3));
        std::string right = test::reverse_complement(test::with_edits(
            rng, contig.substr(begin + length - 100, 100), static_cast<int>(rng() % 3)));
        if (rng() % 2) std::swap(left, right);
        const std::string name = "p" + std::to_string(k);
        first.push_back(
            SequenceRecord{name + "/1", left, std::string(left.size(), 'I'), Alphabet::Dna});
        second.push_back(
            SequenceRecord{name + "/2", right, std::string(right.size(), 'I'), Alphabet::Dna});
    }
    return {first, second};
}

TEST(Mapper, PairsAreProperWithTheirMatesFields) {
    const std::uint64_t seed = test::test_seed();
    std::mt19937_64 rng(seed);
    Genome genome(rng, {80000, 50000});
    auto [first, second] = planted_pairs(rng, genome, 300);
    Mapper mapper(genome.index, MapParams{}, "run1");
    MapSummary summary;
    const auto records = mapper.map_pairs(first, second, RunOptions{}, summary);
    ASSERT_EQ(records.size(), 600u);
    EXPECT_TRUE(summary.insert_size.known());
    EXPECT_NEAR(summary.insert_size.mean, 300, 10);
    EXPECT_GE(summary.properly_paired, 590u);
    for (std::size_t k = 0; k < records.size(); k += 2) {
        const AlignmentRecord& a = records[k];
        const AlignmentRecord& b = records[k + 1];
        EXPECT_EQ(a.name, b.name);
        EXPECT_EQ(a.name, "p" + std::to_string(k / 2));
        EXPECT_TRUE(a.flag & sam_flag::kFirstInPair);
        EXPECT_TRUE(b.flag & sam_flag::kSecondInPair);
        EXPECT_TRUE(a.flag & sam_flag::kPaired);
        if (!(a.flag & sam_flag::kProperPair)) continue;
        EXPECT_TRUE(b.flag & sam_flag::kProperPair);
        EXPECT_EQ(a.mate_position, b.position);
        EXPECT_EQ(b.mate_position, a.position);
        EXPECT_EQ(a.template_length, -b.template_length);
        EXPECT_NE(a.template_length, 0);
        EXPECT_EQ(static_cast<bool>(a.flag & sam_flag::kMateReverse),
                  static_cast<bool>(b.flag & sam_flag::kReverse));
        EXPECT_EQ(std::get<std::string>(*a.find_aux("MC")), cigar_string(b.cigar));
        EXPECT_EQ(aux_int(a, "MQ"), b.mapq);
        EXPECT_EQ(std::get<std::string>(*a.find_aux("RG")), "run1");
    }
}

TEST(Mapper, OutputDoesNotDependOnThreads) {
    std::mt19937_64 rng(test::test_seed());
    Genome genome(rng, {50000});
    auto [first, second] = planted_pairs(rng, genome, 200);
    ThreadPool one(1), two(2);
    RunOptions on_one, on_two;
    on_one.pool = &one;
    on_two.pool = &two;
    MapSummary s1, s2;
    Mapper a(genome.index, MapParams{}), b(genome.index, MapParams{});
    EXPECT_EQ(a.map_pairs(first, second, on_one, s1), b.map_pairs(first, second, on_two, s2));
    EXPECT_EQ(Mapper(genome.index, MapParams{}).map_single(first, on_one, s1),
              Mapper(genome.index, MapParams{}).map_single(first, on_two, s2));
}

TEST(Mapper, ReadGroupLinesAreChecked) {
    EXPECT_EQ(map::read_group_id("@RG\\tID:run1\\tSM:x"), "run1");
    EXPECT_EQ(map::read_group_id("@RG\tSM:x\tID:r2"), "r2");
    EXPECT_EQ(map::read_group_id(""), "");
    EXPECT_THROW((void)map::read_group_id("ID:run1"), InputError);
    EXPECT_THROW((void)map::read_group_id("@RG\\tSM:x"), InputError);
    EXPECT_THROW((void)map::read_group_id("@RG\\tID:"), InputError);
}

// A genome whose two contigs share one 400-base segment (at 1000 in the first, 3000 in the
// second): a read from it has two equal hits.
struct DuplicatedGenome {
    test::TempDir dir{"tropic-map-dup"};
    std::vector<std::string> contigs;
    map::ReferenceIndex index;
    std::string segment;
    explicit DuplicatedGenome(std::mt19937_64& rng) {
        contigs = {test::random_bases(rng, 6000), test::random_bases(rng, 6000)};
        segment = test::random_bases(rng, 400);
        contigs[0].replace(1000, 400, segment);
        contigs[1].replace(3000, 400, segment);
        index = map::build_reference_index(dir.write("dup.fa", test::fasta_text(contigs)),
                                           map::IndexParams{}, RunOptions{});
    }
};

SequenceRecord read_of(const std::string& name, const std::string& bases) {
    return SequenceRecord{name, bases, std::string(bases.size(), 'I'), Alphabet::Dna};
}

TEST(Mapper, SecondaryRecordsFollowTheirPrimary) {
    std::mt19937_64 rng(test::test_seed());
    const DuplicatedGenome genome(rng);
    const std::vector<SequenceRecord> reads{read_of("dup", genome.segment.substr(100, 120)),
                                            read_of("unique", genome.contigs[0].substr(4000, 120))};
    MapParams params;
    MapSummary summary;
    EXPECT_EQ(Mapper(genome.index, params).map_single(reads, RunOptions{}, summary).size(), 2u);
    params.secondary = 3;
    const auto records = Mapper(genome.index, params).map_single(reads, RunOptions{}, summary);
    ASSERT_EQ(records.size(), 3u);  // the repeat's primary and secondary, then the unique read
    EXPECT_EQ(records[0].name, "dup");
    EXPECT_EQ(records[1].name, "dup");
    EXPECT_EQ(records[2].name, "unique");
    EXPECT_FALSE(records[0].flag & sam_flag::kSecondary);
    EXPECT_TRUE(records[1].flag & sam_flag::kSecondary);
    EXPECT_EQ(records[0].mapq, 0);  // two equal places
    EXPECT_EQ(records[1].mapq, 0);
    EXPECT_EQ(aux_int(records[1], "AS"), aux_int(records[0], "AS"));
    EXPECT_NE(records[0].reference_id, records[1].reference_id);
    const std::int64_t expected_position = records[1].reference_id == 0 ? 1100 : 3100;
    EXPECT_EQ(records[1].position, expected_position);
    EXPECT_EQ(records[1].sequence.size(), 120u);
    EXPECT_FALSE(records[2].flag & sam_flag::kSecondary);
}

TEST(Mapper, SecondaryRecordsOfAPairCarryTheMatesPrimary) {
    std::mt19937_64 rng(test::test_seed());
    const DuplicatedGenome genome(rng);
    // The first read in the shared segment of contig 1, its mate just past it, unique: pairing
    // picks the copy in contig 1, and the other copy is the first read's secondary record. Unique
    // pairs of the same template length come along, so that the insert size is known.
    std::vector<SequenceRecord> first{read_of("p/1", genome.segment.substr(0, 100))};
    std::vector<SequenceRecord> second{
        read_of("p/2", test::reverse_complement(genome.contigs[1].substr(3420, 100)))};
    for (int k = 0; k < 60; ++k) {
        const std::size_t at = 4000 + rng() % 1400;
        const std::string& contig = genome.contigs[k % 2];
        first.push_back(read_of("u" + std::to_string(k), contig.substr(at - 420, 100)));
        second.push_back(
            read_of("u" + std::to_string(k), test::reverse_complement(contig.substr(at, 100))));
    }
    MapParams params;
    params.secondary = 2;
    MapSummary summary;
    const auto records =
        Mapper(genome.index, params).map_pairs(first, second, RunOptions{}, summary);
    ASSERT_EQ(records.size(), 2 * first.size() + 1);
    ASSERT_EQ(records[2].name, "p");
    const AlignmentRecord& secondary = records[2];
    EXPECT_EQ(records[0].reference_id, 1);
    EXPECT_EQ(records[0].position, 3000);
    EXPECT_TRUE(records[0].flag & sam_flag::kProperPair);
    EXPECT_TRUE(secondary.flag & sam_flag::kSecondary);
    EXPECT_TRUE(secondary.flag & sam_flag::kFirstInPair);
    EXPECT_TRUE(secondary.flag & sam_flag::kPaired);
    EXPECT_FALSE(secondary.flag & sam_flag::kProperPair);
    EXPECT_EQ(secondary.reference_id, 0);
    EXPECT_EQ(secondary.position, 1000);
    EXPECT_EQ(secondary.mate_reference_id, records[1].reference_id);
    EXPECT_EQ(secondary.mate_position, records[1].position);
    EXPECT_EQ(secondary.template_length, 0);  // the mate is on the other contig
    EXPECT_EQ(secondary.mapq, 0);
    EXPECT_EQ(records[3].name, "u0");
}

TEST(Mapper, TemplateNamesDropTheMateSuffix) {
    EXPECT_EQ(map::template_name("r1/1"), "r1");
    EXPECT_EQ(map::template_name("r1/2"), "r1");
    EXPECT_EQ(map::template_name("r1/3"), "r1/3");
    EXPECT_EQ(map::template_name("/1"), "/1");
}

}  // namespace
}  // namespace tropic

// extend_read against the plain reference (tests/reference/map_extend_reference), and the
// properties every hit has: its CIGAR re-scores to its score, covers the read and its reference
// range, and NM and MD say what the CIGAR says.
#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <string>
#include <vector>

#include "map/extend/extend_read.hpp"
#include "map/extend/glocal_alignment.hpp"
#include "reference/map_extend_reference.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"

namespace tropic::map::detail {
namespace {

using Codes = std::vector<std::uint8_t>;

std::string text_of(const ReadHit& hit) {
    return "score " + std::to_string(hit.score) + " [" + std::to_string(hit.reference_begin) +
           ", " + std::to_string(hit.reference_end) + ") " + cigar_string(hit.cigar) + " NM " +
           std::to_string(hit.edit_distance) + " MD " + hit.md;
}

std::string text_of(const std::optional<ReadHit>& hit) {
    return hit ? text_of(*hit) : std::string("none");
}

std::int64_t pair_score(std::uint8_t a, std::uint8_t b, const MapScoring& s) {
    if (a == 4 || b == 4) return -1;
    return a == b ? s.match : -s.mismatch;
}

// The CIGAR's score over the read and the reference range, and its shape.
void check_hit_shape(const ReadHit& hit, const Codes& read, const Codes& window,
                     std::int64_t window_start, const MapScoring& scoring) {
    ASSERT_FALSE(hit.cigar.empty());
    EXPECT_EQ(cigar_query_length(hit.cigar), static_cast<std::int64_t>(read.size()));
    EXPECT_EQ(cigar_reference_length(hit.cigar), hit.reference_end - hit.reference_begin);
    ASSERT_GE(hit.reference_begin, window_start);
    ASSERT_LE(hit.reference_end, window_start + static_cast<std::int64_t>(window.size()));
    for (std::size_t k = 0; k < hit.cigar.size(); ++k) {
        const CigarOp op = hit.cigar[k].op;
        EXPECT_TRUE(op == CigarOp::Match || op == CigarOp::Insertion || op == CigarOp::Deletion ||
                    (op == CigarOp::SoftClip && (k == 0 || k + 1 == hit.cigar.size())))
            << cigar_string(hit.cigar);
        if (k > 0) {
            EXPECT_NE(op, hit.cigar[k - 1].op) << cigar_string(hit.cigar);
        }
        EXPECT_GT(hit.cigar[k].length, 0u);
    }
    std::int64_t score = 0;
    std::size_t q = 0;
    auto t = static_cast<std::size_t>(hit.reference_begin - window_start);
    for (const CigarElement& e : hit.cigar) {
        if (e.op == CigarOp::SoftClip) q += e.length;
        if (e.op == CigarOp::Insertion || e.op == CigarOp::Deletion)
            score -= scoring.gap_open + static_cast<std::int64_t>(e.length) * scoring.gap_extend;
        if (e.op == CigarOp::Insertion) q += e.length;
        if (e.op == CigarOp::Deletion) t += e.length;
        if (e.op == CigarOp::Match)
            for (std::uint32_t k = 0; k < e.length; ++k)
                score += pair_score(read[q++], window[t++], scoring);
    }
    EXPECT_EQ(score, hit.score) << text_of(hit);
}

// Rebuilds the reference range from the read, the CIGAR and MD, as a SAM reader would.
Codes reference_from_md(const ReadHit& hit, const Codes& read) {
    const std::string letters = "ACGTN";
    Codes aligned_read;  // the read bases of M columns, in order, with a marker for deletions
    std::size_t q = 0;
    for (const CigarElement& e : hit.cigar) {
        if (e.op == CigarOp::Match)
            aligned_read.insert(aligned_read.end(), read.begin() + static_cast<long>(q),
                                read.begin() + static_cast<long>(q + e.length));
        if (e.op != CigarOp::Deletion) q += e.length;
    }
    Codes reference;
    std::size_t next = 0, k = 0;
    const std::string& md = hit.md;
    while (k < md.size()) {
        if (std::isdigit(static_cast<unsigned char>(md[k]))) {
            std::size_t count = 0;
            while (k < md.size() && std::isdigit(static_cast<unsigned char>(md[k])))
                count = count * 10 + static_cast<std::size_t>(md[k++] - '0');
            for (std::size_t c = 0; c < count; ++c) reference.push_back(aligned_read.at(next++));
        } else if (md[k] == '^') {
            ++k;
            while (k < md.size() && std::isalpha(static_cast<unsigned char>(md[k])))
                reference.push_back(static_cast<std::uint8_t>(letters.find(md[k++])));
        } else {
            reference.push_back(static_cast<std::uint8_t>(letters.find(md[k++])));
            ++next;
        }
    }
    EXPECT_EQ(next, aligned_read.size()) << hit.md;
    return reference;
}

void check_case(const Codes& read, const Codes& window, std::int64_t window_start,
                const MapScoring& scoring) {
    const std::optional<ReadHit> hit = extend_read(read, window, window_start, scoring);
    const std::optional<ReadHit> expected =
        test::extend_reference(read, window, window_start, scoring);
    ASSERT_EQ(hit, expected) << "got " << text_of(hit) << "\nexpected " << text_of(expected);
    if (!hit) return;
    check_hit_shape(*hit, read, window, window_start, scoring);
    const auto begin = window.begin() + (hit->reference_begin - window_start);
    const Codes reference(begin, begin + (hit->reference_end - hit->reference_begin));
    EXPECT_EQ(hit->md, test::md_reference(read, reference, hit->cigar));
    EXPECT_EQ(hit->edit_distance, test::nm_reference(read, reference, hit->cigar));
    Codes from_md = reference_from_md(*hit, read);
    Codes expected_reference = reference;
    // MD spells every reference base the read does not match; matching ones come from the read.
    EXPECT_EQ(from_md, expected_reference) << hit->md;
}

// The reference's glocal alignment is the extension's (which equals align_pair's:
// test_extend_glocal.cpp): score, window range and path.
void check_glocal_reference(const Codes& read, const Codes& window, const MapScoring& scoring) {
    if (read.empty() || window.empty()) return;
    GlocalPath path;
    align_glocal(read, window, scoring, path);
    const test::GlocalReference plain = test::glocal_reference(read, window, scoring);
    EXPECT_EQ(path.score, plain.score);
    EXPECT_EQ(path.target_begin, plain.target_begin);
    EXPECT_EQ(path.target_end, plain.target_end);
    std::string ops;
    for (const AlignedColumn& column : path.columns)
        ops += column.op == CigarOp::Insertion ? 'I' : column.op == CigarOp::Deletion ? 'D' : 'M';
    EXPECT_EQ(ops, plain.ops);
}

struct Case {
    Codes read, window;
    std::int64_t window_start = 0;
};

// A read taken from a random window, mutated (substitutions, indels, Ns), sometimes with garbage
// at an end, sometimes unrelated to the window; windows sometimes shorter than the read.
Case random_case(std::mt19937_64& rng) {
    std::uniform_int_distribution<int> pick(0, 9);
    const std::size_t window_length = pick(rng) == 0 ? 1 + rng() % 40 : 60 + rng() % 150;
    Case c;
    c.window = test::random_dna(rng, window_length, pick(rng) == 0 ? 0.05 : 0.0);
    c.window_start = static_cast<std::int64_t>(rng() % 1000000);
    if (pick(rng) == 0) {
        c.read = test::random_dna(rng, 1 + rng() % 150, 0.01);
        return c;
    }
    const std::size_t begin = rng() % (window_length / 4 + 1);
    const std::size_t length = 1 + rng() % (window_length - begin);
    const Codes piece(c.window.begin() + static_cast<long>(begin),
                      c.window.begin() + static_cast<long>(begin + length));
    const double substitution = 0.02 * static_cast<double>(pick(rng) % 4);
    const double indel = 0.01 * static_cast<double>(pick(rng) % 3);
    c.read = test::mutate(rng, piece, pick(rng) == 0 ? 5 : 4, substitution, indel);
    if (c.read.empty()) c.read.push_back(0);
    if (pick(rng) < 2) {
        const Codes junk = test::random_dna(rng, 1 + rng() % 25);
        if (pick(rng) < 5)
            c.read.insert(c.read.begin(), junk.begin(), junk.end());
        else
            c.read.insert(c.read.end(), junk.begin(), junk.end());
    }
    return c;
}

std::vector<MapScoring> scorings() {
    MapScoring bwa;
    MapScoring other{2, 3, 5, 2, 0};
    MapScoring no_clip{1, 4, 6, 1, 1000};
    MapScoring cheap_gaps{1, 4, 0, 1, 5};
    return {bwa, other, no_clip, cheap_gaps};
}

void run_cases(std::uint64_t seed, int count) {
    std::mt19937_64 rng(seed);
    for (int n = 0; n < count; ++n) {
        const Case c = random_case(rng);
        for (const MapScoring& scoring : scorings()) {
            SCOPED_TRACE("seed " + std::to_string(seed) + " case " + std::to_string(n) + " clip " +
                         std::to_string(scoring.clip_penalty));
            check_case(c.read, c.window, c.window_start, scoring);
            if (n % 4 == 0) check_glocal_reference(c.read, c.window, scoring);
            if (::testing::Test::HasFailure()) return;
        }
    }
}

TEST(ExtendRead, EqualsReferenceOnFixedSeeds) {
    for (const std::uint64_t seed : {1ULL, 2ULL, 3ULL, 42ULL, 20261127ULL}) run_cases(seed, 150);
}

TEST(ExtendRead, EqualsReferenceOnFreshSeed) {
    run_cases(test::test_seed(), 300);
}

TEST(ExtendRead, EmptyInputsAlignNothing) {
    const Codes some{0, 1, 2, 3};
    EXPECT_FALSE(extend_read({}, some, 0, {}));
    EXPECT_FALSE(extend_read(some, {}, 0, {}));
}

TEST(ExtendRead, ReadOfNsAlignsNothing) {
    // Every aligned N scores -1: nothing is left with a positive score.
    const Codes read(30, 4), window(50, 2);
    EXPECT_FALSE(extend_read(read, window, 0, {}));
}

TEST(ExtendRead, PerfectReadIsOneMatchRun) {
    std::mt19937_64 rng(7);
    const Codes window = test::random_dna(rng, 170);
    const Codes read(window.begin() + 10, window.begin() + 160);
    const std::optional<ReadHit> hit = extend_read(read, window, 1000, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(text_of(*hit), "score 150 [1010, 1160) 150M NM 0 MD 150");
}

}  // namespace
}  // namespace tropic::map::detail

// MD:Z and NM:i of hand-made alignments (the SAM specification's edge cases), and the clipping
// of read ends.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "map/extend/extend_read.hpp"
#include "map/extend/md_tag.hpp"
#include "support/random_alignment.hpp"
#include "tropic/core/dna_encoding.hpp"

namespace tropic::map::detail {
namespace {

using Codes = std::vector<std::uint8_t>;

Codes codes(const std::string& letters) {
    Codes out;
    for (const char c : letters)
        out.push_back(std::string("ACGTN").find(c) == std::string::npos
                          ? 4
                          : static_cast<std::uint8_t>(std::string("ACGTN").find(c)));
    return out;
}

std::vector<CigarElement> cigar(std::initializer_list<std::pair<char, std::uint32_t>> runs) {
    std::vector<CigarElement> out;
    for (const auto& [letter, length] : runs) {
        const CigarOp op = letter == 'M'   ? CigarOp::Match
                           : letter == 'I' ? CigarOp::Insertion
                           : letter == 'D' ? CigarOp::Deletion
                                           : CigarOp::SoftClip;
        out.push_back({op, length});
    }
    return out;
}

struct Tags {
    std::string md;
    std::int32_t nm;
    bool operator==(const Tags&) const = default;
};
std::ostream& operator<<(std::ostream& out, const Tags& tags) {
    return out << "MD " << tags.md << " NM " << tags.nm;
}

Tags tags(const std::string& read, const std::string& reference,
          const std::vector<CigarElement>& c) {
    const Codes r = codes(read), g = codes(reference);
    return {md_string(r, g, c), edit_distance(r, g, c)};
}

TEST(MdTag, AllMatching) {
    EXPECT_EQ(tags("ACGTACGT", "ACGTACGT", cigar({{'M', 8}})), (Tags{"8", 0}));
}

TEST(MdTag, MismatchesAtTheEndsHaveZeroCounts) {
    EXPECT_EQ(tags("TCGTACGT", "ACGTACGT", cigar({{'M', 8}})), (Tags{"0A7", 1}));
    EXPECT_EQ(tags("ACGTACGA", "ACGTACGT", cigar({{'M', 8}})), (Tags{"7T0", 1}));
    EXPECT_EQ(tags("TTGTACGT", "ACGTACGT", cigar({{'M', 8}})), (Tags{"0A0C6", 2}));
}

TEST(MdTag, DeletionThenMismatch) {
    // reference AAAAAAAAAA A C CCCCC; the read lacks the A and has G for the C.
    EXPECT_EQ(tags("AAAAAAAAAAGCCCCC", "AAAAAAAAAAACCCCCC", cigar({{'M', 10}, {'D', 1}, {'M', 6}})),
              (Tags{"10^A0C5", 2}));
}

TEST(MdTag, MismatchThenDeletion) {
    EXPECT_EQ(tags("AAAAAAAAAAGCCCCC", "AAAAAAAAAAACCCCCC", cigar({{'M', 11}, {'D', 1}, {'M', 5}})),
              (Tags{"10A0^C5", 2}));
}

TEST(MdTag, DeletionOfSeveralBases) {
    EXPECT_EQ(tags("ACGTACGT", "ACGTTTGACGT", cigar({{'M', 4}, {'D', 3}, {'M', 4}})),
              (Tags{"4^TTG4", 3}));
}

TEST(MdTag, InsertionsAndClipsAreNotInMd) {
    EXPECT_EQ(tags("ACGGGTAC", "ACGTAC", cigar({{'M', 3}, {'I', 2}, {'M', 3}})), (Tags{"6", 2}));
    EXPECT_EQ(tags("TTACGTAC", "ACGTAC", cigar({{'S', 2}, {'M', 6}})), (Tags{"6", 0}));
    EXPECT_EQ(tags("ACGTACGG", "ACGTAC", cigar({{'M', 6}, {'S', 2}})), (Tags{"6", 0}));
}

TEST(MdTag, InsertionBetweenDeletionsStartsANewDeletion) {
    EXPECT_EQ(tags("AGGT", "AACGT", cigar({{'M', 1}, {'D', 1}, {'I', 1}, {'D', 1}, {'M', 2}})),
              (Tags{"1^A0^C2", 3}));
}

TEST(MdTag, NIsAMismatchOnEitherSide) {
    EXPECT_EQ(tags("ACNTA", "ACGTA", cigar({{'M', 5}})), (Tags{"2G2", 1}));
    EXPECT_EQ(tags("ACGTA", "ACNTA", cigar({{'M', 5}})), (Tags{"2N2", 1}));
    EXPECT_EQ(tags("ACNTA", "ACNTA", cigar({{'M', 5}})), (Tags{"2N2", 1}));
    EXPECT_EQ(tags("ACTA", "ACNTA", cigar({{'M', 2}, {'D', 1}, {'M', 2}})), (Tags{"2^N2", 1}));
}

TEST(MdTag, CigarPastTheSequencesIsRefused) {
    EXPECT_THROW((void)md_string(codes("ACG"), codes("ACGT"), cigar({{'M', 4}})), std::exception);
    EXPECT_THROW((void)edit_distance(codes("ACGT"), codes("AC"), cigar({{'M', 4}})),
                 std::exception);
}

// A read from the window with the bases at `positions` changed to another base.
Codes with_mismatches(const Codes& window, std::size_t begin, std::size_t length,
                      std::initializer_list<std::size_t> positions) {
    Codes read(window.begin() + static_cast<long>(begin),
               window.begin() + static_cast<long>(begin + length));
    for (const std::size_t p : positions) read[p] = static_cast<std::uint8_t>((read[p] + 1) % 4);
    return read;
}

// A random 170-base window and the 150-base read at its offset 10, bases [garbage_begin,
// garbage_begin + 20) of the read replaced by garbage: each differs from the base it replaces.
struct GarbageCase {
    Codes window, read;
};
GarbageCase garbage_case(std::uint64_t seed, std::size_t garbage_begin) {
    std::mt19937_64 rng(seed);
    GarbageCase c;
    c.window = test::random_dna(rng, 170);
    c.read.assign(c.window.begin() + 10, c.window.begin() + 160);
    for (std::size_t k = garbage_begin; k < garbage_begin + 20; ++k)
        c.read[k] = static_cast<std::uint8_t>((c.read[k] + 1 + rng() % 3) % 4);
    return c;
}

TEST(Clipping, GarbageFirstTwentyBasesAreClipped) {
    for (const std::uint64_t seed : {1ULL, 2ULL, 3ULL, 4ULL, 5ULL}) {
        const auto [window, read] = garbage_case(seed, 0);
        const std::optional<ReadHit> hit = extend_read(read, window, 500, {});
        ASSERT_TRUE(hit);
        SCOPED_TRACE("seed " + std::to_string(seed));
        EXPECT_EQ(cigar_string(hit->cigar), "20S130M");
        EXPECT_EQ(hit->score, 130);
        EXPECT_EQ(hit->reference_begin, 530);
        EXPECT_EQ(hit->reference_end, 660);
        EXPECT_EQ(hit->edit_distance, 0);
        EXPECT_EQ(hit->md, "130");
    }
}

TEST(Clipping, GarbageLastTwentyBasesAreClipped) {
    // The clip cuts the end-to-end path, whose gaps sit as far left as the score allows: at the
    // read's 3' end the path may align the garbage with an insertion that starts a base or two
    // inside the genuine part, and match a few garbage bases by chance (seed 11:
    // 129=2I3=12I3=1X, clipped to 129M21S; seed 12: 128M1I7M14S). What holds: the end is
    // clipped, the hit starts where the read does, and little score is lost.
    for (const std::uint64_t seed : {11ULL, 12ULL, 13ULL, 14ULL, 15ULL}) {
        SCOPED_TRACE("seed " + std::to_string(seed));
        const auto [window, read] = garbage_case(seed, 130);
        const std::optional<ReadHit> hit = extend_read(read, window, 0, {});
        ASSERT_TRUE(hit);
        EXPECT_EQ(hit->cigar.back().op, CigarOp::SoftClip) << cigar_string(hit->cigar);
        EXPECT_GE(hit->cigar.back().length, 10u) << cigar_string(hit->cigar);
        EXPECT_GE(hit->score, 125) << cigar_string(hit->cigar);
        EXPECT_EQ(hit->reference_begin, 10);
    }
}

TEST(Clipping, AnEndIsClippedOnlyWhenThatGainsMoreThanThePenalty) {
    std::mt19937_64 rng(3);
    const Codes window = test::random_dna(rng, 170);
    // One mismatch at the last base: dropping it gains 4, not more than 5.
    std::optional<ReadHit> hit =
        extend_read(with_mismatches(window, 10, 150, {149}), window, 0, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(cigar_string(hit->cigar), "150M");
    EXPECT_EQ(hit->score, 145);
    EXPECT_EQ(hit->md, "149" + std::string(1, "ACGT"[window[159]]) + "0");
    // Two: dropping both gains 8.
    hit = extend_read(with_mismatches(window, 10, 150, {148, 149}), window, 0, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(cigar_string(hit->cigar), "148M2S");
    EXPECT_EQ(hit->score, 148);
    // A gain equal to the penalty keeps the end.
    MapScoring four;
    four.clip_penalty = 4;
    hit = extend_read(with_mismatches(window, 10, 150, {0}), window, 0, four);
    ASSERT_TRUE(hit);
    EXPECT_EQ(cigar_string(hit->cigar), "150M");
    four.clip_penalty = 3;
    hit = extend_read(with_mismatches(window, 10, 150, {0}), window, 0, four);
    ASSERT_TRUE(hit);
    EXPECT_EQ(cigar_string(hit->cigar), "1S149M");
    EXPECT_EQ(hit->reference_begin, 11);
}

TEST(Clipping, ScoreIsOfTheAlignedPartWithoutThePenalty) {
    std::mt19937_64 rng(5);
    const Codes window = test::random_dna(rng, 170);
    const std::optional<ReadHit> hit =
        extend_read(with_mismatches(window, 10, 150, {0, 1, 2}), window, 0, {});
    ASSERT_TRUE(hit);
    EXPECT_EQ(cigar_string(hit->cigar), "3S147M");
    EXPECT_EQ(hit->score, 147);
}

// A read inside a tandem repeat fits as well a period away: the hit says so (shifted_score), and
// a read from unique sequence does not.
TEST(ShiftedPlacement, ATandemRepeatIsAmbiguousAndUniqueSequenceIsNot) {
    std::string repeat;
    for (int k = 0; k < 40; ++k) repeat += "CAG";
    const Codes window = codes("TTGACCTAGG" + repeat + "GATTACAGGT");
    const Codes read = codes(repeat.substr(0, 60));
    const auto hit = extend_read(read, window, 0, MapScoring{});
    ASSERT_TRUE(hit);
    ASSERT_TRUE(hit->shifted_score);
    EXPECT_EQ(*hit->shifted_score, hit->score);
    const Codes unique = codes("ACGTTGCAAGGCTTAACCGGATCGATCGGCTAGCTAACGTAGCTAGGATCCGATTACG");
    const Codes around =
        codes("TTTTT" + std::string("ACGTTGCAAGGCTTAACCGGATCGATCGGCTAGCTAACGTAGCTAGGATCCGATTACG") +
              "GGGGG");
    const auto unique_hit = extend_read(unique, around, 0, MapScoring{});
    ASSERT_TRUE(unique_hit);
    EXPECT_FALSE(unique_hit->shifted_score);
}

}  // namespace
}  // namespace tropic::map::detail

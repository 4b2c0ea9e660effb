#include "tropic/core/alignment_record.hpp"

#include <gtest/gtest.h>

namespace tropic {
namespace {

using Op = CigarOp;

TEST(AlignmentRecord, CigarText) {
    std::vector<CigarElement> cigar{
        {Op::SoftClip, 3},         {Op::Match, 5},    {Op::Insertion, 2},
        {Op::Deletion, 1},         {Op::Skip, 100},   {Op::SequenceMatch, 4},
        {Op::SequenceMismatch, 1}, {Op::HardClip, 7}, {Op::Padding, 2}};
    EXPECT_EQ(cigar_string(cigar), "3S5M2I1D100N4=1X7H2P");
    EXPECT_EQ(cigar_string({}), "*");
}

TEST(AlignmentRecord, CigarLengths) {
    std::vector<CigarElement> cigar{
        {Op::SoftClip, 3},         {Op::Match, 5},    {Op::Insertion, 2},
        {Op::Deletion, 1},         {Op::Skip, 100},   {Op::SequenceMatch, 4},
        {Op::SequenceMismatch, 1}, {Op::HardClip, 7}, {Op::Padding, 2}};
    EXPECT_EQ(cigar_query_length(cigar), 3 + 5 + 2 + 4 + 1);
    EXPECT_EQ(cigar_reference_length(cigar), 5 + 1 + 100 + 4 + 1);
    EXPECT_EQ(cigar_query_length({}), 0);
}

TEST(AlignmentRecord, FindsOptionalFields) {
    AlignmentRecord record;
    record.aux = {{"NM", std::int64_t{2}}, {"RG", std::string("rg1")}, {"XA", 'x'}};
    ASSERT_NE(record.find_aux("RG"), nullptr);
    EXPECT_EQ(std::get<std::string>(*record.find_aux("RG")), "rg1");
    EXPECT_EQ(std::get<std::int64_t>(*record.find_aux("NM")), 2);
    EXPECT_EQ(std::get<char>(*record.find_aux("XA")), 'x');
    EXPECT_EQ(record.find_aux("MD"), nullptr);
}

}  // namespace
}  // namespace tropic

#include "tropic/core/alignment_header.hpp"

#include <gtest/gtest.h>

#include "tropic/core/error.hpp"

namespace tropic {
namespace {

const std::string kText =
    "@HD\tVN:1.6\tSO:coordinate\n"
    "@SQ\tSN:chr1\tLN:1000\n"
    "@SQ\tSN:chr2\tLN:500\n"
    "@RG\tID:rg1\tSM:s1\n"
    "@RG\tID:rg2\tSM:s2\n"
    "@PG\tID:aligner\tPN:aligner\n"
    "@CO\tfree text\n";

TEST(AlignmentHeader, ParsesReferencesInOrder) {
    AlignmentHeader header(kText);
    std::vector<ReferenceSequence> expected{{"chr1", 1000}, {"chr2", 500}};
    EXPECT_EQ(header.references(), expected);
    EXPECT_EQ(header.reference_id("chr2"), 1);
    EXPECT_EQ(header.reference_id("chr3"), std::nullopt);
    EXPECT_EQ(header.text(), kText);
}

TEST(AlignmentHeader, LinesByType) {
    AlignmentHeader header(kText);
    std::vector<std::string> groups{"@RG\tID:rg1\tSM:s1", "@RG\tID:rg2\tSM:s2"};
    EXPECT_EQ(header.read_groups(), groups);
    EXPECT_EQ(header.programs(), std::vector<std::string>{"@PG\tID:aligner\tPN:aligner"});
    EXPECT_EQ(header.lines("CO"), std::vector<std::string>{"@CO\tfree text"});
    EXPECT_TRUE(header.lines("R").empty()) << "a type matches whole";
}

TEST(AlignmentHeader, FromReferencesAndAddedLines) {
    auto header = AlignmentHeader::from_references({{"a", 10}, {"b", 20}});
    EXPECT_EQ(header.text(), "@HD\tVN:1.6\n@SQ\tSN:a\tLN:10\n@SQ\tSN:b\tLN:20\n");
    header.add_line("@PG\tID:tropic\tPN:tropic");
    EXPECT_EQ(header.programs(), std::vector<std::string>{"@PG\tID:tropic\tPN:tropic"});
    header.add_line("@SQ\tSN:c\tLN:30\n");
    ASSERT_EQ(header.references().size(), 3u);
    EXPECT_EQ(header.references()[2], (ReferenceSequence{"c", 30}));
    EXPECT_EQ(header.reference_id("c"), 2);
}

TEST(AlignmentHeader, EmptyHasNoReferences) {
    AlignmentHeader header;
    EXPECT_TRUE(header.references().empty());
    EXPECT_TRUE(header.text().empty());
    EXPECT_TRUE(AlignmentHeader("").references().empty());
}

TEST(AlignmentHeader, MalformedIsAnInputError) {
    EXPECT_THROW(AlignmentHeader("@SQ\tSN:chr1\n"), InputError) << "@SQ without LN";
    EXPECT_THROW(AlignmentHeader("@SQ\tLN:10\n"), InputError) << "@SQ without SN";
    EXPECT_THROW(AlignmentHeader("not a header line\n"), InputError);
}

}  // namespace
}  // namespace tropic

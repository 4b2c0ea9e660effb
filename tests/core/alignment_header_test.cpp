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

// The SAM specification's reference names: printable ASCII but \ , " ' ` ( ) [ ] { } < >, not
// starting with '*' or '='.
TEST(AlignmentHeader, ReferenceNamesFollowTheSamRules) {
    for (const std::string name :
         {"chr1", "a", "HLA-A*01:01", "x=y", "chr1|gi:5;2", "@#$%&+./?^_~!"})
        EXPECT_EQ(sam_reference_name_problem(name), std::nullopt) << name;
    const std::vector<std::pair<std::string, std::string>> refused = {
        {"", "an empty name cannot be a SAM reference name"},
        {"*", "the name starts with '*'"},
        {"*chr1", "the name starts with '*'"},
        {"=x", "the name starts with '='"},
        {"chr 1", "the name has ' ' (space) at position 4"},
        {"a,b", "the name has ',' at position 2"},
        {"a\\b", "position 2"},
        {"q\"", "position 2"},
        {"q'", "position 2"},
        {"q`", "position 2"},
        {"(a)", "position 1"},
        {"a[1]", "position 2"},
        {"a{1}", "position 2"},
        {"<a>", "position 1"},
        {"a\tb", "position 2"},
        {"a\x80", "position 2"}};
    for (const auto& [name, says] : refused) {
        const std::optional<std::string> problem = sam_reference_name_problem(name);
        ASSERT_TRUE(problem.has_value()) << name;
        EXPECT_NE(problem->find(says), std::string::npos) << *problem;
    }
}

// A header built from references refuses a name SAM does not allow, naming the reference.
TEST(AlignmentHeader, FromReferencesRefusesNamesSamDoesNotAllow) {
    for (const auto& [name, says] : std::vector<std::pair<std::string, std::string>>{
             {"*", "reference 2 ('*'): the name starts with '*'"},
             {"=x", "reference 2 ('=x'): the name starts with '='"},
             {"", "reference 2 (''): an empty name cannot be a SAM reference name"}}) {
        try {
            (void)AlignmentHeader::from_references({{"a", 10}, {name, 20}});
            ADD_FAILURE() << "no InputError for '" << name << "'";
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
        }
    }
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

// RNAfold's layout and the JSON lines of fold results, byte for byte.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "tropic/rna/fold_writer.hpp"

namespace tropic::rna {
namespace {

const SequenceRecord kHairpin{"hairpin", "GGGAAACCC"};

TEST(FoldWriter, MfeInRnafoldLayout) {
    std::string out;
    append_fold_text(out, kHairpin, MfeResult{-120, "(((...)))"});
    append_fold_text(out, SequenceRecord{"open", "AAAA"}, MfeResult{0, "...."});
    append_fold_text(out, SequenceRecord{"up", "GAAAAAAAC"}, MfeResult{1050, "(.......)"});
    EXPECT_EQ(out,
              ">hairpin\nGGGAAACCC\n(((...))) ( -1.20)\n"
              ">open\nAAAA\n.... (  0.00)\n"
              ">up\nGAAAAAAAC\n(.......) ( 10.50)\n");
}

TEST(FoldWriter, NoNameLineWithoutAHeader) {
    std::string out;
    append_fold_text(out, SequenceRecord{"", "GGGAAACCC"}, MfeResult{-120, "(((...)))"});
    SequenceRecord plain_line{"1", "GGGAAACCC"};
    plain_line.has_header = false;
    append_fold_text(out, plain_line, NussinovResult{3, "(((...)))"});
    EXPECT_EQ(out, "GGGAAACCC\n(((...))) ( -1.20)\nGGGAAACCC\n(((...))) (3)\n");
}

TEST(FoldWriter, NussinovScoreInParentheses) {
    std::string out;
    append_fold_text(out, kHairpin, NussinovResult{3, "(((...)))"});
    EXPECT_EQ(out, ">hairpin\nGGGAAACCC\n(((...))) (3)\n");
}

TEST(FoldWriter, JsonKeysInTheDocumentedOrder) {
    std::string out;
    append_fold_json(out, kHairpin, MfeResult{-120, "(((...)))"});
    append_fold_json(out, kHairpin, NussinovResult{3, "(((...)))"});
    EXPECT_EQ(out,
              "{\"name\":\"hairpin\",\"length\":9,\"sequence\":\"GGGAAACCC\",\"structure\":"
              "\"(((...)))\",\"energy\":-1.20,\"model\":\"mfe\"}\n"
              "{\"name\":\"hairpin\",\"length\":9,\"sequence\":\"GGGAAACCC\",\"structure\":"
              "\"(((...)))\",\"score\":3,\"model\":\"nussinov\"}\n");
}

TEST(FoldWriter, JsonEscapesNamesAndReplacesInvalidUtf8) {
    std::string out;
    append_fold_json(out, SequenceRecord{"a\"b\\c\xff", "GC"}, MfeResult{0, ".."});
    const auto parsed = nlohmann::json::parse(out);
    EXPECT_EQ(parsed["name"], "a\"b\\c\xef\xbf\xbd") << out;
    EXPECT_EQ(parsed["energy"], 0.0);
}

}  // namespace
}  // namespace tropic::rna

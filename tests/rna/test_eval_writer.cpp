// RNAeval's layout (plain and --verbose) and the JSON lines of evaluated structures.
#include <gtest/gtest.h>

#include <cmath>
#include <nlohmann/json.hpp>
#include <string>

#include "tropic/core/alphabet.hpp"
#include "tropic/rna/eval_writer.hpp"

namespace tropic::rna {
namespace {

const StructureRecord kHairpin{"hairpin", "GGGAAACCC", "(((...)))"};

// The energy of a record with its loops, as eval computes it.
StructureEnergy evaluated(const StructureRecord& record) {
    StructureEnergy result;
    result.energy = evaluate_structure(encode_rna(record.sequence), record.structure,
                                       turner2004_params(), Dangles::Both, &result.loops);
    return result;
}

TEST(EvalWriter, RnaevalLayout) {
    std::string out;
    append_eval_text(out, kHairpin, StructureEnergy{-120, {}});
    append_eval_text(out, StructureRecord{"", "UUUUUUUUU", "........."}, StructureEnergy{0, {}});
    EXPECT_EQ(out, ">hairpin\nGGGAAACCC\n(((...))) ( -1.20)\nUUUUUUUUU\n......... (  0.00)\n");
}

TEST(EvalWriter, VerboseListsEveryLoopBeforeTheStructure) {
    std::string out;
    append_eval_text(out, kHairpin, evaluated(kHairpin));
    // RNAeval -v (ViennaRNA 2.7, Turner 2004) gives these contributions.
    EXPECT_EQ(out,
              ">hairpin\nGGGAAACCC\n"
              "exterior                             0.00\n"
              "stack     (1,9) (2,8)               -3.30\n"
              "stack     (2,8) (3,7)               -3.30\n"
              "hairpin   (3,7)                      5.40\n"
              "(((...))) ( -1.20)\n");
}

TEST(EvalWriter, JsonLine) {
    std::string out;
    append_eval_json(out, kHairpin, StructureEnergy{-120, {}});
    EXPECT_EQ(out,
              "{\"name\":\"hairpin\",\"length\":9,\"sequence\":\"GGGAAACCC\",\"structure\":"
              "\"(((...)))\",\"energy\":-1.20}\n");
}

TEST(EvalWriter, VerboseJsonListsTheLoops) {
    std::string out;
    append_eval_json(out, kHairpin, evaluated(kHairpin));
    EXPECT_EQ(out,
              "{\"name\":\"hairpin\",\"length\":9,\"sequence\":\"GGGAAACCC\",\"structure\":"
              "\"(((...)))\",\"energy\":-1.20,\"loops\":["
              "{\"kind\":\"exterior\",\"energy\":0.00},"
              "{\"kind\":\"stack\",\"i\":1,\"j\":9,\"p\":2,\"q\":8,\"energy\":-3.30},"
              "{\"kind\":\"stack\",\"i\":2,\"j\":8,\"p\":3,\"q\":7,\"energy\":-3.30},"
              "{\"kind\":\"hairpin\",\"i\":3,\"j\":7,\"energy\":5.40}]}\n");
    const auto parsed = nlohmann::json::parse(out);
    long sum = 0;
    for (const auto& loop : parsed["loops"]) sum += std::lround(loop["energy"].get<double>() * 100);
    EXPECT_EQ(sum, -120) << "the loops add up to the energy";
}

TEST(EvalWriter, JsonEscapesTheName) {
    std::string out;
    append_eval_json(out, StructureRecord{"x\"y", "GGGAAACCC", "(((...)))"},
                     StructureEnergy{-120, {}});
    EXPECT_EQ(nlohmann::json::parse(out)["name"], "x\"y");
}

}  // namespace
}  // namespace tropic::rna

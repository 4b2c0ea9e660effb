// validate(params) and score_structure.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tropic/core/error.hpp"
#include "tropic/rna/nussinov.hpp"

namespace {

using tropic::InputError;
using tropic::rna::NussinovParams;
using tropic::rna::PairWeights;
using tropic::rna::score_structure;
using tropic::rna::validate;

// A C G U N as Base codes.
std::vector<std::uint8_t> encode(const std::string& s) {
    std::vector<std::uint8_t> out;
    for (char c : s) out.push_back(static_cast<std::uint8_t>(std::string("ACGUN").find(c)));
    return out;
}

TEST(NussinovValidate, AcceptsRangesAndRejectsOthers) {
    EXPECT_NO_THROW(validate(NussinovParams{}));
    EXPECT_NO_THROW(validate(NussinovParams{0, {0, 0, 0}}));
    EXPECT_NO_THROW(validate(NussinovParams{1000, {1000, 1000, 1000}}));
    EXPECT_THROW(validate(NussinovParams{-1, {}}), InputError);
    EXPECT_THROW(validate(NussinovParams{1001, {}}), InputError);
    EXPECT_THROW(validate(NussinovParams{3, {-1, 1, 1}}), InputError);
    EXPECT_THROW(validate(NussinovParams{3, {1, 1001, 1}}), InputError);
    EXPECT_THROW(validate(NussinovParams{3, {1, 1, -5}}), InputError);
    try {
        validate(NussinovParams{3, {1, 1, 2000}});
        ADD_FAILURE() << "accepted GU=2000";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("2000"), std::string::npos) << e.what();
    }
}

TEST(ScoreStructure, SumsWeightsOfValidStructures) {
    NussinovParams params{3, PairWeights{2, 3, 1}};
    auto seq = encode("GGGAAAUCCCNGAAAAU");
    EXPECT_EQ(score_structure(seq, std::string(seq.size(), '.'), params), 0);
    EXPECT_EQ(score_structure(seq, "(((....))).......", params), 9);   // three GC
    EXPECT_EQ(score_structure(seq, "(((....))).(....)", params), 10);  // + GU
    EXPECT_EQ(score_structure(seq, "...(............)", params), 2);   // AU
    EXPECT_EQ(score_structure(seq, "..(...)..........", params), 1);   // GU, loop of 3
    EXPECT_EQ(score_structure({}, "", params), 0);
    params.min_loop = 2;
    EXPECT_EQ(score_structure(seq, "...(..)..........", params), 2);  // AU with a loop of 2
}

void expect_rejected(const std::string& sequence, const std::string& structure,
                     const NussinovParams& params, const std::string& must_mention) {
    SCOPED_TRACE(structure);
    try {
        (void)score_structure(encode(sequence), structure, params);
        ADD_FAILURE() << "accepted";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(must_mention), std::string::npos) << e.what();
    }
}

TEST(ScoreStructure, RejectsInvalidStructures) {
    NussinovParams params{3, PairWeights{2, 3, 1}};
    const std::string seq = "GGGAAAUCCCNGAAAAU";
    expect_rejected(seq, "((((....))).......", params, "characters");
    expect_rejected(seq, "(((....)))(......", params, "never closed");
    expect_rejected(seq, "(((....))))......", params, "no matching");
    expect_rejected(seq, ")(...............", params, "no matching");
    expect_rejected(seq, "(((....)))(.....)", params, "not an allowed pair");  // N-U
    expect_rejected(seq, "(.........)......", params, "not an allowed pair");  // G-N
    expect_rejected(seq, "...(..)..........", params, "min_loop");             // A-U, loop 2
    expect_rejected(seq, "(((....)))...x...", params, "unexpected character");
    params.weights.gc = 0;
    expect_rejected(seq, "(((....))).......", params, "not an allowed pair");
}

}  // namespace

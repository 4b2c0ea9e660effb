// Substitution matrices (built-in, parsed, DNA), gap-cost checks and Karlin-Altschul statistics.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "support/input_error.hpp"
#include "support/temp_dir.hpp"
#include "tropic/align/karlin_altschul.hpp"
#include "tropic/align/scoring.hpp"
#include "tropic/core/protein_encoding.hpp"

namespace tropic::align {
namespace {

using test::input_error_of;

std::uint8_t code(char letter) {
    return static_cast<std::uint8_t>(kProteinResidueOrder.find(letter));
}

std::int32_t score(const SubstitutionMatrix& matrix, char a, char b) {
    return matrix.score(code(a), code(b));
}

// The matrix in NCBI's format, optionally with comment lines and CRLF line ends.
std::string ncbi_text(const SubstitutionMatrix& matrix, bool comments = false, bool crlf = false) {
    const std::string end = crlf ? "\r\n" : "\n";
    std::string text = comments ? "# written by the test" + end + "#" + end : "";
    for (char c : kProteinResidueOrder) text += std::string("  ") + c;
    text += end;
    for (char a : kProteinResidueOrder) {
        text += a;
        for (char b : kProteinResidueOrder) text += " " + std::to_string(score(matrix, a, b));
        text += (comments ? " \t" : "") + end;
    }
    return text;
}

// A checksum that sees every entry and its position: sum of (k + 1) * score[k].
std::int64_t weighted_sum(const SubstitutionMatrix& matrix) {
    std::int64_t sum = 0;
    for (std::size_t k = 0; k < matrix.scores.size(); ++k) sum += (k + 1) * matrix.scores[k];
    return sum;
}

TEST(ScoringBuiltin, NamesAreTheEightNcbiMatrices) {
    const std::vector<std::string> expected = {"BLOSUM45", "BLOSUM50", "BLOSUM62", "BLOSUM80",
                                               "BLOSUM90", "PAM30",    "PAM70",    "PAM250"};
    EXPECT_EQ(builtin_matrix_names(), expected);
}

TEST(ScoringBuiltin, EveryMatrixIsAFullSymmetricProteinMatrix) {
    for (const std::string& name : builtin_matrix_names()) {
        const SubstitutionMatrix matrix = builtin_matrix(name);
        EXPECT_EQ(matrix.name, name);
        EXPECT_TRUE(matrix.builtin) << name;
        EXPECT_EQ(matrix.alphabet, Alphabet::Protein) << name;
        ASSERT_EQ(matrix.size, kProteinCodeCount) << name;
        ASSERT_EQ(matrix.scores.size(), 576u) << name;
        for (std::uint8_t a = 0; a < kProteinCodeCount; ++a)
            for (std::uint8_t b = 0; b < kProteinCodeCount; ++b)
                EXPECT_EQ(matrix.score(a, b), matrix.score(b, a))
                    << name << " " << int(a) << int(b);
        EXPECT_EQ(score(matrix, '*', '*'), 1) << name;
    }
}

TEST(ScoringBuiltin, NamesAreCaseInsensitive) {
    EXPECT_EQ(builtin_matrix("blosum62").name, "BLOSUM62");
    EXPECT_EQ(builtin_matrix("Pam250").scores, builtin_matrix("PAM250").scores);
}

TEST(ScoringBuiltin, KnownEntries) {
    const SubstitutionMatrix b62 = builtin_matrix("BLOSUM62");
    EXPECT_EQ(score(b62, 'W', 'W'), 11);
    EXPECT_EQ(score(b62, 'A', 'A'), 4);
    EXPECT_EQ(score(b62, 'C', 'C'), 9);
    EXPECT_EQ(score(b62, 'W', 'F'), 1);
    EXPECT_EQ(score(b62, 'D', 'B'), 4);
    EXPECT_EQ(score(b62, 'E', 'Z'), 4);
    EXPECT_EQ(score(b62, 'A', 'X'), 0);
    EXPECT_EQ(score(b62, 'A', '*'), -4);
    EXPECT_EQ(b62.max_score(), 11);
    EXPECT_EQ(b62.min_score(), -4);
    EXPECT_EQ(score(builtin_matrix("BLOSUM45"), 'C', 'C'), 12);
    EXPECT_EQ(score(builtin_matrix("BLOSUM50"), 'P', 'P'), 10);
    // BLAST's BLOSUM80, in 1/2-bit units (the 1/3-bit one has A/A = 7).
    EXPECT_EQ(score(builtin_matrix("BLOSUM80"), 'A', 'A'), 5);
    EXPECT_EQ(score(builtin_matrix("BLOSUM80"), 'D', 'W'), -6);
    EXPECT_EQ(score(builtin_matrix("BLOSUM90"), 'W', 'W'), 11);
    EXPECT_EQ(score(builtin_matrix("PAM30"), 'W', 'W'), 13);
    EXPECT_EQ(score(builtin_matrix("PAM30"), 'E', 'W'), -17);
    EXPECT_EQ(score(builtin_matrix("PAM70"), 'M', 'M'), 10);
    EXPECT_EQ(score(builtin_matrix("PAM250"), 'W', 'W'), 17);
    EXPECT_EQ(score(builtin_matrix("PAM250"), 'C', 'W'), -8);
}

// Sums over the NCBI files, computed from them independently of tropic, so that any changed
// entry shows.
TEST(ScoringBuiltin, ChecksumsOfTheNcbiFiles) {
    struct Sums {
        const char* name;
        std::int64_t plain, weighted;
    };
    const Sums expected[] = {
        {"BLOSUM45", -689, -225064},  {"BLOSUM50", -814, -259664},  {"BLOSUM62", -726, -228651},
        {"BLOSUM80", -1090, -343715}, {"BLOSUM90", -1233, -383833}, {"PAM30", -3678, -1142678},
        {"PAM70", -2140, -677240},    {"PAM250", -932, -320782},
    };
    for (const Sums& sums : expected) {
        const SubstitutionMatrix matrix = builtin_matrix(sums.name);
        std::int64_t plain = 0;
        for (std::int32_t s : matrix.scores) plain += s;
        EXPECT_EQ(plain, sums.plain) << sums.name;
        EXPECT_EQ(weighted_sum(matrix), sums.weighted) << sums.name;
    }
}

TEST(ScoringBuiltin, EachRoundTripsThroughNcbiText) {
    for (const std::string& name : builtin_matrix_names()) {
        const SubstitutionMatrix matrix = builtin_matrix(name);
        for (bool comments : {false, true}) {
            for (bool crlf : {false, true}) {
                const SubstitutionMatrix again =
                    parse_matrix(ncbi_text(matrix, comments, crlf), "copy");
                EXPECT_EQ(again.scores, matrix.scores) << name << comments << crlf;
                EXPECT_EQ(again.name, "copy");
                EXPECT_FALSE(again.builtin);
            }
        }
    }
}

TEST(ScoringBuiltin, AnUnknownNameListsTheNamesAndMentionsFiles) {
    const std::string message = input_error_of([] { (void)builtin_matrix("BLOSUM63"); });
    EXPECT_NE(message.find("'BLOSUM63'"), std::string::npos) << message;
    for (const std::string& name : builtin_matrix_names())
        EXPECT_NE(message.find(name), std::string::npos) << message;
    EXPECT_NE(message.find("file"), std::string::npos) << message;
}

std::string parse_error(const std::string& text) {
    return input_error_of([&] { (void)parse_matrix(text, "m.txt"); });
}

TEST(ScoringParser, ErrorsNameSourceLineAndColumn) {
    // An unknown letter in the header (J is not one of NCBI's 24).
    EXPECT_EQ(parse_error("# c\n   A  J\nA 1 2\n").rfind("m.txt: line 2, column 7: 'J' is not", 0),
              0u)
        << parse_error("# c\n   A  J\nA 1 2\n");
    // A repeated letter.
    EXPECT_EQ(parse_error(" A R a\n").rfind("m.txt: line 1, column 6: letter 'a' appears twice", 0),
              0u)
        << parse_error(" A R a\n");
    // A short row: the column just past its end.
    EXPECT_EQ(
        parse_error(" A R\nA 1 2\nR 3\n").rfind("m.txt: line 3, column 4: row 'R' has 1 values", 0),
        0u)
        << parse_error(" A R\nA 1 2\nR 3\n");
    // A long row: the first value too many.
    EXPECT_EQ(parse_error(" A R\nA 1 2 3\n").rfind("m.txt: line 2, column 7: row 'A' has more", 0),
              0u)
        << parse_error(" A R\nA 1 2 3\n");
    // Values that are not integers.
    EXPECT_EQ(
        parse_error(" A R\nA 1 2.5\n").rfind("m.txt: line 2, column 5: '2.5' is not an integer", 0),
        0u)
        << parse_error(" A R\nA 1 2.5\n");
    EXPECT_EQ(parse_error(" A\nA -\n").rfind("m.txt: line 2, column 3: '-' is not an integer", 0),
              0u);
    EXPECT_EQ(parse_error(" A\nA 1e3\n").rfind("m.txt: line 2, column 3: '1e3' is not", 0), 0u);
    // Values beyond +-1000, however many digits.
    EXPECT_EQ(parse_error(" A\nA 1001\n").rfind("m.txt: line 2, column 3: '1001' is beyond", 0),
              0u);
    EXPECT_EQ(parse_error(" A\nA -99999999999999999999999\n")
                  .rfind("m.txt: line 2, column 3: '-9999999999999999999...' is beyond", 0),
              0u)
        << parse_error(" A\nA -99999999999999999999999\n");
    // Rows: an unknown letter, a letter missing from the header, a repeated row.
    EXPECT_EQ(parse_error(" A\nO 1\n").rfind("m.txt: line 2, column 1: 'O' is not", 0), 0u);
    EXPECT_EQ(
        parse_error(" A\nR 1\n").rfind("m.txt: line 2, column 1: row letter 'R' is not in", 0), 0u);
    EXPECT_EQ(parse_error(" A\nA 1\n\nA 1\n").rfind("m.txt: line 4, column 1: a second row", 0),
              0u);
    // A header token longer than a letter, with a byte that is not printable.
    EXPECT_EQ(parse_error("A\x01 R\n").rfind("m.txt: line 1, column 1: 'A\\x01' is not", 0), 0u)
        << parse_error("A\x01 R\n");
}

TEST(ScoringParser, EmptyInputsAreRefused) {
    EXPECT_EQ(parse_error("").rfind("m.txt: line 1, column 1: no matrix", 0), 0u)
        << parse_error("");
    EXPECT_EQ(parse_error("# only\n#comments\n\n").rfind("m.txt: line 4, column 1: no matrix", 0),
              0u)
        << parse_error("# only\n#comments\n\n");
    EXPECT_EQ(
        parse_error("# c\n A R\n").rfind("m.txt: line 2, column 1: the header line is not", 0), 0u)
        << parse_error("# c\n A R\n");
}

TEST(ScoringParser, AcceptsTabsCrlfTrailingSpacesLowerCaseAndAnyOrder) {
    const SubstitutionMatrix matrix =
        parse_matrix("#x\r\n\tr\ta  \r\n\r\na -1 4 \t\r\nR 5 -1\r\n", "m");
    EXPECT_EQ(score(matrix, 'A', 'A'), 4);
    EXPECT_EQ(score(matrix, 'R', 'R'), 5);
    EXPECT_EQ(score(matrix, 'A', 'R'), -1);
    EXPECT_EQ(matrix.size, kProteinCodeCount);
    EXPECT_EQ(matrix.alphabet, Alphabet::Protein);
    EXPECT_EQ(score(parse_matrix(" A\nA +7\n", "m"), 'A', 'A'), 7);
    EXPECT_EQ(score(parse_matrix(" A\nA -1000\n", "m"), 'A', 'A'), -1000);
}

TEST(ScoringParser, MissingLettersScoreAsTheirPairWithX) {
    // A file with A, R and X: N, '*' and the rest stand in as X.
    const SubstitutionMatrix matrix = parse_matrix(
        "   A  R  X\n"
        "A  4 -1  0\n"
        "R -1  5 -2\n"
        "X  0 -2 -3\n",
        "m");
    EXPECT_EQ(score(matrix, 'A', 'N'), 0);   // (A, X)
    EXPECT_EQ(score(matrix, 'N', 'R'), -2);  // (X, R)
    EXPECT_EQ(score(matrix, 'N', 'N'), -3);  // (X, X)
    EXPECT_EQ(score(matrix, '*', 'A'), 0);
    EXPECT_EQ(score(matrix, 'W', '*'), -3);
    EXPECT_EQ(score(matrix, 'R', 'R'), 5);
}

TEST(ScoringParser, WithoutXMissingPairsTakeTheSmallestScore) {
    const SubstitutionMatrix matrix = parse_matrix(" A R\nA 4 -7\nR -6 5\n", "m");
    EXPECT_EQ(score(matrix, 'A', 'N'), -7);
    EXPECT_EQ(score(matrix, 'X', 'X'), -7);
    EXPECT_EQ(score(matrix, 'R', 'A'), -6);  // as given, even though not symmetric
}

TEST(ScoringParser, BuiltinWithoutStarAndAmbiguityRowsFillsFromX) {
    const SubstitutionMatrix b62 = builtin_matrix("BLOSUM62");
    std::string text;
    const std::string kept = "ARNDCQEGHILKMFPSTWYVX";
    for (char c : kept) text += std::string(" ") + c;
    text += "\n";
    for (char a : kept) {
        text += a;
        for (char b : kept) text += " " + std::to_string(score(b62, a, b));
        text += "\n";
    }
    const SubstitutionMatrix matrix = parse_matrix(text, "m");
    for (char a : kept)
        for (char b : kept) EXPECT_EQ(score(matrix, a, b), score(b62, a, b));
    EXPECT_EQ(score(matrix, 'B', 'D'), score(b62, 'X', 'D'));
    EXPECT_EQ(score(matrix, 'W', '*'), score(b62, 'W', 'X'));
    EXPECT_EQ(score(matrix, '*', '*'), score(b62, 'X', 'X'));
}

TEST(ScoringParser, ReadsFilesAndNamesAnUnreadableOne) {
    const test::TempDir dir("tropic-scoring");
    const std::string path = dir.write("b62.txt", ncbi_text(builtin_matrix("BLOSUM62"), true));
    const SubstitutionMatrix matrix = read_matrix_file(path);
    EXPECT_EQ(matrix.scores, builtin_matrix("BLOSUM62").scores);
    EXPECT_EQ(matrix.name, path);

    const std::string missing = (dir.path() / "absent.txt").string();
    const std::string message = input_error_of([&] { (void)read_matrix_file(missing); });
    EXPECT_EQ(message.rfind(missing + ": cannot open", 0), 0u) << message;

    const std::string broken = dir.write("broken.txt", " A R\nA 1 x\n");
    EXPECT_EQ(input_error_of([&] {
                  (void)read_matrix_file(broken);
              }).rfind(broken + ": line 2, column 5: 'x' is not an integer", 0),
              0u);
}

// Random inputs, some pure noise and some a real matrix with a few bytes changed: the parser
// either accepts (a complete matrix within range) or throws InputError, nothing else.
TEST(ScoringParser, RandomInputOnlyEverThrowsInputError) {
    const std::string valid = ncbi_text(builtin_matrix("PAM30"), true, true);
    using namespace std::string_literals;  // the alphabet holds a NUL byte
    const std::string alphabet = "ARNDCQEGHILKMFPSTWYVBZX*arnjou0123456789-+ .#\t\r\n\x00\xff"s;
    for (std::uint32_t seed = 1; seed <= 2000; ++seed) {
        std::mt19937 random(seed);
        std::string text;
        if (seed % 2 == 0) {
            const std::size_t length = random() % 400;
            for (std::size_t i = 0; i < length; ++i) text += alphabet[random() % alphabet.size()];
        } else {
            text = valid;
            const int edits = 1 + static_cast<int>(random() % 4);
            for (int e = 0; e < edits; ++e) {
                const std::size_t at = random() % text.size();
                switch (random() % 3) {
                    case 0:
                        text[at] = alphabet[random() % alphabet.size()];
                        break;
                    case 1:
                        text.erase(at, 1 + random() % 8);
                        break;
                    default:
                        text.insert(at, 1, alphabet[random() % alphabet.size()]);
                }
            }
        }
        try {
            const SubstitutionMatrix matrix = parse_matrix(text, "random");
            ASSERT_EQ(matrix.scores.size(), 576u) << seed;
            for (std::int32_t s : matrix.scores) ASSERT_LE(std::abs(s), 1000) << seed;
        } catch (const InputError& e) {
            ASSERT_EQ(std::string(e.what()).rfind("random: line ", 0), 0u) << e.what();
        }
    }
}

TEST(ScoringDna, MatchMismatchAndN) {
    const SubstitutionMatrix matrix = dna_matrix(2, -3, -1);
    EXPECT_EQ(matrix.name, "DNA +2/-3");
    EXPECT_EQ(matrix.alphabet, Alphabet::Dna);
    ASSERT_EQ(matrix.size, 5);
    ASSERT_EQ(matrix.scores.size(), 25u);
    for (std::uint8_t a = 0; a < 5; ++a) {
        for (std::uint8_t b = 0; b < 5; ++b) {
            const int expected = a == 4 || b == 4 ? -1 : a == b ? 2 : -3;
            EXPECT_EQ(matrix.score(a, b), expected) << int(a) << int(b);
        }
    }
    EXPECT_EQ(matrix.max_score(), 2);
    EXPECT_EQ(matrix.min_score(), -3);
    EXPECT_FALSE(matrix.builtin);
}

TEST(ScoringValidate, GapCosts) {
    Scoring scoring;
    EXPECT_NO_THROW(validate(scoring));
    scoring.gaps = {0, 1};
    EXPECT_NO_THROW(validate(scoring));
    scoring.gaps = {1000000, 1000000};
    EXPECT_NO_THROW(validate(scoring));

    scoring.gaps = {-1, 2};
    EXPECT_EQ(input_error_of([&] { validate(scoring); }),
              "--gap-open must be between 0 and 1000000, not -1");
    scoring.gaps = {5, 1000001};
    EXPECT_EQ(input_error_of([&] { validate(scoring); }),
              "--gap-extend must be between 0 and 1000000, not 1000001");
    scoring.gaps = {0, 0};
    EXPECT_EQ(input_error_of([&] { validate(scoring); }).rfind("--gap-open and --gap-extend", 0),
              0u);
}

void expect_parameters(const std::optional<KarlinAltschul>& found, double lambda, double k,
                       double h) {
    ASSERT_TRUE(found.has_value());
    EXPECT_DOUBLE_EQ(found->lambda, lambda);
    EXPECT_DOUBLE_EQ(found->k, k);
    EXPECT_DOUBLE_EQ(found->h, h);
}

TEST(ScoringKarlinAltschul, ProteinTables) {
    Scoring scoring{builtin_matrix("BLOSUM62"), {11, 1}};
    expect_parameters(karlin_altschul(scoring), 0.267, 0.041, 0.14);
    scoring.gaps = {9, 2};
    expect_parameters(karlin_altschul(scoring), 0.279, 0.058, 0.19);
    scoring = {builtin_matrix("blosum45"), {15, 2}};
    expect_parameters(karlin_altschul(scoring), 0.203, 0.041, 0.12);
    scoring = {builtin_matrix("BLOSUM50"), {13, 2}};
    expect_parameters(karlin_altschul(scoring), 0.193, 0.035, 0.12);
    scoring = {builtin_matrix("BLOSUM80"), {10, 1}};
    expect_parameters(karlin_altschul(scoring), 0.299, 0.071, 0.27);
    scoring = {builtin_matrix("BLOSUM90"), {10, 1}};
    expect_parameters(karlin_altschul(scoring), 0.290, 0.075, 0.28);
    scoring = {builtin_matrix("PAM30"), {9, 1}};
    expect_parameters(karlin_altschul(scoring), 0.294, 0.11, 0.61);
    scoring = {builtin_matrix("PAM70"), {10, 1}};
    expect_parameters(karlin_altschul(scoring), 0.291, 0.091, 0.41);
    scoring = {builtin_matrix("PAM250"), {14, 2}};
    expect_parameters(karlin_altschul(scoring), 0.182, 0.024, 0.073);
}

TEST(ScoringKarlinAltschul, NoneOutsideTheTables) {
    // Gap costs BLAST does not list for BLOSUM62.
    EXPECT_FALSE(karlin_altschul({builtin_matrix("BLOSUM62"), {5, 2}}).has_value());
    // A matrix read from a file, even with BLOSUM62's scores.
    const SubstitutionMatrix parsed = parse_matrix(ncbi_text(builtin_matrix("BLOSUM62")), "b62");
    EXPECT_FALSE(karlin_altschul({parsed, {11, 1}}).has_value());
    // A built-in matrix changed after it was loaded.
    SubstitutionMatrix changed = builtin_matrix("BLOSUM62");
    changed.scores[0] = 5;
    EXPECT_FALSE(karlin_altschul({changed, {11, 1}}).has_value());
}

TEST(ScoringKarlinAltschul, DnaTables) {
    expect_parameters(karlin_altschul({dna_matrix(2, -3, -3), {5, 2}}), 0.625, 0.41, 0.78);
    // N's score does not change the scheme.
    expect_parameters(karlin_altschul({dna_matrix(2, -3, 0), {5, 2}}), 0.625, 0.41, 0.78);
    expect_parameters(karlin_altschul({dna_matrix(1, -2, -2), {0, 2}}), 1.19, 0.34, 0.66);
    expect_parameters(karlin_altschul({dna_matrix(1, -3, -3), {2, 2}}), 1.37, 0.70, 1.2);
    expect_parameters(karlin_altschul({dna_matrix(5, -4, -4), {10, 6}}), 0.163, 0.068, 0.16);
    // Scores with a common divisor: (4, -6) uses (2, -3)'s table at half the gap costs and half
    // lambda.
    expect_parameters(karlin_altschul({dna_matrix(4, -6, -6), {10, 4}}), 0.3125, 0.41, 0.78);
    EXPECT_FALSE(karlin_altschul({dna_matrix(4, -6, -6), {5, 2}}).has_value());
    expect_parameters(karlin_altschul({dna_matrix(2, -4, -4), {2, 2}}), 0.57, 0.26, 0.52);
    // Not in the tables: gap costs that 1/-1 does not list, a pair BLAST does not support, a
    // positive mismatch score.
    EXPECT_FALSE(karlin_altschul({dna_matrix(1, -1, -1), {5, 2}}).has_value());
    EXPECT_FALSE(karlin_altschul({dna_matrix(7, -11, -11), {5, 2}}).has_value());
    EXPECT_FALSE(karlin_altschul({dna_matrix(2, 1, -1), {5, 2}}).has_value());
    // A DNA matrix whose mismatches are not all alike.
    SubstitutionMatrix transitions = dna_matrix(2, -3, -3);
    transitions.scores[0 * 5 + 2] = transitions.scores[2 * 5 + 0] = -1;
    EXPECT_FALSE(karlin_altschul({transitions, {5, 2}}).has_value());
}

TEST(ScoringKarlinAltschul, BitScoreAndEvalueFormulas) {
    // BLOSUM62 11/1, S = 100: S' = (0.267 * 100 - ln 0.041) / ln 2 = (26.7 + 3.1941832) / 0.6931472
    // = 43.128190; E = 0.041 * 300 * 10^6 * exp(-26.7) = 1.23e7 * 2.5371e-12 = 3.1206e-5.
    const KarlinAltschul b62{0.267, 0.041, 0.14};
    EXPECT_NEAR(bit_score(b62, 100), 43.128190, 1e-6);
    EXPECT_NEAR(evalue(b62, 100, 300, 1000000), 3.12063e-5, 1e-9);
    // blastn 2/-3, gaps 5/2, S = 40: S' = (25 + 0.8915981) / 0.6931472 = 37.353680;
    // E = 0.41 * 1000 * 5 * 10^9 * exp(-25) = 2.05e12 * 1.3888e-11 = 28.470.
    const KarlinAltschul dna{0.625, 0.41, 0.78};
    EXPECT_NEAR(bit_score(dna, 40), 37.353680, 1e-6);
    EXPECT_NEAR(evalue(dna, 40, 1000, 5000000000), 28.4703, 1e-3);
    // Score 0: S' = -log2 K, E = K m n.
    EXPECT_NEAR(bit_score(b62, 0), -std::log2(0.041), 1e-12);
    EXPECT_NEAR(evalue(b62, 0, 10, 20), 0.041 * 200, 1e-12);
}

}  // namespace
}  // namespace tropic::align

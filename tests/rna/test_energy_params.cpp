// Energy parameters: the built-in set, tropic's own format and ViennaRNA's .par reader.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <memory>
#include <random>
#include <sstream>
#include <string>

#include "rna/energy/energy_tables.hpp"
#include "support/input_error.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/energy_params.hpp"

namespace {

using tropic::rna::EnergyParams;
using tropic::rna::kInfEnergy;

const std::string kData = TROPIC_TEST_DATA_DIR;

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

TEST(EnergyParams, BuiltInSetHoldsPublishedTurner2004Values) {
    const EnergyParams& p = tropic::rna::turner2004_params();
    EXPECT_EQ(p.stack[1][1], -240);  // CG on CG
    EXPECT_EQ(p.stack[3][5], -140);  // GU on AU: the value the ViennaRNA file misprints
    EXPECT_EQ(p.hairpin[3], 540);
    EXPECT_EQ(p.hairpin[0], kInfEnergy);
    EXPECT_EQ(p.interior[30], 370);
    EXPECT_EQ(p.ml_closing, 930);
    EXPECT_EQ(p.ml_intern, -90);
    EXPECT_EQ(p.terminal_au, 50);
    EXPECT_EQ(p.ninio, 60);
    EXPECT_EQ(p.max_ninio, 300);
    EXPECT_DOUBLE_EQ(p.lxc, 107.856);
    EXPECT_EQ(p.triloops.count, 2);
    EXPECT_EQ(p.tetraloops.count, 16);
    EXPECT_EQ(p.hexaloops.count, 4);
    EXPECT_STREQ(p.tetraloops.sequence[0], "CAACGG");
    EXPECT_EQ(p.tetraloops.energy[0], 550);
    EXPECT_TRUE(p.has_enthalpies);
}

TEST(EnergyParams, NEntriesOfInt22AreTheLeastFavourableBase) {
    const EnergyParams& p = tropic::rna::turner2004_params();
    for (int t1 = 1; t1 <= 6; ++t1)
        for (int b = 1; b <= 4; ++b) {
            int worst = -kInfEnergy;
            for (int a = 1; a <= 4; ++a) worst = std::max(worst, p.int22[t1][2][a][b][3][4]);
            EXPECT_EQ(p.int22[t1][2][0][b][3][4], worst);
        }
}

// complete_derived_entries fills the N entries axis by axis; here each is checked against the
// direct definition (the largest listed entry over every base in the N positions) on random
// listed values.
TEST(EnergyParams, DerivedInt22EntriesAreTheLargestOverEveryBaseInTheNPositions) {
    auto p = std::make_unique<EnergyParams>();
    std::mt19937 random(20241123);
    std::uniform_int_distribution<int> energy(-500, 500);
    for (auto& t1 : p->int22)
        for (auto& t2 : t1)
            for (auto& a : t2)
                for (auto& b : a)
                    for (auto& c : b)
                        for (int& value : c) value = energy(random);
    const auto listed = std::make_unique<EnergyParams>(*p);
    tropic::rna::detail::complete_derived_entries(*p);
    auto matches = [](int code, int base) { return code == 0 ? base != 0 : base == code; };
    for (int t1 = 1; t1 < tropic::rna::kPairTypes; ++t1)
        for (int t2 = 1; t2 < tropic::rna::kPairTypes; ++t2)
            for (int code = 0; code < 625; ++code) {
                const int a = code / 125, b = code / 25 % 5, c = code / 5 % 5, d = code % 5;
                int expected = listed->int22[t1][t2][a][b][c][d];
                if (a == 0 || b == 0 || c == 0 || d == 0) {
                    expected = -kInfEnergy;
                    for (int r = 0; r < 256; ++r) {
                        const int ra = 1 + r / 64, rb = 1 + r / 16 % 4, rc = 1 + r / 4 % 4,
                                  rd = 1 + r % 4;
                        if (matches(a, ra) && matches(b, rb) && matches(c, rc) && matches(d, rd))
                            expected = std::max(expected, listed->int22[t1][t2][ra][rb][rc][rd]);
                    }
                }
                ASSERT_EQ(p->int22[t1][t2][a][b][c][d], expected)
                    << "int22[" << t1 << "][" << t2 << "][" << a << "][" << b << "][" << c << "]["
                    << d << "]";
            }
}

TEST(EnergyParams, ViennaFileReproducesTheBuiltInSetExactly) {
    const EnergyParams loaded = tropic::rna::read_vienna_params(kData + "/rna_turner2004.par");
    const EnergyParams& builtin = tropic::rna::turner2004_params();
    // The struct is plain data with no padding between ints; compare table by table anyway so
    // that a failure says where.
    EXPECT_EQ(std::memcmp(loaded.stack, builtin.stack, sizeof builtin.stack), 0);
    EXPECT_EQ(std::memcmp(loaded.int11, builtin.int11, sizeof builtin.int11), 0);
    EXPECT_EQ(std::memcmp(loaded.int21, builtin.int21, sizeof builtin.int21), 0);
    EXPECT_EQ(std::memcmp(loaded.int22, builtin.int22, sizeof builtin.int22), 0);
    EXPECT_EQ(std::memcmp(loaded.mismatch_hairpin, builtin.mismatch_hairpin,
                          sizeof builtin.mismatch_hairpin),
              0);
    EXPECT_EQ(std::memcmp(loaded.mismatch_interior, builtin.mismatch_interior,
                          sizeof builtin.mismatch_interior),
              0);
    EXPECT_EQ(std::memcmp(loaded.mismatch_interior_1n, builtin.mismatch_interior_1n,
                          sizeof builtin.mismatch_interior_1n),
              0);
    EXPECT_EQ(std::memcmp(loaded.mismatch_interior_23, builtin.mismatch_interior_23,
                          sizeof builtin.mismatch_interior_23),
              0);
    EXPECT_EQ(
        std::memcmp(loaded.mismatch_multi, builtin.mismatch_multi, sizeof builtin.mismatch_multi),
        0);
    EXPECT_EQ(std::memcmp(loaded.mismatch_exterior, builtin.mismatch_exterior,
                          sizeof builtin.mismatch_exterior),
              0);
    EXPECT_EQ(std::memcmp(loaded.dangle5, builtin.dangle5, sizeof builtin.dangle5), 0);
    EXPECT_EQ(std::memcmp(loaded.dangle3, builtin.dangle3, sizeof builtin.dangle3), 0);
    EXPECT_EQ(std::memcmp(loaded.hairpin, builtin.hairpin, sizeof builtin.hairpin), 0);
    EXPECT_EQ(std::memcmp(loaded.bulge, builtin.bulge, sizeof builtin.bulge), 0);
    EXPECT_EQ(std::memcmp(loaded.interior, builtin.interior, sizeof builtin.interior), 0);
    EXPECT_EQ(std::memcmp(&loaded.triloops, &builtin.triloops, sizeof builtin.triloops), 0);
    EXPECT_EQ(std::memcmp(&loaded.tetraloops, &builtin.tetraloops, sizeof builtin.tetraloops), 0);
    EXPECT_EQ(std::memcmp(&loaded.hexaloops, &builtin.hexaloops, sizeof builtin.hexaloops), 0);
    EXPECT_EQ(loaded.ml_base, builtin.ml_base);
    EXPECT_EQ(loaded.ml_closing, builtin.ml_closing);
    EXPECT_EQ(loaded.ml_intern, builtin.ml_intern);
    EXPECT_EQ(loaded.ninio, builtin.ninio);
    EXPECT_EQ(loaded.max_ninio, builtin.max_ninio);
    EXPECT_EQ(loaded.terminal_au, builtin.terminal_au);
    EXPECT_EQ(loaded.duplex_init, builtin.duplex_init);
    EXPECT_EQ(loaded.lxc, builtin.lxc);
    EXPECT_EQ(loaded.has_enthalpies, builtin.has_enthalpies);
}

TEST(EnergyParams, ViennaFileReproducesTheBuiltInEnthalpies) {
    EnergyParams enthalpies;
    (void)tropic::rna::read_vienna_params(kData + "/rna_turner2004.par", &enthalpies);
    const EnergyParams& builtin = tropic::rna::turner2004_enthalpies();
    EXPECT_EQ(builtin.stack[1][1], -1060);  // CG on CG
    EXPECT_EQ(builtin.ml_closing, 3000);
    EXPECT_EQ(builtin.terminal_au, 370);
    EXPECT_EQ(builtin.tetraloops.energy[0], 690);
    EXPECT_EQ(std::memcmp(enthalpies.stack, builtin.stack, sizeof builtin.stack), 0);
    EXPECT_EQ(std::memcmp(enthalpies.int22, builtin.int22, sizeof builtin.int22), 0);
    EXPECT_EQ(std::memcmp(enthalpies.mismatch_multi, builtin.mismatch_multi,
                          sizeof builtin.mismatch_multi),
              0);
    EXPECT_EQ(std::memcmp(&enthalpies.hexaloops, &builtin.hexaloops, sizeof builtin.hexaloops), 0);
    EXPECT_EQ(enthalpies.ml_intern, builtin.ml_intern);
    EXPECT_EQ(enthalpies.ninio, builtin.ninio);
}

TEST(EnergyParams, RescalingIsTheIdentityAt37AndTruncatesElsewhere) {
    const EnergyParams& g = tropic::rna::turner2004_params();
    const EnergyParams& h = tropic::rna::turner2004_enthalpies();
    const EnergyParams same = tropic::rna::rescale_to_temperature(g, h, 37.0);
    EXPECT_EQ(std::memcmp(same.stack, g.stack, sizeof g.stack), 0);
    EXPECT_EQ(std::memcmp(same.int21, g.int21, sizeof g.int21), 0);
    EXPECT_EQ(std::memcmp(same.mismatch_exterior, g.mismatch_exterior, sizeof g.mismatch_exterior),
              0);
    EXPECT_EQ(same.hairpin[0], kInfEnergy);
    const EnergyParams warm = tropic::rna::rescale_to_temperature(g, h, 50.0);
    const double ratio = (50.0 + 273.15) / (37.0 + 273.15);
    // GC on CG: -1340 - (-1340 + 330) * ratio = -287.67, truncated toward zero.
    EXPECT_EQ(warm.stack[2][1], -287);
    EXPECT_EQ(warm.stack[2][1],
              static_cast<int>(h.stack[2][1] - (h.stack[2][1] - g.stack[2][1]) * ratio));
    EXPECT_EQ(warm.hairpin[0], kInfEnergy);
    EXPECT_EQ(warm.max_ninio, g.max_ninio);
    EXPECT_DOUBLE_EQ(warm.lxc, g.lxc * ratio);
    for (const auto& row : warm.dangle5)
        for (int v : row) EXPECT_LE(v, 0);  // neighbours never cost energy
}

TEST(EnergyParams, ViennaFileChangesWhatItLists) {
    std::string text = read_text(kData + "/rna_turner2004.par");
    const auto at = text.find("  -240  -330");
    ASSERT_NE(at, std::string::npos);
    text.replace(at, 6, "  -999");
    EXPECT_EQ(tropic::rna::parse_vienna_params(text, "edited.par").stack[1][1], -999);
}

TEST(EnergyParams, MalformedViennaTokenNamesFileLineAndToken) {
    const std::string path = kData + "/rna_turner2004_stack_defect.par";
    const std::string message =
        tropic::test::input_error_of([&] { (void)tropic::rna::read_vienna_params(path); });
    EXPECT_NE(message.find(path), std::string::npos) << message;
    EXPECT_NE(message.find("line 7"), std::string::npos) << message;
    EXPECT_NE(message.find("'-1i40'"), std::string::npos) << message;
}

TEST(EnergyParams, ViennaReaderRejectsWrongCountsAndUnknownSections) {
    const std::string header = "## RNAfold parameter file v2.0\n";
    EXPECT_NE(tropic::test::input_error_of([&] {
                  (void)tropic::rna::parse_vienna_params(header + "# hairpin\n1 2 3\n", "x.par");
              }).find("has 3 values, expected 31"),
              std::string::npos);
    EXPECT_NE(tropic::test::input_error_of([&] {
                  (void)tropic::rna::parse_vienna_params(header + "# bogus\n1\n", "x.par");
              }).find("unknown section '# bogus'"),
              std::string::npos);
    EXPECT_NE(tropic::test::input_error_of([&] {
                  (void)tropic::rna::parse_vienna_params("# stack\n", "x.par");
              }).find("not a ViennaRNA parameter file"),
              std::string::npos);
    EXPECT_NE(tropic::test::input_error_of([&] {
                  (void)tropic::rna::parse_vienna_params(header + "# NINIO\n60 3.5 300\n", "x.par");
              }).find("line 3: malformed energy '3.5'"),
              std::string::npos);
}

TEST(EnergyParams, OwnFormatRejectsBadInputWithLineAndToken) {
    const std::string text =
        read_text(std::string(TROPIC_TEST_DATA_DIR) + "/../../data/energy/rna_turner2004.tep");
    ASSERT_FALSE(text.empty());
    EXPECT_NO_THROW((void)tropic::rna::parse_tropic_params(text, "ok.tep"));

    std::string bad = text;
    bad.replace(bad.find("scalar ninio 60"), 15, "scalar ninio 6x");
    EXPECT_NE(tropic::test::input_error_of([&] {
                  (void)tropic::rna::parse_tropic_params(bad, "bad.tep");
              }).find("bad.tep: line"),
              std::string::npos);

    std::string missing = text;
    missing.replace(missing.find("scalar ml_base 0"), 16, "");
    EXPECT_NE(tropic::test::input_error_of([&] {
                  (void)tropic::rna::parse_tropic_params(missing, "m.tep");
              }).find("scalar ml_base is missing"),
              std::string::npos);

    std::string twice = text;
    twice.replace(twice.find("end\n"), 4, "scalar ninio 1\nend\n");
    EXPECT_NE(tropic::test::input_error_of([&] {
                  (void)tropic::rna::parse_tropic_params(twice, "t.tep");
              }).find("given twice"),
              std::string::npos);

    EXPECT_NE(tropic::test::input_error_of([&] {
                  (void)tropic::rna::parse_tropic_params("tropic-energy-params 2\n", "v");
              }).find("unsupported format version"),
              std::string::npos);
}

// lxc scales log(size / 30) into an int energy: a value that is not finite, or so large that the
// product leaves the int range, must be refused where the file is read (fuzzing found both
// readers passing 1e300 and nan on to loop_extrapolation, whose cast was then undefined).
TEST(EnergyParams, BothReadersRefuseAnLxcThatIsNotAModestFiniteNumber) {
    const std::string header = "## RNAfold parameter file v2.0\n# Misc\n-360 -900 50 370 ";
    const std::string tep = read_text(kData + "/../../data/energy/rna_turner2004.tep");
    ASSERT_NE(tep.find("scalar lxc 107.856"), std::string::npos);
    for (const char* value : {"1e300", "nan", "inf", "-inf", "10000.5", "-20000"}) {
        SCOPED_TRACE(value);
        EXPECT_NE(tropic::test::input_error_of([&] {
                      (void)tropic::rna::parse_vienna_params(header + value + "\n", "x.par");
                  }).find("line 3: lxc '" + std::string(value) + "' outside -10000 to 10000"),
                  std::string::npos);
        std::string bad = tep;
        bad.replace(bad.find("scalar lxc 107.856"), 18, std::string("scalar lxc ") + value);
        EXPECT_NE(tropic::test::input_error_of([&] {
                      (void)tropic::rna::parse_tropic_params(bad, "x.tep");
                  }).find("lxc outside -10000 to 10000"),
                  std::string::npos);
    }
    EXPECT_DOUBLE_EQ(tropic::rna::parse_vienna_params(header + "-10000\n", "x.par").lxc, -10000);
    std::string edge = tep;
    edge.replace(edge.find("scalar lxc 107.856"), 18, "scalar lxc 10000");
    EXPECT_DOUBLE_EQ(tropic::rna::parse_tropic_params(edge, "x.tep").lxc, 10000);
}

}  // namespace

// Model details: validation naming the field, parameters loaded and rescaled, MFE parameters.
#include <gtest/gtest.h>

#include <limits>
#include <string>

#include "support/input_error.hpp"
#include "support/temp_dir.hpp"
#include "tropic/rna/model_details.hpp"

namespace tropic::rna {
namespace {

TEST(ModelDetails, DefaultsAreRnafolds) {
    const ModelDetails model;
    const MfeParams mfe_params = model.mfe_params();
    EXPECT_EQ(mfe_params.dangles, Dangles::Both);
    EXPECT_FALSE(mfe_params.no_lonely_pairs);
    EXPECT_EQ(mfe_params.max_bp_span, -1);
    const EnergyParams params = model.energy_params();
    EXPECT_EQ(params.stack[1][2], turner2004_params().stack[1][2]);
    EXPECT_EQ(params.hairpin[3], turner2004_params().hairpin[3]);
}

TEST(ModelDetails, OptionsCarryOver) {
    ModelDetails model;
    model.dangles = 0;
    model.no_lonely_pairs = true;
    model.max_bp_span = 30;
    const MfeParams mfe_params = model.mfe_params();
    EXPECT_EQ(mfe_params.dangles, Dangles::None);
    EXPECT_TRUE(mfe_params.no_lonely_pairs);
    EXPECT_EQ(mfe_params.max_bp_span, 30);
}

TEST(ModelDetails, ErrorsNameTheField) {
    ModelDetails model;
    model.dangles = 1;
    EXPECT_EQ(test::input_error_of([&] { model.validate(); }),
              "dangles 1: 0 or 2 (the dangle models tropic has)");
    model = {};
    model.temperature = 300;
    EXPECT_EQ(test::input_error_of([&] { (void)model.energy_params(); }),
              "temperature 300 °C: outside -273.15 to 200 °C");
    model.temperature = std::numeric_limits<double>::quiet_NaN();
    EXPECT_NE(test::input_error_of([&] { model.validate(); }).find("temperature nan"),
              std::string::npos);
    model = {};
    model.max_bp_span = -2;
    EXPECT_EQ(test::input_error_of([&] { (void)model.mfe_params(); }),
              "max_bp_span -2: -1 (no limit) or a span of 0 or more");
}

TEST(ModelDetails, TemperatureRescalesTheBuiltInSet) {
    ModelDetails model;
    model.temperature = 25;
    const EnergyParams expected =
        rescale_to_temperature(turner2004_params(), turner2004_enthalpies(), 25);
    const EnergyParams params = model.energy_params();
    EXPECT_EQ(params.stack[1][2], expected.stack[1][2]);
    EXPECT_EQ(params.hairpin[5], expected.hairpin[5]);
    EXPECT_NE(params.stack[1][2], turner2004_params().stack[1][2]) << "nothing was rescaled";
}

TEST(ModelDetails, AParameterFileIsLoaded) {
    test::TempDir dir("tropic-model");
    // A ViennaRNA file whose CG-on-CG stack differs from Turner 2004's; the sections it leaves
    // out keep Turner 2004's values.
    const auto path = dir.write("changed.par",
                                "## RNAfold parameter file v2.0\n\n# stack\n"
                                "  -999  -330  -210  -140  -210  -210  -140\n"
                                "  -330  -340  -250  -150  -220  -240  -150\n"
                                "  -210  -250   130   -50  -140  -130   130\n"
                                "  -140  -150   -50    30   -60  -100    30\n"
                                "  -210  -220  -140   -60  -110   -90   -60\n"
                                "  -210  -240  -130  -100   -90  -130   -90\n"
                                "  -140  -150   130    30   -60   -90   130\n\n#END\n");
    ModelDetails model;
    model.parameter_file = path;
    const EnergyParams params = model.energy_params();
    EXPECT_EQ(params.stack[1][1], -999);
    EXPECT_EQ(params.hairpin[3], turner2004_params().hairpin[3]);
    model.temperature = 25;
    EXPECT_NE(test::input_error_of([&] {
                  (void)model.energy_params();
              }).find("temperature 25 °C: '" + path + "' has no enthalpies"),
              std::string::npos);
    model.parameter_file = (dir.path() / "missing.par").string();
    model.temperature = 37;
    EXPECT_NE(test::input_error_of([&] { (void)model.energy_params(); }).find("missing.par"),
              std::string::npos);
}

}  // namespace
}  // namespace tropic::rna

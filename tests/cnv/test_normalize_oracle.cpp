// cn.mops' normalizeChromosomes alone against cn.mops itself, for every normType x sizeFactor
// combination and edge inputs (sequences with too few windows, samples without reads on a
// sequence): tests/data/cnv/cnmops/normalize_only (args.txt lists output, input, options).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "support/cnv_oracle.hpp"
#include "tropic/cnv/normalize.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv {
namespace {

const std::string kDir = std::string(TROPIC_TEST_DATA_DIR) + "/cnv/cnmops/normalize_only";

TEST(NormalizeOracle, EveryCombinationMatchesCnmops) {
    std::ifstream args(kDir + "/args.txt");
    ASSERT_TRUE(args) << "missing " << kDir;
    std::string line;
    std::getline(args, line);  // header
    int cases = 0;
    while (std::getline(args, line)) {
        std::stringstream fields(line);
        std::string output, input, options;
        std::getline(fields, output, '\t');
        std::getline(fields, input, '\t');
        std::getline(fields, options);
        SCOPED_TRACE(output);
        const CountMatrix counts = test::parse_count_matrix(kDir + "/" + input);
        std::vector<bool> controls;
        const CnmopsParams params =
            test::parse_call_arguments(options, counts.samples.size(), controls);
        const std::size_t samples = counts.samples.size();
        std::vector<double> sums(samples, 0.0);
        for (const auto& seq : counts.sequences)
            for (std::size_t i = 0; i < seq.counts.size(); ++i) sums[i % samples] += seq.counts[i];
        std::vector<std::string> warnings;
        const std::string error_file =
            kDir + "/" + output.substr(0, output.size() - 4) + ".error.txt";
        if (std::ifstream(error_file)) {
            // cn.mops stops; so does tropic, with an input error.
            bool thrown = false;
            for (const auto& seq : counts.sequences) {
                try {
                    (void)normalize_sequence(seq, samples, params, sums, warnings);
                } catch (const InputError&) {
                    thrown = true;
                }
            }
            EXPECT_TRUE(thrown);
            ++cases;
            continue;
        }
        const test::Table expected = test::read_table(kDir + "/" + output);
        std::size_t row = 0, mismatches = 0;
        for (const auto& seq : counts.sequences) {
            const std::vector<double> mine =
                normalize_sequence(seq, samples, params, sums, warnings);
            for (std::size_t w = 0; w < seq.window_count(); ++w, ++row) {
                for (std::size_t s = 0; s < samples; ++s) {
                    const double theirs = std::stod(expected.rows[row][3 + s]);
                    const double ours = mine[w * samples + s];
                    if (std::fabs(theirs - ours) >
                            1e-9 * std::max(std::fabs(theirs), std::fabs(ours)) &&
                        mismatches++ < 5) {
                        ADD_FAILURE() << seq.name << " window " << w << " sample " << s
                                      << ": cn.mops " << theirs << ", tropic " << ours;
                    }
                }
            }
        }
        EXPECT_EQ(row, expected.rows.size());
        const std::string warning_file =
            kDir + "/" + output.substr(0, output.size() - 4) + ".warnings.txt";
        if (std::ifstream(warning_file)) {
            EXPECT_FALSE(warnings.empty());
        }
        ++cases;
    }
    EXPECT_GE(cases, 14);
}

}  // namespace
}  // namespace tropic::cnv

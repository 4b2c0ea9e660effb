// The listed return of the pair probabilities, host side: the sums over every pair
// (ensemble_pair_sums.hpp, which the device runs too) give the bits of RNAfold -p's rules summed
// over every cell; the MEA structure and the listed pairs come out the same from a list that
// holds the pairs they read; fold_ensemble_many asks the device for a list that holds them.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "rna/ensemble/cuda/ensemble_cuda.hpp"
#include "rna/ensemble/ensemble_cpu.hpp"
#include "rna/ensemble/ensemble_summary.hpp"
#include "support/random_rna.hpp"
#include "tropic/rna/model_details.hpp"

namespace {

using namespace tropic;
using namespace tropic::rna;
using namespace tropic::rna::detail;

bool same_bits(double a, double b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// Filled folds of random records (lengths up to max_length, random models).
std::vector<EnsembleFold> random_folds(std::uint64_t seed, int count, int max_length) {
    std::mt19937_64 rng(seed);
    std::vector<EnsembleFold> folds(static_cast<std::size_t>(count));
    for (EnsembleFold& fold : folds) {
        ModelDetails details;
        details.dangles = rng() % 2 ? 0 : 2;
        details.no_lonely_pairs = rng() % 3 == 0;
        const auto s = test::random_rna(rng, 1 + rng() % max_length, 0.3 + 0.1 * (rng() % 5));
        const int n = static_cast<int>(s.size());
        // The fold's model points at `s` and the factors, gone after the call: the tests read
        // only its probabilities (qbh).
        fill_ensemble_cpu(fold, s, details.boltzmann_factors(), details.mfe_params(), nullptr,
                          -10 * n, true);
    }
    return folds;
}

// RNAfold -p's rules written out over every cell i < j, the zeros below j - i = 4 included.
EnsemblePairSums every_cell_sums(const ProbabilityView& p) {
    EnsemblePairSums out;
    const int n = p.n;
    for (int j = 0; j < n; ++j) {
        float unpaired = 1.0f, upstream = 0.0f, downstream = 0.0f;
        for (int i = 0; i < j; ++i) {
            downstream += static_cast<float>(p(i, j));
            unpaired -= static_cast<float>(p(i, j));
        }
        for (int i = j + 1; i < n; ++i) {
            upstream += static_cast<float>(p(j, i));
            unpaired -= static_cast<float>(p(j, i));
        }
        char c = ':';
        if (unpaired > 0.667f)
            c = '.';
        else if (upstream > 0.667f)
            c = '(';
        else if (downstream > 0.667f)
            c = ')';
        else if (upstream + downstream > unpaired)
            c = upstream / (upstream + downstream) > 0.667f     ? '{'
                : downstream / (upstream + downstream) > 0.667f ? '}'
                                                                : '|';
        else if (unpaired > upstream + downstream)
            c = ',';
        out.pairing_tendency += c;
    }
    out.centroid.assign(static_cast<std::size_t>(n), '.');
    double half = 0;
    for (int i = 0; i < n; ++i)
        for (int j = i + 1; j < n; ++j) {
            const double v = p(i, j);
            if (v > 0.5) {
                out.centroid[static_cast<std::size_t>(i)] = '(';
                out.centroid[static_cast<std::size_t>(j)] = ')';
                out.centroid_distance += 1 - v;
            } else {
                out.centroid_distance += v;
            }
            half += v * (1 - v);
        }
    out.diversity = 2 * half;
    return out;
}

void expect_same_sums(const EnsemblePairSums& got, const EnsemblePairSums& want) {
    EXPECT_EQ(got.pairing_tendency, want.pairing_tendency);
    EXPECT_EQ(got.centroid, want.centroid);
    EXPECT_TRUE(same_bits(got.centroid_distance, want.centroid_distance))
        << got.centroid_distance << " vs " << want.centroid_distance;
    EXPECT_TRUE(same_bits(got.diversity, want.diversity))
        << got.diversity << " vs " << want.diversity;
}

TEST(EnsembleListed, PairSumsEqualTheRulesOverEveryCell) {
    for (std::uint64_t seed : {std::uint64_t{3}, test::test_seed()}) {
        const auto folds = random_folds(seed, 30, 220);
        for (std::size_t r = 0; r < folds.size(); ++r) {
            SCOPED_TRACE(::testing::Message() << "seed " << seed << " record " << r);
            const ProbabilityView p{folds[r].qbh.data(), folds[r].n()};
            expect_same_sums(pair_sums(p), every_cell_sums(p));
        }
    }
}

TEST(EnsembleListed, MeaAndListedPairsFromAListEqualThoseFromEveryPair) {
    for (std::uint64_t seed : {std::uint64_t{8}, test::test_seed()}) {
        const auto folds = random_folds(seed, 20, 200);
        for (std::size_t r = 0; r < folds.size(); ++r) {
            const ProbabilityView p{folds[r].qbh.data(), folds[r].n()};
            for (double gamma : {0.05, 1.0, 4.0, 30.0})
                for (double bpp : {1e-5, 1e-2, 0.4}) {
                    SCOPED_TRACE(::testing::Message() << "seed " << seed << " record " << r
                                                      << " gamma " << gamma << " bpp " << bpp);
                    EnsembleParams asked;
                    asked.bpp_threshold = bpp;
                    asked.mea = true;
                    asked.mea_gamma = gamma;
                    const auto output = cuda::ensemble_device_output(asked);
                    ASSERT_FALSE(output.dense);
                    const PairProbabilities list = listed_pairs(p, output.list_threshold);
                    double dense_mea = 0, listed_mea = 0;
                    EXPECT_EQ(mea_structure(list, p.n, gamma, listed_mea),
                              mea_structure(p, gamma, dense_mea));
                    EXPECT_TRUE(same_bits(listed_mea, dense_mea));
                    const PairProbabilities want = listed_pairs(p, bpp);
                    const PairProbabilities got = listed_pairs(list, bpp);
                    ASSERT_EQ(got.size(), want.size());
                    for (std::size_t k = 0; k < got.size(); ++k) {
                        EXPECT_EQ(got[k].i, want[k].i);
                        EXPECT_EQ(got[k].j, want[k].j);
                        EXPECT_TRUE(same_bits(got[k].probability, want[k].probability));
                    }
                }
        }
    }
}

// The list holds every pair RNAfold -p reports, and nothing but the threshold decides it, except
// where the MEA would read pairs of probability 0: those get the dense return.
TEST(EnsembleListed, TheDeviceListsWhatIsReported) {
    EnsembleParams asked;
    asked.bpp_threshold = 1e-3;
    auto output = cuda::ensemble_device_output(asked);
    EXPECT_TRUE(output.outside);
    EXPECT_FALSE(output.dense);
    EXPECT_FALSE(output.keep_inside);
    EXPECT_EQ(output.list_threshold, 1e-3);
    asked.mea = true;  // cutoff 1e-4 / 2
    EXPECT_EQ(cuda::ensemble_device_output(asked).list_threshold, mea_cutoff(1.0));
    asked.bpp_threshold = 1e-6;
    EXPECT_EQ(cuda::ensemble_device_output(asked).list_threshold, 1e-6);
    asked.bpp_threshold = std::numeric_limits<double>::quiet_NaN();  // lists none; the MEA's stay
    EXPECT_EQ(cuda::ensemble_device_output(asked).list_threshold, mea_cutoff(1.0));
    asked.mea_gamma = -2;  // cutoff < 0: every pair, 0 included
    EXPECT_TRUE(cuda::ensemble_device_output(asked).dense);
    asked.mea = false;
    asked.samples = 3;
    asked.probabilities = false;
    output = cuda::ensemble_device_output(asked);
    EXPECT_TRUE(output.keep_inside);
    EXPECT_FALSE(output.outside);
}

}  // namespace

// The partition function: against brute force over every structure of tiny sequences (Boltzmann
// sums of evaluated energies), properties of pair probabilities on random sequences, the
// threaded fill, the rescaling retry, MEA against brute force, and sampling frequencies against
// the probabilities.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "rna/ensemble/ensemble_cpu.hpp"
#include "rna/ensemble/ensemble_sampling.hpp"
#include "rna/ensemble/ensemble_summary.hpp"
#include "support/all_structures.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/ensemble.hpp"
#include "tropic/rna/model_details.hpp"

namespace {

using namespace tropic;
using namespace tropic::rna;
using namespace tropic::rna::detail;

struct Model {
    ModelDetails details;
    EnergyParams params;
    BoltzmannFactors factors;
    MfeParams mfe_params;
    explicit Model(const ModelDetails& d)
        : details(d),
          params(d.energy_params()),
          factors(d.boltzmann_factors()),
          mfe_params(d.mfe_params()) {}
};

EnsembleFold fold_of(const std::vector<std::uint8_t>& s, const Model& m,
                     const StructureConstraint* constraint = nullptr, ThreadPool* pool = nullptr) {
    EnsembleFold fold;
    const int mfe = fold_mfe(s, m.params, m.mfe_params, {}, constraint).energy;
    fill_ensemble_cpu(fold, s, m.factors, m.mfe_params, constraint, mfe, true, pool);
    return fold;
}

// RNAfold -p's --noLP: a pair is allowed when a neighbouring pair could stack on it.
bool could_stack(const std::vector<std::uint8_t>& s, int i, int j, const MfeParams& o) {
    const int n = static_cast<int>(s.size());
    auto canonical = [&](int a, int b) {
        return a >= 0 && b < n && b - a > 3 && pair_type(s[a], s[b]) != 0;
    };
    const bool outer = canonical(i - 1, j + 1) && (o.max_bp_span < 0 || j - i + 3 <= o.max_bp_span);
    return outer || canonical(i + 1, j - 1);
}

struct BruteForce {
    double energy = 0;  // kcal/mol
    std::map<std::pair<int, int>, double> pairs;
};

// Boltzmann sums over every structure, with weights exp(-E / kT) of evaluated energies.
BruteForce brute_force(const std::vector<std::uint8_t>& s, const Model& m,
                       const StructureConstraint* constraint) {
    auto may_pair = [&](int i, int j) {
        if (m.mfe_params.max_bp_span >= 0 && j - i + 1 > m.mfe_params.max_bp_span) return false;
        if (constraint != nullptr && !constraint->allows_pair(i, j)) return false;
        return !m.mfe_params.no_lonely_pairs || could_stack(s, i, j, m.mfe_params);
    };
    const double kT = m.factors.kT / 1000.0;
    BruteForce out;
    double z = 0;
    std::map<std::pair<int, int>, double> weight;
    for (const std::string& st :
         test::all_structures(s, 0, static_cast<int>(s.size()) - 1, may_pair)) {
        const double w =
            std::exp(-evaluate_structure(s, st, m.params, m.mfe_params.dangles) / 100.0 / kT);
        z += w;
        const auto partner = test::partners(st);
        for (int i = 0; i < static_cast<int>(st.size()); ++i)
            if (partner[i] > i) weight[{i, partner[i]}] += w;
    }
    out.energy = -kT * std::log(z);
    for (const auto& [pair, w] : weight) out.pairs[pair] = w / z;
    return out;
}

// `exact`: dangles 0 at 37 °C, where the ensemble's factors are exactly those of the evaluated
// energies; otherwise any dangles and temperature.
ModelDetails random_details(std::mt19937_64& rng, bool exact) {
    ModelDetails d;
    d.dangles = exact || rng() % 2 ? 0 : 2;
    d.no_lonely_pairs = rng() % 3 == 0;
    if (rng() % 4 == 0) d.max_bp_span = 6 + static_cast<int>(rng() % 8);
    if (!exact && rng() % 4 == 0) d.temperature = 10.0 + static_cast<double>(rng() % 60);
    return d;
}

// With dangles 0 at 37 °C every loop's factor is exp(-G / kT) of its evaluated energy: the sums
// agree to rounding. (With dangles 2 the smooth clip of helix-end terms, and at other
// temperatures the untruncated rescaling, boltzmann_factors.hpp, make the ensemble differ from
// Boltzmann sums of evaluated integer energies by design; the ViennaRNA oracle covers both.)
void expect_matches_brute_force(std::uint64_t seed, int count, double tolerance, bool d0) {
    std::mt19937_64 rng(seed);
    for (int t = 0; t < count; ++t) {
        const auto s = test::random_rna(rng, 1 + rng() % 14, 0.3 + 0.4 * (rng() % 2));
        const Model m(random_details(rng, d0));
        const EnsembleFold fold = fold_of(s, m);
        const BruteForce want = brute_force(s, m, nullptr);
        SCOPED_TRACE(::testing::Message()
                     << "seed " << seed << " case " << t << " dangles " << m.details.dangles
                     << " noLP " << m.details.no_lonely_pairs << " span " << m.details.max_bp_span
                     << " T " << m.details.temperature);
        EXPECT_NEAR(fold.ensemble_energy(), want.energy, tolerance);
        for (int i = 0; i < fold.n(); ++i)
            for (int j = i + 1; j < fold.n(); ++j) {
                const auto it = want.pairs.find({i, j});
                EXPECT_NEAR(fold.probability(i, j), it == want.pairs.end() ? 0.0 : it->second,
                            tolerance)
                    << "pair " << i << "," << j;
            }
    }
}

TEST(EnsembleCpu, MatchesBruteForceWithoutDangles) {
    for (std::uint64_t seed :
         {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{20261124}, test::test_seed()})
        expect_matches_brute_force(seed, 150, 1e-10, true);
}

TEST(EnsembleCpu, CloseToBruteForceWithDangles) {
    // The smooth clip moves a helix end's term by at most ~0.02 kcal/mol, the untruncated
    // temperature rescaling a loop's by less than 0.01.
    for (std::uint64_t seed : {std::uint64_t{3}, test::test_seed()})
        expect_matches_brute_force(seed, 100, 0.08, false);
}

TEST(EnsembleCpu, MatchesBruteForceUnderConstraints) {
    std::mt19937_64 rng(11);
    for (int t = 0; t < 60; ++t) {
        const auto s = test::random_rna(rng, 6 + rng() % 9);
        std::string c(s.size(), '.');
        for (char& ch : c)
            if (rng() % 6 == 0) ch = "x<>|"[rng() % 4];
        const Model m(random_details(rng, true));
        const StructureConstraint constraint(c, s);
        const EnsembleFold fold = fold_of(s, m, &constraint);
        const BruteForce want = brute_force(s, m, &constraint);
        EXPECT_NEAR(fold.ensemble_energy(), want.energy, 1e-10) << c;
        for (int i = 0; i < fold.n(); ++i)
            for (int j = i + 1; j < fold.n(); ++j) {
                const auto it = want.pairs.find({i, j});
                EXPECT_NEAR(fold.probability(i, j), it == want.pairs.end() ? 0.0 : it->second,
                            1e-10);
            }
    }
}

TEST(EnsembleCpu, ProbabilitiesAreConsistentOnRandomSequences) {
    for (std::uint64_t seed : {std::uint64_t{5}, test::test_seed()}) {
        std::mt19937_64 rng(seed);
        for (int t = 0; t < 25; ++t) {
            const auto s = test::random_rna(rng, 1 + rng() % 300, 0.3 + 0.1 * (rng() % 5));
            const Model m(random_details(rng, false));
            const EnsembleFold fold = fold_of(s, m);
            const int mfe = fold_mfe(s, m.params, m.mfe_params).energy;
            // The ensemble holds the MFE structure (without noLP: RNAfold -p's ensemble may
            // lack a stricter MFE's only structure, never with it).
            if (!m.details.no_lonely_pairs) {
                EXPECT_LE(fold.ensemble_energy(), mfe / 100.0 + 1e-9) << "seed " << seed;
            }
            for (int i = 0; i < fold.n(); ++i) {
                double paired = 0;
                for (int j = 0; j < fold.n(); ++j) {
                    if (j == i) continue;
                    const double p = i < j ? fold.probability(i, j) : fold.probability(j, i);
                    ASSERT_GE(p, 0.0);
                    ASSERT_LE(p, 1.0 + 1e-12);
                    paired += p;
                }
                EXPECT_LE(paired, 1.0 + 1e-9) << "seed " << seed << " base " << i;
            }
        }
    }
}

TEST(EnsembleCpu, ThreadedFillIsIdentical) {
    std::mt19937_64 rng(test::test_seed());
    ThreadPool pool(3);
    for (int n : {70, 200, 333}) {
        const auto s = test::random_rna(rng, static_cast<std::size_t>(n));
        const Model m{ModelDetails{}};
        const EnsembleFold one = fold_of(s, m), many = fold_of(s, m, nullptr, &pool);
        ASSERT_EQ(one.log_z, many.log_z);
        EXPECT_EQ(one.qbh, many.qbh);  // every outside value and probability, bitwise
    }
}

TEST(EnsembleCpu, RescalesWhenTheFirstScaleIsFarOff) {
    std::mt19937_64 rng(17);
    const auto s = test::random_rna(rng, 400, 0.7);
    const Model m{ModelDetails{}};
    const EnsembleFold normal = fold_of(s, m);
    EXPECT_EQ(normal.inside_fills, 1);  // the MFE's estimate needs no retry
    // An absurd MFE estimate makes the first scale so large that Z underflows; the retries, the
    // prefix of Z5 still in range guiding them, land near 1.
    for (int fake_mfe : {-1'000'000, -100'000}) {
        EnsembleFold retried;
        fill_ensemble_cpu(retried, s, m.factors, m.mfe_params, nullptr, fake_mfe, true);
        EXPECT_GT(retried.inside_fills, 1) << fake_mfe;
        EXPECT_LE(retried.inside_fills, 4) << fake_mfe;
        EXPECT_NEAR(retried.log_z, normal.log_z, 1e-9 * std::abs(normal.log_z));
        for (int i = 0; i < 400; i += 7)
            for (int j = i + 4; j < 400; j += 5)
                EXPECT_NEAR(retried.probability(i, j), normal.probability(i, j), 1e-9);
    }
}

// A first scale of 1 (an MFE estimate of 0) lets Z overflow on 1,000 GC-rich bases (ln Z > 709);
// one retry, from the per-base value of Z5's prefix still in range, gets it right.
TEST(EnsembleCpu, RescalesAfterAnOverflow) {
    std::mt19937_64 rng(19);
    const auto s = test::random_rna(rng, 1000, 0.75);
    const Model m{ModelDetails{}};
    const EnsembleFold normal = fold_of(s, m);
    EnsembleFold retried;
    fill_ensemble_cpu(retried, s, m.factors, m.mfe_params, nullptr, 0, true);
    ASSERT_GT(-normal.ensemble_energy() * 1000 / m.factors.kT, 709) << "no overflow to test";
    EXPECT_GE(retried.inside_fills, 2);
    EXPECT_LE(retried.inside_fills, 3);
    EXPECT_NEAR(retried.log_z, normal.log_z, 1e-9 * std::abs(normal.log_z));
    for (int i = 0; i < 1000; i += 37)
        for (int j = i + 4; j < 1000; j += 23)
            EXPECT_NEAR(retried.probability(i, j), normal.probability(i, j), 1e-9);
}

// The retry's scale does not follow Z's last bits: the CPU and the device sum Z in different
// orders, and both must fill again at the same scale (and report the same one).
TEST(EnsembleScaleSearch, LastBitsOfZDoNotMoveTheScale) {
    std::mt19937_64 rng(test::test_seed());
    std::uniform_real_distribution<double> log_z(-700, 700), log_first(-3, 3);
    // (A perturbed pair straddles a grid line with a chance of about 1e-9 per trial.)
    for (int trial = 0; trial < 500; ++trial) {
        const std::size_t n = 50 + rng() % 2000;
        const double first = std::exp(log_first(rng)), z = std::exp(log_z(rng));
        EnsembleScaleSearch a(first, n), b(first, n);
        const double scale = a.next(z), other = b.next(z * (1 + 1e-12));
        ASSERT_EQ(scale, other) << "n " << n << ", first scale " << first << ", Z " << z;
        // And the retry still lands Z near 1: the new scale is within the grid of Z's own.
        EXPECT_NEAR(std::log(scale), std::log(first) + std::log(z) / double(n), 1.0 / (1 << 20));
    }
    for (int trial = 0; trial < 200; ++trial) {  // after an underflow, guided by a prefix's rate
        const std::size_t n = 50 + rng() % 2000;
        const double rate = log_first(rng);
        EnsembleScaleSearch a(1.0, n), b(1.0, n);
        ASSERT_EQ(a.next(0.0, rate), b.next(0.0, rate * (1 + 1e-15)))
            << "n " << n << ", rate " << rate;
    }
}

// MEA: the DP's accuracy is the best over every structure made of its candidate pairs.
TEST(EnsembleCpu, MeaIsTheBestExpectedAccuracy) {
    std::mt19937_64 rng(23);
    for (int t = 0; t < 40; ++t) {
        const auto s = test::random_rna(rng, 8 + rng() % 8, 0.6);
        const Model m{ModelDetails{}};
        const EnsembleFold fold = fold_of(s, m);
        const ProbabilityView p{fold.qbh.data(), fold.n()};
        const double gamma = std::vector<double>{0.3, 1.0, 4.0}[rng() % 3];
        double mea = 0;
        const std::string structure = mea_structure(p, gamma, mea);
        // The accuracy of any structure, with RNAfold's single-precision listed pairs.
        const int n = fold.n();
        const double cutoff = 1e-4 / (1 + gamma);
        std::vector<double> pu(n, 1.0);
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j)
                if (p(i, j) >= cutoff) {
                    pu[i] -= static_cast<float>(p(i, j));
                    pu[j] -= static_cast<float>(p(i, j));
                }
        auto accuracy = [&](const std::string& st) {
            const auto partner = test::partners(st);
            double a = 0;
            for (int i = 0; i < n; ++i) {
                if (partner[i] < 0) a += pu[i];
                if (partner[i] > i) {
                    const double v = p(i, partner[i]);
                    a += v >= cutoff ? 2 * gamma * static_cast<float>(v) : -1e9;
                }
            }
            return a;
        };
        double best = 0;
        for (const std::string& st :
             test::all_structures(s, 0, n - 1, [](int, int) { return true; }))
            best = std::max(best, accuracy(st));
        EXPECT_NEAR(mea, best, 1e-9);
        EXPECT_NEAR(accuracy(structure), mea, 1e-9) << structure;
    }
}

// fold_ensemble_many places every record first: one that fits nowhere gets its refusal as its
// outcome (device -1: none, so that a GPU machine answers as a CPU-only one), the others are
// folded as fold_ensemble folds them alone; fold_ensemble throws that refusal.
TEST(EnsembleMany, ARecordThatDoesNotFitIsRefusedAndTheOthersFolded) {
    std::mt19937_64 rng(test::test_seed());
    const Model m{ModelDetails{}};
    const std::vector<std::vector<std::uint8_t>> seqs = {test::random_rna(rng, 80),
                                                         test::random_rna(rng, 1500)};
    EnsembleParams ensemble_params;
    ensemble_params.model = m.mfe_params;
    RunOptions run;
    run.device = -1;
    run.max_memory = std::size_t{64} << 20;  // 1,500 nt need about 130 MB (their MFE 18 MB)
    const auto outcomes = fold_ensemble_many(seqs, m.params, m.factors, ensemble_params, run);
    ASSERT_EQ(outcomes.size(), 2u);
    EXPECT_EQ(outcomes[1].code, ExitCode::Resource);
    EXPECT_NE(outcomes[1].error.find("an ensemble fold of 1500 nt needs"), std::string::npos)
        << outcomes[1].error;
    ASSERT_TRUE(outcomes[0].ok()) << outcomes[0].error;
    const EnsembleResult alone = fold_ensemble(seqs[0], m.params, m.factors, ensemble_params, run);
    EXPECT_EQ(outcomes[0].result.mfe.structure, alone.mfe.structure);
    EXPECT_EQ(outcomes[0].result.ensemble_energy, alone.ensemble_energy);
    EXPECT_EQ(outcomes[0].result.pairing_tendency, alone.pairing_tendency);
    EXPECT_THROW((void)fold_ensemble(seqs[1], m.params, m.factors, ensemble_params, run),
                 ResourceError);
}

// What a fold needs is checked for what was asked before its MFE is folded: under a limit that
// holds the MFE's tables but not the ensemble's, the refusal is the ensemble's, and so is the
// length it suggests; probabilities and samples change both.
TEST(EnsembleMany, TheRefusalAndItsSuggestionAreTheEnsemblesForWhatWasAsked) {
    std::mt19937_64 rng(test::test_seed());
    const Model m{ModelDetails{}};
    const std::vector<std::vector<std::uint8_t>> seqs = {test::random_rna(rng, 1500)};
    RunOptions run;
    run.device = -1;
    run.max_memory = std::size_t{16} << 20;  // the MFE of 1,500 nt needs 17 MB, its ensemble 128 MB
    EnsembleParams probabilities, samples_only, many_samples;
    probabilities.model = samples_only.model = many_samples.model = m.mfe_params;
    samples_only.probabilities = false;
    samples_only.samples = 1;
    many_samples.samples = 20'000;
    auto longest = [&](const EnsembleParams& asked) {
        std::size_t n = 0;
        while (ensemble_memory_bytes(n + 1, asked) <= run.max_memory) ++n;
        return n;
    };
    EXPECT_LT(longest(probabilities), longest(samples_only));
    EXPECT_LT(longest(many_samples), longest(probabilities));
    for (const EnsembleParams* asked : {&probabilities, &samples_only, &many_samples}) {
        const auto outcomes = fold_ensemble_many(seqs, m.params, m.factors, *asked, run);
        ASSERT_EQ(outcomes.size(), 1u);
        EXPECT_EQ(outcomes[0].code, ExitCode::Resource);
        const std::string& message = outcomes[0].error;
        EXPECT_NE(message.find("an ensemble fold of 1500 nt needs"), std::string::npos) << message;
        const std::string fits =
            "the longest sequence that fits is " + std::to_string(longest(*asked)) + " nt";
        EXPECT_NE(message.find(fits), std::string::npos) << message;
    }
}

TEST(EnsembleSampling, FrequenciesConvergeToProbabilities) {
    std::mt19937_64 rng(29);
    const auto s = test::random_rna(rng, 80, 0.55);
    const Model m{ModelDetails{}};
    const EnsembleFold fold = fold_of(s, m);
    constexpr std::size_t kSamples = 20000;
    ThreadPool pool(2);
    const auto samples = sample_structures(fold, kSamples, 42, &pool);
    ASSERT_EQ(samples, sample_structures(fold, kSamples, 42));  // the same on one thread
    std::map<std::pair<int, int>, double> count;
    for (const std::string& st : samples) {
        ASSERT_NO_THROW((void)evaluate_structure(s, st, m.params, m.mfe_params.dangles)) << st;
        const auto partner = test::partners(st);
        for (int i = 0; i < 80; ++i)
            if (partner[i] > i) count[{i, partner[i]}] += 1;
    }
    for (int i = 0; i < 80; ++i)
        for (int j = i + 1; j < 80; ++j) {
            const double p = fold.probability(i, j);
            const double f = count[{i, j}] / kSamples;
            // Five standard deviations of a binomial proportion, and a floor for tiny p.
            EXPECT_NEAR(f, p, 5 * std::sqrt(p * (1 - p) / kSamples) + 2e-4)
                << "pair " << i << "," << j;
        }
}

TEST(EnsembleSampling, EverySampleIsInTheEnsemble) {
    std::mt19937_64 rng(31);
    for (int t = 0; t < 20; ++t) {
        const auto s = test::random_rna(rng, 1 + rng() % 200);
        const Model m(random_details(rng, false));
        const EnsembleFold fold = fold_of(s, m);
        for (const std::string& st : sample_structures(fold, 50, t)) {
            const auto partner = test::partners(st);
            for (int i = 0; i < fold.n(); ++i)
                if (partner[i] > i) {
                    ASSERT_GT(fold.probability(i, partner[i]), 0.0) << st;
                }
        }
    }
}

}  // namespace

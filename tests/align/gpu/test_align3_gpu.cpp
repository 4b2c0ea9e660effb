// GPU == CPU for align3: the device gives the CPU's score and, with a traceback, the same columns
// and identities, in both gap models, at the lengths where planes and blocks change (0, 1, 2,
// 31-33), at a few hundred and on long triples (600-800 a side linear, about 200 affine); every
// alignment re-scores to its score; a triple the device cannot hold is refused with a
// ResourceError. Without a CUDA device every test SKIPs visibly.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "support/gpu_test.hpp"
#include "support/random_triple.hpp"
#include "tropic/align/align3.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;

using test::random_triple;
using test::Triple;

Scoring dna_scoring(int match, int mismatch, int open, int extend) {
    return {dna_matrix(match, mismatch, mismatch), {open, extend}};
}

class Align3Gpu : public test::GpuTest {
  protected:
    static Align3Result on(Backend backend, const Triple& t, const Scoring& scoring,
                           bool score_only) {
        RunOptions options;
        options.backend = backend;
        options.pool = backend == Backend::Cpu ? &pool() : nullptr;
        return align3(t.view(), {scoring, score_only}, options);
    }

    // The device's result against the CPU's, with and without the traceback. Returns false
    // after a failure.
    static bool same_on_both(const Triple& t, const Scoring& scoring, const std::string& what) {
        for (bool score_only : {true, false}) {
            const std::string where =
                what + " " + std::to_string(t.a.size()) + " x " + std::to_string(t.b.size()) +
                " x " + std::to_string(t.c.size()) + ", open " + std::to_string(scoring.gaps.open) +
                (score_only ? ", score only" : ", traceback");
            const Align3Result gpu = on(Backend::Cuda, t, scoring, score_only);
            const Align3Result cpu = on(Backend::Cpu, t, scoring, score_only);
            EXPECT_EQ(gpu.score, cpu.score) << where;
            EXPECT_EQ(gpu.columns, cpu.columns) << where;
            EXPECT_EQ(gpu.identities, cpu.identities) << where;
            if (!score_only) {
                EXPECT_EQ(rescore3(t.view(), gpu.columns, scoring), gpu.score) << where;
            }
            if (::testing::Test::HasFailure()) return false;
        }
        return true;
    }
};

const Scoring kLinear = dna_scoring(2, -3, 0, 2);
const Scoring kAffine = dna_scoring(2, -3, 5, 2);

TEST_F(Align3Gpu, EdgeLengthsInBothModels) {
    std::mt19937_64 rng(31);
    const std::size_t lengths[] = {0, 1, 2, 31, 32, 33};
    for (const Scoring& scoring : {kLinear, kAffine})
        for (std::size_t m : lengths)
            for (std::size_t n : lengths)
                for (std::size_t p : lengths)
                    if (!same_on_both(random_triple(rng, m, n, p, false, rng() % 2 == 0), scoring,
                                      "edge"))
                        return;
}

TEST_F(Align3Gpu, TriplesOfAFewHundred) {
    std::mt19937_64 rng(200);
    const Scoring blosum_linear{builtin_matrix("BLOSUM62"), {0, 4}};
    const Scoring blosum_affine{builtin_matrix("BLOSUM62"), {11, 1}};
    for (bool related : {true, false}) {
        if (!same_on_both(random_triple(rng, 300, 280, 310, false, related), kLinear, "dna"))
            return;
        if (!same_on_both(random_triple(rng, 250, 270, 230, true, related), blosum_linear,
                          "protein"))
            return;
        if (!same_on_both(random_triple(rng, 130, 120, 140, false, related), kAffine, "dna"))
            return;
        if (!same_on_both(random_triple(rng, 110, 128, 129, true, related), blosum_affine,
                          "protein"))
            return;
        if (!same_on_both(random_triple(rng, 100, 1, 150, false, related), kAffine, "flat")) return;
    }
}

TEST_F(Align3Gpu, OtherCosts) {
    // Many ties (+1/-1, cheap gaps) and dear gap openings.
    std::mt19937_64 rng(7);
    for (const Scoring& scoring : {dna_scoring(1, -1, 0, 1), dna_scoring(1, 0, 0, 3),
                                   dna_scoring(1, -1, 1, 1), dna_scoring(5, -4, 10, 1)})
        if (!same_on_both(random_triple(rng, 90, 97, 101, false, true), scoring, "costs")) return;
}

TEST_F(Align3Gpu, LongTriples) {
    // The goal size (764 x 771 x 773) linear; affine about 200 a side.
    std::mt19937_64 rng(764);
    ASSERT_TRUE(same_on_both(random_triple(rng, 764, 771, 773, false, true), kLinear, "long"));
    ASSERT_TRUE(same_on_both(random_triple(rng, 640, 600, 700, false, false), kLinear, "long"));
    ASSERT_TRUE(same_on_both(random_triple(rng, 200, 210, 190, false, true), kAffine, "long"));
}

TEST_F(Align3Gpu, RefusesATripleTheDeviceCannotHold) {
    // Planes of 300001^2 cells (about 360 GB each for the linear model) fit no device.
    std::mt19937_64 rng(1);
    const Triple t = random_triple(rng, 300000, 300000, 300000, false, false);
    for (const Scoring& scoring : {kLinear, kAffine})
        for (bool score_only : {true, false}) {
            RunOptions options;
            options.backend = Backend::Cuda;
            EXPECT_THROW((void)align3(t.view(), {scoring, score_only}, options), ResourceError);
        }
}

}  // namespace
}  // namespace tropic::align

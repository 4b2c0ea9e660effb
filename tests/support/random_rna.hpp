#pragma once
// Random RNA for property tests and benchmarks, and the seed tests use.
//
// Each call of test_seed() gives a fresh seed from std::random_device, printed and recorded as
// the test property "seed" so that a failure can be replayed: TROPIC_TEST_SEED=<seed> makes every
// call return that seed instead.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <string>
#include <vector>

#include "tropic/core/alphabet.hpp"

namespace tropic::test {

// n residues as Base codes 0..4: N with probability n_fraction, otherwise G or C with
// probability gc and A or U otherwise (each of a pair equally likely). Uniform A, C, G, U (gc 0.5,
// no N, the defaults) take one draw of uniform_int_distribution(0, 3) per base: the sequences
// that the benchmarks fold, the same from commit to commit so that their figures compare.
inline std::vector<std::uint8_t> random_rna(std::mt19937_64& rng, std::size_t n, double gc = 0.5,
                                            double n_fraction = 0) {
    std::vector<std::uint8_t> seq(n);
    if (gc == 0.5 && n_fraction == 0) {
        std::uniform_int_distribution<int> base(0, 3);  // A, C, G, U
        for (auto& b : seq) b = static_cast<std::uint8_t>(base(rng));
        return seq;
    }
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (auto& b : seq) {
        Base base;
        if (unit(rng) < n_fraction)
            base = Base::N;
        else if (unit(rng) < gc)
            base = unit(rng) < 0.5 ? Base::G : Base::C;
        else
            base = unit(rng) < 0.5 ? Base::A : Base::U;
        b = static_cast<std::uint8_t>(base);
    }
    return seq;
}

inline std::uint64_t test_seed() {
    std::uint64_t seed;
    if (const char* env = std::getenv("TROPIC_TEST_SEED"); env != nullptr && *env != '\0') {
        seed = std::strtoull(env, nullptr, 10);
    } else {
        std::random_device device;
        seed = (static_cast<std::uint64_t>(device()) << 32) ^ device();
    }
    std::cout << "[   SEED   ] TROPIC_TEST_SEED=" << seed << "\n";
    ::testing::Test::RecordProperty("seed", std::to_string(seed));
    return seed;
}

}  // namespace tropic::test

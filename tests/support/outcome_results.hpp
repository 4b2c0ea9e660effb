#pragma once
// The results of a batch entry point's outcomes, for tests that expect every item to succeed.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "tropic/core/outcome.hpp"

namespace tropic::test {

// The result of every outcome, in order; an outcome without one is a test failure naming its
// index and error (and gives a default result).
template <class T>
std::vector<T> results_of(std::vector<Outcome<T>> outcomes) {
    std::vector<T> results;
    results.reserve(outcomes.size());
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
        EXPECT_TRUE(outcomes[k].ok()) << "item " << k << ": " << outcomes[k].error;
        results.push_back(std::move(outcomes[k].result));
    }
    return results;
}

}  // namespace tropic::test

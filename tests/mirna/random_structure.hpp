#pragma once
// Random balanced dot-brackets for the hairpin tests: runs of one character (stems, loops) mixed
// with switches, so that they hold stacks, bulges, interior loops, multiloops and exterior
// branches, and lone pairs and empty loops "()" that folds never make but the rules must take.
#include <random>
#include <string>

namespace tropic::test {

inline std::string random_structure(std::mt19937_64& rng, std::size_t n) {
    std::string s;
    std::size_t open = 0;
    char previous = '.';
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (std::size_t pos = 0; pos < n; ++pos) {
        const std::size_t remaining = n - pos;
        const auto allowed = [&](char c) {
            if (c == '(') return open + 2 <= remaining;
            if (c == ')') return open > 0;
            return open < remaining;
        };
        char c = previous;
        if (!allowed(c) || unit(rng) < 0.35) {
            do {
                c = "(.)"[std::uniform_int_distribution<int>(0, 2)(rng)];
            } while (!allowed(c));
        }
        open += c == '(' ? 1 : 0;
        open -= c == ')' ? 1 : 0;
        s += c;
        previous = c;
    }
    return s;
}

}  // namespace tropic::test

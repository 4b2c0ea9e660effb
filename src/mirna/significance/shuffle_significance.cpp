#include <algorithm>
#include <cmath>
#include <cstdint>

#include "tropic/core/error.hpp"
#include "tropic/mirna/significance.hpp"

namespace tropic::mirna {

Significance shuffle_significance(int mfe, std::span<const int> shuffled_mfes) {
    if (shuffled_mfes.empty()) throw InputError("shuffle significance: no shuffled free energies");
    Significance result;
    const std::size_t n = shuffled_mfes.size();
    result.shuffles = static_cast<std::uint32_t>(n);
    std::int64_t sum = 0;
    std::size_t as_stable = 0;
    for (const int energy : shuffled_mfes) {
        sum += energy;
        as_stable += energy <= mfe ? 1 : 0;
    }
    result.mean = static_cast<double>(sum) / static_cast<double>(n) / 100.0;
    const auto [low, high] = std::minmax_element(shuffled_mfes.begin(), shuffled_mfes.end());
    // Equal energies have no spread (exactly, whatever rounding the mean had).
    if (n > 1 && *low != *high) {
        double squares = 0;
        for (const int energy : shuffled_mfes) {
            const double deviation = energy / 100.0 - result.mean;
            squares += deviation * deviation;
        }
        result.sd = std::sqrt(squares / static_cast<double>(n - 1));
        result.zscore = (mfe / 100.0 - result.mean) / result.sd;
    }
    result.pvalue = static_cast<double>(1 + as_stable) / static_cast<double>(1 + n);
    return result;
}

}  // namespace tropic::mirna

#include "map/filter/lmer_distance_table.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace tropic::map::detail {
namespace {

constexpr int kLargestL = 5;

// The bases of a packed l-mer, first base first.
std::array<std::uint8_t, kLargestL> unpack(std::uint32_t lmer, int l) {
    std::array<std::uint8_t, kLargestL> bases{};
    for (int k = l - 1; k >= 0; --k, lmer >>= 2) bases[k] = static_cast<std::uint8_t>(lmer & 3);
    return bases;
}

// Plain edit distance of two l-mers, one row of the DP at a time.
std::uint8_t edit_distance(const std::array<std::uint8_t, kLargestL>& a,
                           const std::array<std::uint8_t, kLargestL>& b, int l) {
    std::array<int, kLargestL + 1> row{};
    for (int j = 0; j <= l; ++j) row[j] = j;
    for (int i = 1; i <= l; ++i) {
        int diagonal = row[0];
        row[0] = i;
        for (int j = 1; j <= l; ++j) {
            const int up = row[j];
            row[j] = std::min({diagonal + (a[i - 1] != b[j - 1]), up + 1, row[j - 1] + 1});
            diagonal = up;
        }
    }
    return static_cast<std::uint8_t>(row[l]);
}

}  // namespace

LmerDistanceTable::LmerDistanceTable(int l) : l_(l) {
    if (l < 1 || l > kLargestL)
        throw std::invalid_argument("LmerDistanceTable: l must be 1..5, not " + std::to_string(l));
    const std::uint32_t count = 1u << (2 * l);
    distances_.resize(static_cast<std::size_t>(count) * count);
    for (std::uint32_t a = 0; a < count; ++a) {
        const auto bases_a = unpack(a, l);
        for (std::uint32_t b = 0; b < a; ++b) {
            const std::uint8_t d = edit_distance(bases_a, unpack(b, l), l);
            distances_[(static_cast<std::size_t>(a) << (2 * l)) | b] = d;
            distances_[(static_cast<std::size_t>(b) << (2 * l)) | a] = d;
        }
    }
}

}  // namespace tropic::map::detail

#include "reference/map_filter_reference.hpp"

#include <algorithm>
#include <limits>
#include <vector>

namespace tropic::test {

std::optional<int> reference_banded_edit_distance(std::span<const std::uint8_t> read,
                                                  std::span<const std::uint8_t> window,
                                                  int delta_low, int delta_high) {
    constexpr int kInfinity = std::numeric_limits<int>::max() / 2;
    const int n = static_cast<int>(read.size());
    const int m = static_cast<int>(window.size());
    auto in_band = [&](int i, int j) { return j - i >= delta_low && j - i <= delta_high; };
    std::vector<int> matrix(static_cast<std::size_t>(n + 1) * (m + 1), kInfinity);
    auto cost = [&](int i, int j) -> int& {
        return matrix[static_cast<std::size_t>(i) * (m + 1) + j];
    };
    for (int j = 0; j <= m; ++j)
        if (in_band(0, j)) cost(0, j) = 0;  // the alignment may start anywhere in the window
    for (int i = 1; i <= n; ++i) {
        for (int j = 0; j <= m; ++j) {
            if (!in_band(i, j)) continue;
            int best = cost(i - 1, j) + 1;  // read base i - 1 inserted
            if (j >= 1) {
                const bool match = read[i - 1] == window[j - 1] && read[i - 1] != 4;
                best = std::min(best, cost(i - 1, j - 1) + (match ? 0 : 1));
                best = std::min(best, cost(i, j - 1) + 1);  // window base j - 1 deleted
            }
            cost(i, j) = std::min(best, kInfinity);
        }
    }
    int e = kInfinity;
    for (int j = 0; j <= m; ++j) e = std::min(e, cost(n, j));
    if (e >= kInfinity) return std::nullopt;
    return e;
}

int reference_edit_distance(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
    const std::size_t n = a.size(), m = b.size();
    std::vector<std::vector<int>> cost(n + 1, std::vector<int>(m + 1, 0));
    for (std::size_t i = 0; i <= n; ++i) cost[i][0] = static_cast<int>(i);
    for (std::size_t j = 0; j <= m; ++j) cost[0][j] = static_cast<int>(j);
    for (std::size_t i = 1; i <= n; ++i)
        for (std::size_t j = 1; j <= m; ++j)
            cost[i][j] = std::min({cost[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1),
                                   cost[i - 1][j] + 1, cost[i][j - 1] + 1});
    return cost[n][m];
}

}  // namespace tropic::test

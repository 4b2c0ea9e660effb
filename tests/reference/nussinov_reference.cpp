#include "nussinov_reference.hpp"

#include <algorithm>

#include "rna/nussinov/nussinov_traceback.hpp"

namespace tropic::reference {

NussinovTable nussinov_reference_table(std::span<const std::uint8_t> sequence,
                                       const rna::NussinovParams& params) {
    const std::size_t n = sequence.size();
    const std::size_t m = static_cast<std::size_t>(params.min_loop);
    NussinovTable table;
    table.n = n;
    table.cells.assign((n + 1) * (n + 1), 0);
    auto N = [&](std::size_t i, std::size_t j) -> std::int32_t& {
        return table.cells[i * (n + 1) + j];
    };
    // Rows bottom-up, columns left to right: N(i,k) (k < j) and N(k+1,j) (k >= i) are final.
    for (std::size_t i = n; i-- > 0;) {
        for (std::size_t j = i + m + 1; j < n; ++j) {
            std::int32_t best = 0;
            int w = params.weights.weight(static_cast<Base>(sequence[i]),
                                          static_cast<Base>(sequence[j]));
            if (w > 0) best = N(i + 1, j - 1) + w;  // N(i+1,i) of an empty loop is 0 too
            for (std::size_t k = i; k < j; ++k) best = std::max(best, N(i, k) + N(k + 1, j));
            N(i, j) = best;
        }
    }
    return table;
}

rna::NussinovResult nussinov_reference_fold(std::span<const std::uint8_t> sequence,
                                            const rna::NussinovParams& params) {
    NussinovTable table = nussinov_reference_table(sequence, params);
    const std::size_t n = sequence.size();
    rna::NussinovResult result;
    result.score = n > 0 ? table(0, n - 1) : 0;
    result.structure.assign(n, '.');
    std::vector<int> stack(2 * (n / 2 + 1));
    auto weights = params.weights.table();
    auto at = [&table](int i, int j) -> std::int32_t {
        return table(static_cast<std::size_t>(i), static_cast<std::size_t>(j));
    };
    rna::detail::trace_nussinov<std::int32_t>(static_cast<int>(n), sequence.data(), weights.data(),
                                              params.min_loop, at, result.structure.data(),
                                              stack.data());
    return result;
}

std::optional<std::int64_t> reference_structure_score(std::span<const std::uint8_t> sequence,
                                                      const std::string& structure,
                                                      const rna::NussinovParams& params) {
    if (structure.size() != sequence.size()) return std::nullopt;
    auto pair_weight = [&](std::uint8_t a, std::uint8_t b) -> int {
        const char letters[] = "ACGUN";
        if (a > 4 || b > 4) return 0;
        std::string pair{letters[a], letters[b]};
        if (pair == "AU" || pair == "UA") return params.weights.au;
        if (pair == "GC" || pair == "CG") return params.weights.gc;
        if (pair == "GU" || pair == "UG") return params.weights.gu;
        return 0;
    };
    std::vector<std::size_t> open;
    std::int64_t score = 0;
    for (std::size_t j = 0; j < structure.size(); ++j) {
        if (structure[j] == '(') {
            open.push_back(j);
        } else if (structure[j] == ')') {
            if (open.empty()) return std::nullopt;
            std::size_t i = open.back();
            open.pop_back();
            if (static_cast<long>(j - i) <= params.min_loop) return std::nullopt;
            int w = pair_weight(sequence[i], sequence[j]);
            if (w <= 0) return std::nullopt;
            score += w;
        } else if (structure[j] != '.') {
            return std::nullopt;
        }
    }
    if (!open.empty()) return std::nullopt;
    return score;
}

}  // namespace tropic::reference

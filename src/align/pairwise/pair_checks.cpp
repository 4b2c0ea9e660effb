#include "align/pairwise/pair_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "tropic/core/error.hpp"

namespace tropic::align::detail {

void check_score_range(std::int64_t m, std::int64_t n, const Scoring& scoring) {
    const std::int64_t per_residue = std::max<std::int64_t>(std::abs(scoring.matrix.max_score()),
                                                            std::abs(scoring.matrix.min_score())) +
                                     scoring.gaps.open + scoring.gaps.extend;
    const std::int64_t bound = (m + n + 2) * per_residue;
    if (bound >= (std::int64_t{1} << 29))
        throw InputError(fmt::format(
            "a pair of {} x {} residues could reach scores of {} with these costs, beyond what "
            "32-bit scores hold safely (2^29): align shorter pieces",
            m, n, bound));
}

void check_codes(std::span<const std::uint8_t> codes, const SubstitutionMatrix& matrix,
                 std::string_view which) {
    for (std::size_t k = 0; k < codes.size(); ++k)
        if (codes[k] >= matrix.size)
            throw InputError(fmt::format(
                "{} holds residue code {} at position {}, beyond the {} codes of matrix {}", which,
                codes[k], k + 1, matrix.size, matrix.name));
}

}  // namespace tropic::align::detail

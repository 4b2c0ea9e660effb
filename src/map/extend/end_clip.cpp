#include "map/extend/end_clip.hpp"

#include <limits>

namespace tropic::map::detail {

std::optional<ClipChoice> choose_clip(std::span<const AlignedColumn> columns,
                                      std::int32_t clip_penalty) {
    const std::size_t n = columns.size();
    std::int64_t total = 0;
    bool aligned = false;
    for (const AlignedColumn& column : columns) {
        total += column.score;
        aligned = aligned || column.op == CigarOp::Match;
    }
    if (!aligned) return std::nullopt;

    // One pass over the possible ends: `left` is the best start before the current column (the
    // gain of dropping what precedes it, less the penalty), the earliest on ties.
    constexpr std::int64_t kNone = std::numeric_limits<std::int64_t>::min();
    std::int64_t left_gain = kNone, best_value = kNone, prefix = 0;
    std::size_t left_begin = 0;
    ClipChoice best;
    for (std::size_t k = 0; k < n; ++k) {
        const bool at_match = columns[k].op == CigarOp::Match;
        if (k == 0 || at_match) {
            const std::int64_t gain = k == 0 ? 0 : -prefix - clip_penalty;
            if (gain > left_gain) {
                left_gain = gain;
                left_begin = k;
            }
        }
        prefix += columns[k].score;
        if (!at_match && k + 1 != n) continue;
        const std::int64_t right_gain = k + 1 == n ? 0 : -(total - prefix) - clip_penalty;
        const std::int64_t value = left_gain + right_gain;
        const bool better =
            value > best_value ||
            (value == best_value &&
             (left_begin < best.begin || (left_begin == best.begin && k + 1 > best.end)));
        if (better) {
            best_value = value;
            best = {left_begin, k + 1, 0};
        }
    }
    std::int64_t kept = 0;
    for (std::size_t k = best.begin; k < best.end; ++k) kept += columns[k].score;
    best.score = kept;
    return best;
}

}  // namespace tropic::map::detail

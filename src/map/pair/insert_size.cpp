#include "map/pair/insert_size.hpp"

#include <algorithm>
#include <cmath>

namespace tropic::map::detail {

std::optional<std::int64_t> forward_reverse_span(const StrandHit& a, const StrandHit& b) noexcept {
    if (a.contig != b.contig || a.reverse == b.reverse) return std::nullopt;
    const StrandHit& forward = a.reverse ? b : a;
    const StrandHit& reverse = a.reverse ? a : b;
    if (forward.hit.reference_begin > reverse.hit.reference_begin ||
        forward.hit.reference_end > reverse.hit.reference_end)
        return std::nullopt;
    return reverse.hit.reference_end - forward.hit.reference_begin;
}

std::optional<InsertSizeModel> estimate_insert_size(std::vector<std::int64_t>& lengths) {
    if (lengths.size() < kInsertSizeMinimumPairs) return std::nullopt;
    std::sort(lengths.begin(), lengths.end());
    const auto quartile = [&](double q) {
        return static_cast<double>(lengths[static_cast<std::size_t>(q * (lengths.size() - 1))]);
    };
    const double q1 = quartile(0.25), q3 = quartile(0.75);
    const double low = q1 - 2 * (q3 - q1), high = q3 + 2 * (q3 - q1);
    double sum = 0, squares = 0;
    std::uint64_t kept = 0;
    for (const std::int64_t length : lengths)
        if (length >= low && length <= high) {
            sum += static_cast<double>(length);
            squares += static_cast<double>(length) * static_cast<double>(length);
            ++kept;
        }
    InsertSizeModel model;
    model.pairs = kept;
    model.mean = sum / static_cast<double>(kept);
    model.standard_deviation =
        std::sqrt(std::max(0.0, squares / static_cast<double>(kept) - model.mean * model.mean));
    // At least one base of slack either way, so that a batch of identical lengths still pairs.
    const double slack = std::max(4 * model.standard_deviation, 1.0);
    model.low =
        std::max<std::int64_t>(1, static_cast<std::int64_t>(std::floor(model.mean - slack)));
    model.high = static_cast<std::int64_t>(std::ceil(model.mean + slack));
    return model;
}

}  // namespace tropic::map::detail

#include "map/extend/mapping_quality.hpp"

#include <algorithm>
#include <cmath>

namespace tropic::map::detail {

namespace {

constexpr double kPhredPerMatch = 6.02;    // 10 log10(4)
constexpr int kSeedBases = 19;             // bwa mem's shortest seed
constexpr double kLengthReference = 50.0;  // reads up to this length need no length factor
constexpr int kMaxQuality = 60;

}  // namespace

int mapping_quality(int best_score, int second_score, int best_count, int read_length,
                    const MapScoring& scoring) {
    if (best_count > 1 || best_score <= 0 || read_length <= 0) return 0;
    const int sub = std::max(second_score, kSeedBases * scoring.match);
    if (sub >= best_score) return 0;
    const double length = read_length;
    const double identity =
        1.0 - (length * scoring.match - best_score) / ((scoring.match + scoring.mismatch) * length);
    const double length_factor =
        length < kLengthReference ? 1.0 : std::log(kLengthReference) / std::log(length);
    const double f = length_factor * identity * identity;
    const double quality =
        kPhredPerMatch * static_cast<double>(best_score - sub) / scoring.match * f * f;
    return static_cast<int>(std::clamp(std::lround(quality), 0L, static_cast<long>(kMaxQuality)));
}

}  // namespace tropic::map::detail

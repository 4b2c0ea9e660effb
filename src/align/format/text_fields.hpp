#pragma once
// Pieces that several alignment layouts share: coordinates, identity, JSON strings.
#include <fmt/format.h>

#include <cstdint>
#include <iterator>
#include <string>
#include <string_view>

#include "tropic/align/pairwise.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail {

// A 0-based begin as a 1-based one, or `unknown` (score only leaves most begins unknown).
inline std::string one_based_begin(std::int64_t begin, std::string_view unknown) {
    return begin < 0 ? std::string(unknown) : std::to_string(begin + 1);
}

// Identical columns over all columns; an empty alignment has none of either and scores 0.
inline double identity_fraction(const PairAlignment& alignment) {
    const std::int64_t columns = alignment.columns();
    return columns == 0 ? 0.0
                        : static_cast<double>(alignment.matches) / static_cast<double>(columns);
}

// The layouts that show columns need the traceback.
inline void require_traceback(const AlignParams& params, std::string_view layout) {
    if (params.score_only)
        throw InputError(fmt::format(
            "the {} layout needs the alignment's columns, which score-only alignments lack",
            layout));
}

}  // namespace tropic::align::detail

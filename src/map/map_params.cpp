#include "tropic/map/map_params.hpp"

#include <fmt/format.h>

#include <cmath>

#include "tropic/core/error.hpp"

namespace tropic::map {

void validate(const MapParams& params) {
    const MapScoring& s = params.scoring;
    if (s.match < 1 || s.mismatch < 0 || s.gap_open < 0 || s.gap_extend < 1 || s.clip_penalty < 0 ||
        s.match > 1000 || s.mismatch > 1000 || s.gap_open > 1000 || s.gap_extend > 1000 ||
        s.clip_penalty > 1000)
        throw InputError(fmt::format(
            "map scoring: match must be 1 to 1000, gap extend 1 to 1000, mismatch, gap open and "
            "clip penalty 0 to 1000 (got match {}, mismatch {}, gap open {}, gap extend {}, clip "
            "penalty {})",
            s.match, s.mismatch, s.gap_open, s.gap_extend, s.clip_penalty));
    if (!(params.max_error_rate >= 0 && params.max_error_rate < 0.25))
        throw InputError(
            fmt::format("map: the error rate must be at least 0 and below 0.25 (got {})",
                        params.max_error_rate));
    if (params.max_read_length < 1 || params.max_read_length > 100000)
        throw InputError(fmt::format("map: the longest read must be 1 to 100000 bases (got {})",
                                     params.max_read_length));
    if (params.secondary < 0 || params.secondary > 1000)
        throw InputError(fmt::format("map: secondary records must be 0 to 1000 a read (got {})",
                                     params.secondary));
}

int max_edits(const MapParams& params, int read_length) noexcept {
    return static_cast<int>(std::ceil(params.max_error_rate * read_length - 1e-9));
}

}  // namespace tropic::map

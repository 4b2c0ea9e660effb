#pragma once
// SAM's MAPQ of a read's best hit, after bwa mem's single-end estimate (not its code):
//
//   0                                  when best_count > 1 (another hit scores as well), or the
//                                      best score is 0 or less, or sub >= best;
//   round(6.02 * (best - sub) / match * f^2), clamped to 0..60, otherwise, where
//     sub  = max(second, 19 * match): a second hit shorter than bwa mem's 19-base seeds could go
//            unseen, so a read with no second hit is treated as if one scored that much;
//     f    = L_factor * identity^2,
//     identity = 1 - (L * match - best) / ((match + mismatch) * L): the fraction of the read's
//            L bases that a score this far below a perfect match leaves unmismatched;
//     L_factor = 1 for L < 50, else ln(50) / ln(L): longer reads need a larger score gap for
//            the same confidence.
// 6.02 = 10 log10(4): each base of score margin makes the second hit about 4 times less likely,
// i.e. 6 phred units. MAPQ never decreases as the second score falls at a fixed best score.
#include "tropic/map/map_params.hpp"

namespace tropic::map::detail {

// best_score: the best hit's AS; second_score: the best other hit's (XS), 0 or less when there
// is none; best_count: how many hits score best_score (1 for a unique best); read_length: the
// read's bases.
[[nodiscard]] int mapping_quality(int best_score, int second_score, int best_count, int read_length,
                                  const MapScoring& scoring);

}  // namespace tropic::map::detail

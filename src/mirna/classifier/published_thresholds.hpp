#pragma once
// The published thresholds behind the feature filter and the default score. Each value, its
// source and why it was chosen are in docs/mirscan-classifier.md; change both together.
#include <cstdint>

namespace tropic::mirna::detail {

// The filter before shuffling: cheap, permissive, but it must cut most genomic hairpins.
// MFE index and stem pairs: the screening criteria of PLoS ONE 10(6):e0129002 (2015), Table 1
// (MFEI >= 0.7, at least 16 base pairs in the stem), below the miRNA mean MFEI of 0.97 and above
// the means of tRNAs, rRNAs and mRNAs (0.59 to 0.65) reported by Zhang et al. 2006.
inline constexpr double kFilterMinMfei = 0.70;
inline constexpr std::uint32_t kFilterMinBasePairs = 16;
// The same table's MFE <= -15 kcal/mol, taken per 100 nt at the shortest hairpin scanned (60 nt).
inline constexpr double kFilterMaxAmfe = -25.0;
// One terminal loop: the precursor's characteristic hairpin (Ambros et al. 2003).
inline constexpr std::uint32_t kFilterMaxHairpinLoops = 1;

// The default score: the weighted share of the criteria below that hold, among those that apply
// (significance only when shuffles were folded, reads only with read evidence).
// MFE index of a precursor (Zhang et al. 2006: miRNAs 0.97, other RNAs at most 0.65).
inline constexpr double kScoreMinMfei = 0.85;
inline constexpr double kScoreMfeiWeight = 2;
// One stem-loop longer than 63 nt: the hairpins Rizk's scan kept; one loop (Ambros et al. 2003).
inline constexpr std::uint32_t kScoreMinLength = 64;
inline constexpr double kScoreShapeWeight = 1;
// Randfold's test (Bonnet et al. 2004), as miRDeep2 uses it: significant at p <= 0.05.
inline constexpr double kScoreMaxPvalue = 0.05;
inline constexpr double kScorePvalueWeight = 2;
// miRDeep's read signature (Friedländer et al. 2008, 2012): reads on the mature arm that share
// their 5' end (Dicer's precise cut), and reads on the other arm too (the star strand).
inline constexpr double kScoreMinHomogeneity = 0.5;
inline constexpr double kScoreHomogeneityWeight = 2;
inline constexpr double kScoreStarWeight = 1;

}  // namespace tropic::mirna::detail

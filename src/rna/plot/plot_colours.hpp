#pragma once
// Colours shared by the rna pictures: the value scale of structure drawings and the fixed
// colours of bases and pairs.
#include "core/internal/canvas.hpp"

namespace tropic::rna::detail {

// A diverging scale, blue (0) through pale yellow (0.5) to red (1); values are clamped to [0, 1].
// Black letters stay readable on every colour of it.
draw::Rgb value_colour(double value);

// Plain colours of the bases when no values are given (A, C, G, U/T; grey for anything else).
draw::Rgb nucleotide_colour(char base);

inline constexpr draw::Rgb kInk{0, 0, 0};
inline constexpr draw::Rgb kBackbone{90, 90, 90};
inline constexpr draw::Rgb kPairLine{200, 40, 40};
inline constexpr draw::Rgb kGrid{205, 205, 205};
inline constexpr draw::Rgb kEnsembleSquare{20, 20, 20};
inline constexpr draw::Rgb kMfeSquare{30, 100, 200};

}  // namespace tropic::rna::detail

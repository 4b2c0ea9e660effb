#pragma once
// Colours shared by the rna pictures: the value scale of structure drawings and the fixed
// colours of bases and pairs.
#include "rna/plot/plot_canvas.hpp"

namespace tropic::rna::plot {

// A diverging scale, blue (0) through pale yellow (0.5) to red (1); values are clamped to [0, 1].
// Black letters stay readable on every colour of it.
Colour value_colour(double value);

// Plain colours of the bases when no values are given (A, C, G, U/T; grey for anything else).
Colour nucleotide_colour(char base);

inline constexpr Colour kInk{0, 0, 0};
inline constexpr Colour kBackbone{90, 90, 90};
inline constexpr Colour kPairLine{200, 40, 40};
inline constexpr Colour kGrid{205, 205, 205};
inline constexpr Colour kEnsembleSquare{20, 20, 20};
inline constexpr Colour kMfeSquare{30, 100, 200};

}  // namespace tropic::rna::plot

// dot_plot_svg() and write_dot_plot_png(): RNAfold's _dp.ps picture, scaled so that the grid takes
// about 900 px whatever the length; only pairs and grid lines are drawn, never empty cells, so a
// long sequence costs one element per pair shown.
#include "tropic/rna/dot_plot.hpp"

#include <algorithm>
#include <cmath>
#include <functional>

#include "core/internal/canvas.hpp"
#include "rna/plot/dot_bracket_partners.hpp"
#include "rna/plot/plot_colours.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna {

namespace {

using draw::Anchor;
using draw::Canvas;
using draw::Font;
using draw::Stroke;

constexpr double kGridSide = 900;    // px of the grid, at most
constexpr double kLargestCell = 14;  // px per cell, at most (short sequences)
constexpr double kLabelSpace = 44;   // px left of and above the grid for letters and ticks
constexpr double kTitleHeight = 30;
constexpr double kMargin = 16;
constexpr double kSmallestLetterCell = 7;  // below this, the sequence is not written out
constexpr double kTickSpacing = 28;        // px between tick labels, at least

void check_input(const DotPlotInput& input) {
    const int n = static_cast<int>(input.sequence.size());
    if (input.pairs)
        for (const PairProbability& pair : *input.pairs)
            if (pair.i < 0 || pair.j >= n || pair.i >= pair.j)
                throw InputError("pair (" + std::to_string(pair.i + 1) + ", " +
                                 std::to_string(pair.j + 1) + ") does not fit a sequence of " +
                                 std::to_string(n) + " bases with i < j");
    if (!input.mfe_structure.empty() && input.mfe_structure.size() != input.sequence.size())
        throw InputError("the structure has " + std::to_string(input.mfe_structure.size()) +
                         " characters, the sequence " + std::to_string(n));
}

// Positions between labelled ticks: a multiple of 10 that keeps labels kTickSpacing px apart.
int tick_step(double cell) {
    int step = 10;
    while (step * cell < kTickSpacing) step *= step % 100 == 0 || step == 10 ? 5 : 2;
    return step;
}

void draw_frame(Canvas& canvas, const DotPlotInput& input, double origin_x, double origin_y,
                double cell) {
    const int n = static_cast<int>(input.sequence.size());
    const double side = n * cell;
    const int step = tick_step(cell);
    const Font tick_top{9, detail::kInk, Anchor::Middle};
    const Font tick_left{9, detail::kInk, Anchor::End};
    const Stroke grid{detail::kGrid, 0.5};
    for (int position = step; position <= n; position += step) {
        // Grid lines through the middle of the labelled cell.
        const double at = (position - 0.5) * cell;
        canvas.line({origin_x + at, origin_y}, {origin_x + at, origin_y + side}, grid);
        canvas.line({origin_x, origin_y + at}, {origin_x + side, origin_y + at}, grid);
        const std::string label = std::to_string(position);
        canvas.text({origin_x + at, origin_y - (cell >= kSmallestLetterCell ? 16 : 4)}, label,
                    tick_top);
        canvas.text({origin_x - (cell >= kSmallestLetterCell ? 14 : 4), origin_y + at + 3}, label,
                    tick_left);
    }
    canvas.line({origin_x, origin_y}, {origin_x + side, origin_y + side}, grid);
    canvas.stroke_rect(origin_x, origin_y, side, side, {detail::kInk, 1});
    if (cell < kSmallestLetterCell) return;
    const Font letter{.size = std::min(cell * 0.8, 11.0),
                      .colour = detail::kInk,
                      .anchor = Anchor::Middle,
                      .centred = true};
    for (int k = 0; k < n; ++k) {
        const std::string_view base(&input.sequence[k], 1);
        const double middle = (k + 0.5) * cell;
        canvas.text({origin_x + middle, origin_y - 5}, base, letter);
        canvas.text({origin_x - 5, origin_y + middle}, base, letter);
    }
}

std::string render(const DotPlotInput& input,
                   const std::function<std::unique_ptr<Canvas>(int, int)>& make_canvas) {
    check_input(input);
    const std::vector<int> mfe_partner = detail::dot_bracket_partners(input.mfe_structure);
    const int n = static_cast<int>(input.sequence.size());
    const double cell = std::min(kLargestCell, kGridSide / std::max(n, 1));
    const double side = n * cell;
    const double origin_x = kMargin + kLabelSpace, origin_y = kMargin + kTitleHeight + kLabelSpace;
    const int width = static_cast<int>(std::ceil(origin_x + std::max(side, 200.0) + kMargin));
    const int height = static_cast<int>(std::ceil(origin_y + side + kMargin));

    std::unique_ptr<Canvas> canvas = make_canvas(width, height);
    canvas->text({width / 2.0, kMargin + 14}, input.name, {15, detail::kInk, Anchor::Middle, true});
    draw_frame(*canvas, input, origin_x, origin_y, cell);
    // Upper triangle: row i, column j; a square of side cell * sqrt(p), so its area goes with p.
    if (input.pairs)
        for (const PairProbability& pair : *input.pairs) {
            if (!(pair.probability >= input.min_probability)) continue;
            const double square = cell * std::sqrt(std::min(pair.probability, 1.0));
            canvas->fill_rect(origin_x + (pair.j + 0.5) * cell - square / 2,
                              origin_y + (pair.i + 0.5) * cell - square / 2, square, square,
                              detail::kEnsembleSquare);
        }
    // Lower triangle: the structure's pairs, full cells.
    for (int i = 0; i < static_cast<int>(mfe_partner.size()); ++i)
        if (mfe_partner[i] > i)
            canvas->fill_rect(origin_x + i * cell, origin_y + mfe_partner[i] * cell, cell, cell,
                              detail::kMfeSquare);
    return canvas->finish();
}

}  // namespace

std::string dot_plot_svg(const DotPlotInput& input) {
    return render(input, draw::make_svg_canvas);
}

void write_dot_plot_png(const DotPlotInput& input, const std::string& path) {
    write_file_atomically(path, render(input, draw::make_png_canvas));
}

}  // namespace tropic::rna

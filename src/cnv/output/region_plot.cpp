#include "cnv/output/region_plot.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "cnv/output/output_format.hpp"
#include "cnv/output/plot_style.hpp"
#include "cnv/output/region_summary.hpp"

namespace tropic::cnv::detail {

namespace {

constexpr double kWidth = 960, kLeft = 78, kRight = 200, kTop = 64;
constexpr double kPanelHeight = 190, kPanelGap = 52, kBottom = 44;
constexpr std::size_t kLegendNames = 14;  // samples named in the legend at most

struct Panel {
    const char* title;
    const char* axis;
    const std::vector<double>* values;  // [w * samples + s]
    bool thresholds;                    // cn.mops' upper and lower thresholds as dashed lines
};

struct Layout {
    std::size_t first = 0, last = 0;  // windows drawn
    double x_low = 0, x_high = 1;     // their genomic extent
    double x(double position) const {
        return kLeft + (position - x_low) / (x_high - x_low) * (kWidth - kLeft - kRight);
    }
};

// Grey (no call) first, then gains, then losses: coloured lines stay visible above the others.
std::vector<std::size_t> drawing_order(const RegionSummary& summary) {
    std::vector<std::size_t> order(summary.copy_number.size());
    for (std::size_t s = 0; s < order.size(); ++s) order[s] = s;
    auto rank = [&](std::size_t s) {
        int cn = summary.copy_number[s];
        return cn > 2 ? 1 : (cn >= 0 && cn < 2 ? 2 : 0);
    };
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return rank(a) < rank(b); });
    return order;
}

Stroke sample_stroke(int copy_number) {
    if (copy_number >= 0 && copy_number < 2) return {kLossColor, 1.8, 0.95, false};
    if (copy_number > 2) return {kGainColor, 1.8, 0.95, false};
    return {kNoCallColor, 1.0, 0.55, false};
}

void draw_panel(Canvas& canvas, const RegionPlot& plot, const Layout& layout, const Panel& panel,
                const RegionSummary& summary, double top) {
    const SequenceCounts& counts = *plot.result.counts;
    const std::size_t samples = plot.samples.size();
    const double left = kLeft, right = kWidth - kRight, bottom = top + kPanelHeight;

    double low = std::numeric_limits<double>::infinity(), high = -low;
    for (std::size_t w = layout.first; w <= layout.last; ++w)
        for (std::size_t s = 0; s < samples; ++s) {
            double v = (*panel.values)[w * samples + s];
            if (std::isfinite(v)) low = std::min(low, v), high = std::max(high, v);
        }
    if (panel.thresholds) {
        low = std::min(low, plot.params.lower_threshold);
        high = std::max(high, plot.params.upper_threshold);
    }
    if (!std::isfinite(low)) low = 0, high = 1;
    if (high - low < 1e-9) low -= 0.5, high += 0.5;
    const double pad = (high - low) * 0.05;
    low -= pad, high += pad;
    auto y = [&](double v) { return bottom - (v - low) / (high - low) * kPanelHeight; };

    canvas.fill_rect(layout.x(static_cast<double>(plot.region.start)), top,
                     layout.x(static_cast<double>(plot.region.end)) -
                         layout.x(static_cast<double>(plot.region.start)),
                     kPanelHeight, kRegionBand);
    for (double t : nice_ticks(low, high, 5)) {
        canvas.line({left, y(t)}, {right, y(t)}, {kGrid, 1});
        canvas.line({left - 4, y(t)}, {left, y(t)}, {kInk, 1});
        canvas.text({left - 7, y(t) + 4}, tick_label(t), {10, kInk, Anchor::End});
    }
    for (double t : nice_ticks(layout.x_low, layout.x_high, 6)) {
        canvas.line({layout.x(t), bottom}, {layout.x(t), bottom + 4}, {kInk, 1});
        canvas.text({layout.x(t), bottom + 16}, tick_label(t), {10, kInk, Anchor::Middle});
    }
    if (panel.thresholds)
        for (double t : {plot.params.lower_threshold, plot.params.upper_threshold})
            canvas.line({left, y(t)}, {right, y(t)}, {kInk, 1, 0.7, true});

    std::vector<Point> points;
    for (std::size_t s : drawing_order(summary)) {
        points.clear();
        for (std::size_t w = layout.first; w <= layout.last; ++w) {
            double v = (*panel.values)[w * samples + s];
            double middle = 0.5 * static_cast<double>(counts.start[w] + counts.end[w]);
            if (std::isfinite(v)) points.push_back({layout.x(middle), y(v)});
        }
        canvas.polyline(points, sample_stroke(summary.copy_number[s]));
    }
    canvas.stroke_rect(left, top, right - left, kPanelHeight, {kInk, 1});
    canvas.text({left, top - 8}, panel.title, {13, kInk, Anchor::Start, true});
    canvas.text({left - 52, top + kPanelHeight / 2}, panel.axis,
                {11, kInk, Anchor::Middle, false, true});
}

void draw_legend(Canvas& canvas, const RegionPlot& plot, const RegionSummary& summary) {
    const double x = kWidth - kRight + 18;
    double y = kTop + 10;
    const std::size_t samples = plot.samples.size();
    const std::size_t no_call = samples - summary.losses - summary.gains;
    const struct {
        Rgb color;
        std::string label;
    } keys[] = {{kLossColor, "loss (CN < 2): " + std::to_string(summary.losses)},
                {kGainColor, "gain (CN > 2): " + std::to_string(summary.gains)},
                {kNoCallColor, "no call: " + std::to_string(no_call)}};
    for (const auto& key : keys) {
        canvas.line({x, y - 4}, {x + 22, y - 4}, {key.color, 2.5});
        canvas.text({x + 28, y}, key.label, {11, kInk});
        y += 18;
    }
    y += 10;
    canvas.text({x, y}, "samples called here", {11, kInk, Anchor::Start, true});
    y += 16;
    std::size_t named = 0;
    for (std::size_t s = 0; s < samples; ++s) {
        int cn = summary.copy_number[s];
        if (cn == 2 || cn < 0) continue;
        if (named++ == kLegendNames) {
            canvas.text({x, y},
                        "... and " + std::to_string(summary.losses + summary.gains - kLegendNames) +
                            " more",
                        {10, kInk});
            break;
        }
        std::string label = plot.samples[s] + "  " + class_name(plot.params, plot.region.cn[s]);
        canvas.text({x, y}, label, {10, cn < 2 ? kLossColor : kGainColor});
        y += 14;
    }
}

}  // namespace

std::string render_region_plot(const RegionPlot& plot, PlotFormat format) {
    const SequenceResult& result = plot.result;
    const SequenceCounts& counts = *result.counts;
    const std::size_t windows = counts.window_count();
    const std::size_t samples = plot.samples.size();

    Layout layout;
    layout.first = plot.region.first > plot.flank ? plot.region.first - plot.flank : 0;
    layout.last = std::min(windows - 1, plot.region.last + plot.flank);
    layout.x_low = static_cast<double>(counts.start[layout.first]);
    layout.x_high = static_cast<double>(counts.end[layout.last]);
    if (layout.x_high <= layout.x_low) layout.x_high = layout.x_low + 1;

    std::vector<Panel> panels;
    auto complete = [&](const std::vector<double>& v) { return v.size() == windows * samples; };
    if (complete(result.normalized))
        panels.push_back({"Normalized read counts", "read count", &result.normalized, false});
    if (complete(result.model.sini))
        panels.push_back({"Local assessments (sI/NI)", "sI/NI", &result.model.sini, true});
    if (complete(result.individual_call))
        panels.push_back({"CNV call", "call value", &result.individual_call, true});

    const double height = kTop + 14 +
                          static_cast<double>(panels.size()) * (kPanelHeight + kPanelGap) -
                          kPanelGap + kBottom;
    auto canvas = make_canvas(format, static_cast<int>(kWidth), static_cast<int>(height));
    const RegionSummary summary = summarize_region(plot.params, result, plot.region);

    // Titles speak 1-based closed coordinates, as genome browsers do.
    const std::string where = counts.name + ":" + group_thousands(plot.region.start + 1) + "-" +
                              group_thousands(plot.region.end);
    const std::string size = tick_label(static_cast<double>(plot.region.end - plot.region.start));
    canvas->text({kLeft, 26},
                 "CNV region " + where + " (" + size + " bp, " + sv_type_name(summary.type) + ")",
                 {16, kInk, Anchor::Start, true});
    canvas->text({kLeft, 46},
                 std::to_string(summary.losses) + " sample(s) with a loss, " +
                     std::to_string(summary.gains) + " with a gain; shaded: the region, with " +
                     std::to_string(plot.flank) + " windows either side",
                 {11, kInk});

    double top = kTop + 14;
    for (const Panel& panel : panels) {
        draw_panel(*canvas, plot, layout, panel, summary, top);
        top += kPanelHeight + kPanelGap;
    }
    canvas->text({kLeft + (kWidth - kLeft - kRight) / 2, height - 12},
                 "position on " + counts.name + " (bp, 0-based)", {11, kInk, Anchor::Middle});
    draw_legend(*canvas, plot, summary);
    return canvas->finish();
}

}  // namespace tropic::cnv::detail

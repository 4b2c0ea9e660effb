#include "cnv/output/heatmap.hpp"

#include <algorithm>
#include <cstdlib>

#include "cnv/output/output_format.hpp"
#include "cnv/output/plot_style.hpp"

namespace tropic::cnv::detail {

namespace {

constexpr double kPlotWidth = 1200, kTop = 70, kRight = 30, kLegendHeight = 70;

}  // namespace

std::int16_t more_extreme(std::int16_t a, std::int16_t b) {
    if (a < 0) return b;
    if (b < 0) return a;
    const int da = std::abs(a - 2), db = std::abs(b - 2);
    if (da != db) return da > db ? a : b;
    return std::min(a, b);
}

Heatmap::Heatmap(std::vector<std::string> samples, std::size_t max_columns)
    : samples_(std::move(samples)), max_columns_(std::max<std::size_t>(max_columns, 2)) {
    current_.assign(samples_.size(), -1);
}

void Heatmap::add(const CnmopsParams& params, const SequenceResult& result) {
    const std::size_t samples = samples_.size();
    const std::size_t windows = result.counts->window_count();
    if (samples == 0 || windows == 0) return;
    sequences_.push_back({result.counts->name, windows_});
    // The calls of this sequence, window by window: CN2 unless a CNV covers the window.
    std::vector<std::int16_t> calls(windows * samples, 2);
    for (const Segment& cnv : result.cnvs) {
        const auto cn = static_cast<std::int16_t>(class_copy_number(params, cnv.cn));
        for (std::size_t w = cnv.first; w <= cnv.last && w < windows; ++w)
            calls[w * samples + cnv.sample] = cn;
    }
    for (std::size_t w = 0; w < windows; ++w) add_window(&calls[w * samples]);
}

void Heatmap::add_window(const std::int16_t* copy_numbers) {
    for (std::size_t s = 0; s < samples_.size(); ++s)
        current_[s] =
            in_current_ == 0 ? copy_numbers[s] : more_extreme(current_[s], copy_numbers[s]);
    ++windows_;
    if (++in_current_ == per_bin_) close_bin();
}

void Heatmap::close_bin() {
    if (in_current_ == 0) return;
    bins_.insert(bins_.end(), current_.begin(), current_.end());
    in_current_ = 0;
    // Twice the columns wanted: pool pairs, and let each new column take twice the windows.
    if (columns() >= 2 * max_columns_) halve();
}

void Heatmap::halve() {
    const std::size_t samples = samples_.size(), old_columns = columns();
    std::vector<std::int16_t> pooled;
    pooled.reserve((old_columns + 1) / 2 * samples);
    for (std::size_t c = 0; c < old_columns; c += 2)
        for (std::size_t s = 0; s < samples; ++s) {
            std::int16_t v = bins_[c * samples + s];
            if (c + 1 < old_columns) v = more_extreme(v, bins_[(c + 1) * samples + s]);
            pooled.push_back(v);
        }
    bins_ = std::move(pooled);
    per_bin_ *= 2;
}

std::string Heatmap::render(PlotFormat format) {
    close_bin();
    while (columns() > max_columns_) halve();
    const std::size_t samples = samples_.size(), cols = columns();

    // Rows as tall as fit in about 640 pixels, named when a name can be read.
    const double row =
        std::clamp(640.0 / static_cast<double>(std::max<std::size_t>(samples, 1)), 1.0, 16.0);
    const double name_size = std::min(11.0, row - 1);
    const bool named = name_size >= 6;
    double left = 40;
    if (named)
        for (const std::string& sample : samples_)
            left = std::max(left, 16 + text_width(sample, name_size));
    left = std::min(left, 260.0);
    const double width = left + kPlotWidth + kRight;
    const double grid_height = row * static_cast<double>(samples);
    const double height = kTop + grid_height + kLegendHeight;
    auto canvas = make_canvas(format, static_cast<int>(width), static_cast<int>(height));

    const double total = static_cast<double>(std::max<std::size_t>(windows_, 1));
    auto x_of_window = [&](double w) { return left + w / total * kPlotWidth; };
    auto x_of_column = [&](std::size_t c) {
        return x_of_window(static_cast<double>(std::min(c * per_bin_, windows_)));
    };

    canvas->text({left, 24},
                 "Copy numbers of " + std::to_string(samples) + " samples across " +
                     std::to_string(sequences_.size()) + " sequences",
                 {16, kInk, Anchor::Start, true});
    canvas->text({left, 42},
                 group_thousands(static_cast<long long>(windows_)) + " windows, " +
                     std::to_string(per_bin_) +
                     " per column; a column shows the class farthest from CN2",
                 {11, kInk});
    canvas->fill_rect(left, kTop, kPlotWidth, grid_height, copy_number_color(2));
    // Runs of equal cells of one row are one rectangle; CN2 is the background.
    for (std::size_t s = 0; s < samples; ++s) {
        const double y = kTop + row * static_cast<double>(s);
        std::size_t c = 0;
        while (c < cols) {
            const std::int16_t v = bins_[c * samples + s];
            std::size_t end = c + 1;
            while (end < cols && bins_[end * samples + s] == v) ++end;
            if (v != 2)
                canvas->fill_rect(x_of_column(c), y, x_of_column(end) - x_of_column(c), row,
                                  copy_number_color(v));
            c = end;
        }
        if (named)
            canvas->text({left - 6, y + row / 2 + name_size * 0.35}, samples_[s],
                         {name_size, kInk, Anchor::End});
    }
    if (!named)
        canvas->text({left - 12, kTop + grid_height / 2}, std::to_string(samples) + " samples",
                     {11, kInk, Anchor::Middle, false, true});
    // Sequence boundaries, and names where there is room for them.
    for (std::size_t i = 0; i < sequences_.size(); ++i) {
        const double x0 = x_of_window(static_cast<double>(sequences_[i].first_window));
        const double x1 = i + 1 < sequences_.size()
                              ? x_of_window(static_cast<double>(sequences_[i + 1].first_window))
                              : left + kPlotWidth;
        if (i > 0) canvas->line({x0, kTop - 4}, {x0, kTop + grid_height}, {kInk, 0.8, 0.8});
        if (text_width(sequences_[i].name, 10) < x1 - x0 - 2)
            canvas->text({(x0 + x1) / 2, kTop - 8}, sequences_[i].name, {10, kInk, Anchor::Middle});
    }
    canvas->stroke_rect(left, kTop, kPlotWidth, grid_height, {kInk, 1});

    // The legend: CN0 ... CN8+ and unknown.
    double x = left;
    const double y = kTop + grid_height + 30;
    canvas->text({x, y + 12}, "copy number", {11, kInk, Anchor::Start, true});
    x += 90;
    for (int cn = -1; cn <= 8; ++cn) {
        const std::string label = cn < 0 ? "unknown" : cn == 8 ? "8+" : std::to_string(cn);
        canvas->fill_rect(x, y, 22, 16, copy_number_color(cn));
        canvas->stroke_rect(x, y, 22, 16, {kGrid, 1});
        canvas->text({x + 27, y + 12}, label, {11, kInk});
        x += 34 + text_width(label, 11);
    }
    return canvas->finish();
}

}  // namespace tropic::cnv::detail

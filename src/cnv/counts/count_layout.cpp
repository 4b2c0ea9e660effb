#include "cnv/counts/count_layout.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <numeric>

#include "core/internal/messages.hpp"
#include "tropic/core/bed.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv::detail {

std::int64_t SequenceLayout::window_of(std::int64_t position) const noexcept {
    if (start.empty() || position < start.front() || position >= end.back()) return -1;
    if (uniform_width > 0) return position / uniform_width;  // the last window may be shorter
    // The last region starting at or before the position holds it, if any does.
    const auto after = std::upper_bound(start.begin(), start.end(), position);
    const auto index = static_cast<std::int64_t>(after - start.begin()) - 1;
    return position < end[static_cast<std::size_t>(index)] ? index : -1;
}

SequenceLayout genome_windows(const std::string& name, std::int64_t length,
                              std::int64_t window_length) {
    SequenceLayout layout;
    layout.name = name;
    layout.uniform_width = window_length;
    // cn.mops drops the last base of a sequence longer than one window whose length is a
    // multiple of the window length (getReadCountsFromBAM.R, line 109).
    const std::int64_t covered =
        length > window_length && length % window_length == 0 ? length - 1 : length;
    // Its windows start at 0, WL, 2 WL, ... up to the covered length inclusive (seq(0, sl, WL)):
    // with a window length of 1 the last one starts at the dropped base and is empty, and counts
    // nothing, as in R.
    const bool empty_last = covered < length && covered % window_length == 0;
    for (std::int64_t start = 0; start < covered || (empty_last && start == covered);
         start += window_length) {
        layout.start.push_back(start);
        layout.end.push_back(std::min(start + window_length, covered));
    }
    return layout;
}

std::vector<SequenceLayout> bed_regions(const std::string& path) {
    BedReader reader(path);
    std::vector<SequenceLayout> layouts;
    std::map<std::string, std::size_t, std::less<>> index_of;
    BedRecord record;
    const std::string shown = display_input_path(path);
    while (reader.next(record)) {
        if (record.end <= record.start)
            throw InputError(
                fmt::format("{}: line {}: the region {}:[{}, {}) is empty; counting "
                            "regions hold at least one base",
                            shown, reader.line_number(), record.chrom, record.start, record.end));
        auto [at, fresh] = index_of.emplace(record.chrom, layouts.size());
        if (fresh) layouts.emplace_back().name = record.chrom;
        SequenceLayout& layout = layouts[at->second];
        layout.start.push_back(record.start);
        layout.end.push_back(record.end);
        layout.bed_lines.push_back(reader.line_number());
    }
    if (layouts.empty()) throw InputError(fmt::format("{}: no regions", shown));
    for (SequenceLayout& layout : layouts) {
        std::vector<std::size_t> order(layout.window_count());
        std::iota(order.begin(), order.end(), std::size_t{0});
        std::stable_sort(order.begin(), order.end(), [&layout](std::size_t a, std::size_t b) {
            return layout.start[a] < layout.start[b];
        });
        SequenceLayout sorted;
        sorted.name = layout.name;
        for (std::size_t i : order) {
            if (!sorted.start.empty() && layout.start[i] < sorted.end.back())
                throw InputError(fmt::format(
                    "{}: line {}: the region {}:[{}, {}) overlaps the one on line {}; regions "
                    "must not overlap (merge them first, e.g. with `bedtools merge`)",
                    shown, layout.bed_lines[i], layout.name, layout.start[i], layout.end[i],
                    sorted.bed_lines.back()));
            sorted.start.push_back(layout.start[i]);
            sorted.end.push_back(layout.end[i]);
            sorted.bed_lines.push_back(layout.bed_lines[i]);
        }
        layout = std::move(sorted);
    }
    return layouts;
}

}  // namespace tropic::cnv::detail

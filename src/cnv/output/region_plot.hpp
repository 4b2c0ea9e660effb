#pragma once
// One CNV region drawn as cn.mops' plot() draws it (plot-methods.R): the windows of the region
// and `flank` windows either side, one line per sample, in panels of normalised read counts,
// local assessments (sI/NI) and CNV call values; samples with a loss in the region blue, with a
// gain red, the others grey beneath them.
#include <string>
#include <vector>

#include "tropic/cnv/cnv_plots.hpp"
#include "tropic/cnv/cnv_result.hpp"

namespace tropic::cnv::detail {

struct RegionPlot {
    const CnmopsParams& params;
    const std::vector<std::string>& samples;
    const SequenceResult& result;
    const CnvRegion& region;
    std::size_t flank = 10;
};

// The picture's file bytes (SVG text or PNG).
std::string render_region_plot(const RegionPlot& plot, PlotFormat format);

}  // namespace tropic::cnv::detail

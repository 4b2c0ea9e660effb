#pragma once
// Pictures of `tropic cnv call`'s results (`--plot DIR`): one plot per CNV region, as cn.mops'
// plot() draws it, and one genome-wide heatmap of the calls. SVG always; PNG when tropic was
// built with cairo (png_supported()).
#include <cstddef>
#include <functional>
#include <memory>
#include <string>

#include "tropic/cnv/cnv_result.hpp"
#include "tropic/core/output_files.hpp"

namespace tropic::cnv {

enum class PlotFormat { Svg, Png };

// True when this build can write PNG (it found cairo).
[[nodiscard]] bool png_supported() noexcept;

struct PlotOptions {
    PlotFormat format = PlotFormat::Svg;
    // At most this many region plots: the largest regions (in bases; earlier ones first among
    // equals). 0: none.
    std::size_t max_region_plots = 200;
    // Windows drawn on either side of a region (cn.mops' plot(): margin = c(10, 10)).
    std::size_t flank_windows = 10;
    // Columns of the heatmap at most (windows are pooled into equal groups to fit).
    std::size_t max_heatmap_columns = 2000;
    bool heatmap = true;
    NoticeHandler on_notice;  // e.g. that the region plots were capped
};

// Writes into `dir` (created when the writer is made, if missing; removed again when the run
// does not commit):
//   <chrom>_<start>_<end>.svg|png  per CNV region (0-based, half-open; characters other than
//                                  letters, digits, '.', '_' and '-' in the name become '_'):
//                                  normalised read counts, sI/NI and the CNV call values of all
//                                  samples over the region and its flanks; samples with a loss
//                                  there in blue, with a gain in red, the others grey.
//   cn_heatmap.svg|png             samples x genome, the called copy number of each sample
//                                  (CN2 outside its CNVs); a column pooling several windows shows
//                                  the class farthest from CN2.
// Region plots are rendered as sequences arrive (only that sequence's data is needed) and kept,
// at most max_region_plots of them, until finish(); the heatmap keeps a few bytes per sample and
// column. The files appear in `dir` as a CnvTableWriter's do (cnv_writers.hpp): when the run's
// OutputFiles are committed, or by finish() for a writer made without them. Throws InputError
// from the constructor when `dir` cannot be made or written into, or PNG is asked of a build
// without cairo.
class CnvPlotWriter : public CnvSink {
  public:
    explicit CnvPlotWriter(std::string dir, PlotOptions options = {});
    CnvPlotWriter(OutputFiles& outputs, std::string dir, PlotOptions options = {});
    ~CnvPlotWriter() override;
    void begin(const CnvRunInfo& info) override;
    void sequence(const SequenceResult& result) override;
    void finish() override;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic::cnv

// CnvPlotWriter: region plots and the heatmap, staged in the plot folder by finish().
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <set>

#include "cnv/output/heatmap.hpp"
#include "cnv/output/output_format.hpp"
#include "cnv/output/plot_style.hpp"
#include "cnv/output/region_plot.hpp"
#include "tropic/cnv/cnv_plots.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/notice.hpp"
#include "tropic/core/output_files.hpp"

namespace tropic::cnv {

namespace {

// A rendered region plot, kept until finish(); `order` is its place in the input.
struct KeptPlot {
    std::int64_t length = 0;
    std::size_t order = 0;
    std::string name;  // file name without extension
    std::string bytes;
};

// The heap's order: the plot that a larger region would push out on top (the shortest region;
// among equals, the later one).
bool keeps_before(const KeptPlot& a, const KeptPlot& b) {
    return a.length != b.length ? a.length > b.length : a.order < b.order;
}

}  // namespace

struct CnvPlotWriter::Impl {
    PlotOptions options;
    std::unique_ptr<OutputFiles> own;  // the writer's own outputs, committed by finish()
    OutputFolder* folder = nullptr;
    CnvRunInfo info;
    std::optional<detail::Heatmap> heatmap;
    std::vector<KeptPlot> kept;  // a heap under keeps_before
    std::size_t regions = 0;
    bool begun = false;

    void declare(OutputFiles& outputs, const std::string& dir, std::string_view option);
    void consider(const SequenceResult& result, const CnvRegion& region);
    void write_file(const std::string& name, const std::string& bytes) const;
};

CnvPlotWriter::CnvPlotWriter(std::string dir, PlotOptions options)
    : impl_(std::make_unique<Impl>()) {
    impl_->options = std::move(options);
    impl_->own = std::make_unique<OutputFiles>();
    impl_->declare(*impl_->own, dir, "the plot folder");
}

CnvPlotWriter::CnvPlotWriter(OutputFiles& outputs, std::string dir, PlotOptions options)
    : impl_(std::make_unique<Impl>()) {
    impl_->options = std::move(options);
    impl_->declare(outputs, dir, "--plot");
}

void CnvPlotWriter::Impl::declare(OutputFiles& outputs, const std::string& dir,
                                  std::string_view option) {
    if (dir.empty()) throw InputError("the plot folder (--plot) is empty");
    if (options.format == PlotFormat::Png && !png_supported())
        draw::make_png_canvas(1, 1);  // throws the InputError that explains
    folder = &outputs.folder(dir, option);
}

CnvPlotWriter::~CnvPlotWriter() = default;

void CnvPlotWriter::begin(const CnvRunInfo& info) {
    impl_->info = info;
    if (impl_->options.heatmap)
        impl_->heatmap.emplace(info.samples, impl_->options.max_heatmap_columns);
    impl_->begun = true;
}

void CnvPlotWriter::sequence(const SequenceResult& result) {
    Impl& m = *impl_;
    if (!m.begun) throw InternalError("CnvPlotWriter: sequence() before begin()");
    for (const CnvRegion& region : result.regions) m.consider(result, region);
    if (m.heatmap) m.heatmap->add(m.info.params, result);
}

void CnvPlotWriter::Impl::consider(const SequenceResult& result, const CnvRegion& region) {
    KeptPlot plot{region.end - region.start, regions++, {}, {}};
    if (options.max_region_plots == 0) return;
    if (kept.size() == options.max_region_plots) {
        if (!keeps_before(plot, kept.front())) return;
        std::pop_heap(kept.begin(), kept.end(), keeps_before);
        kept.pop_back();
    }
    plot.name = detail::safe_file_name(result.counts->name) + '_' + std::to_string(region.start) +
                '_' + std::to_string(region.end);
    plot.bytes = detail::render_region_plot(
        {info.params, info.samples, result, region, options.flank_windows}, options.format);
    kept.push_back(std::move(plot));
    std::push_heap(kept.begin(), kept.end(), keeps_before);
}

void CnvPlotWriter::Impl::write_file(const std::string& name, const std::string& bytes) const {
    const std::string file_name = name + '.' + detail::plot_extension(options.format);
    const std::string path = folder->stage(file_name);
    std::FILE* file = std::fopen(path.c_str(), "wb");
    if (!file)
        throw ResourceError("cannot create " + folder->path() + "/" + file_name + ": " +
                            std::strerror(errno));
    const bool written = std::fwrite(bytes.data(), 1, bytes.size(), file) == bytes.size();
    const int error = errno;
    if (std::fclose(file) != 0 || !written)
        throw ResourceError("cannot write " + folder->path() + "/" + file_name + ": " +
                            std::strerror(written ? errno : error));
}

void CnvPlotWriter::finish() {
    Impl& m = *impl_;
    if (!m.begun) throw InternalError("CnvPlotWriter: finish() before begin()");
    // The files are staged in the folder and appear when the run's outputs are committed.
    std::sort(m.kept.begin(), m.kept.end(),
              [](const KeptPlot& a, const KeptPlot& b) { return a.order < b.order; });
    std::set<std::string> used{"cn_heatmap"};
    for (KeptPlot& plot : m.kept) {
        // Two names that differ only in unsafe characters would meet: number the later one.
        std::string name = plot.name;
        for (int n = 2; used.count(name); ++n) name = plot.name + '_' + std::to_string(n);
        used.insert(name);
        m.write_file(name, plot.bytes);
    }
    if (m.heatmap) m.write_file("cn_heatmap", m.heatmap->render(m.options.format));
    if (m.own) m.own->commit();
    if (m.regions > m.kept.size())
        say(m.options.on_notice,
            {Notice::Kind::Note, "plotted the " + std::to_string(m.kept.size()) + " largest of " +
                                     std::to_string(m.regions) +
                                     " CNV regions (raise the cap with --max-region-plots)"});
    m.kept.clear();
}

}  // namespace tropic::cnv

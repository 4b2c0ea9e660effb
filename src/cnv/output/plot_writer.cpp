// CnvPlotWriter: region plots and the heatmap, written into the plot folder by finish().
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <set>

#include "cnv/output/heatmap.hpp"
#include "cnv/output/output_format.hpp"
#include "cnv/output/plot_style.hpp"
#include "cnv/output/region_plot.hpp"
#include "tropic/cnv/cnv_plots.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"

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
    std::string dir;
    PlotOptions options;
    CnvRunInfo info;
    std::optional<detail::Heatmap> heatmap;
    std::vector<KeptPlot> kept;  // a heap under keeps_before
    std::size_t regions = 0;
    bool begun = false;

    void consider(const SequenceResult& result, const CnvRegion& region);
    void write_file(const std::string& name, const std::string& bytes,
                    std::vector<std::unique_ptr<AtomicFile>>& files) const;
};

CnvPlotWriter::CnvPlotWriter(std::string dir, PlotOptions options)
    : impl_(std::make_unique<Impl>()) {
    if (dir.empty()) throw InputError("the plot folder (--plot) is empty");
    if (options.format == PlotFormat::Png && !png_supported())
        draw::make_png_canvas(1, 1);  // throws the InputError that explains
    impl_->dir = std::move(dir);
    impl_->options = std::move(options);
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

void CnvPlotWriter::Impl::write_file(const std::string& name, const std::string& bytes,
                                     std::vector<std::unique_ptr<AtomicFile>>& files) const {
    const std::string path =
        (std::filesystem::path(dir) / (name + '.' + detail::plot_extension(options.format)))
            .string();
    auto file = std::make_unique<AtomicFile>(path);
    if (std::fwrite(bytes.data(), 1, bytes.size(), file->stream()) != bytes.size())
        throw ResourceError("cannot write " + path + ": " + std::strerror(errno));
    files.push_back(std::move(file));
}

void CnvPlotWriter::finish() {
    Impl& m = *impl_;
    if (!m.begun) throw InternalError("CnvPlotWriter: finish() before begin()");
    std::error_code error;
    std::filesystem::create_directories(m.dir, error);
    if (error) throw InputError("cannot create the plot folder " + m.dir + ": " + error.message());

    // Every file is written before any is renamed into place: a failure leaves none.
    std::vector<std::unique_ptr<AtomicFile>> files;
    std::sort(m.kept.begin(), m.kept.end(),
              [](const KeptPlot& a, const KeptPlot& b) { return a.order < b.order; });
    std::set<std::string> used{"cn_heatmap"};
    for (KeptPlot& plot : m.kept) {
        // Two names that differ only in unsafe characters would meet: number the later one.
        std::string name = plot.name;
        for (int n = 2; used.count(name); ++n) name = plot.name + '_' + std::to_string(n);
        used.insert(name);
        m.write_file(name, plot.bytes, files);
    }
    if (m.heatmap) m.write_file("cn_heatmap", m.heatmap->render(m.options.format), files);
    for (auto& file : files) file->commit();
    if (m.regions > m.kept.size() && m.options.on_notice)
        m.options.on_notice("plotted the " + std::to_string(m.kept.size()) + " largest of " +
                            std::to_string(m.regions) +
                            " CNV regions (raise the cap with --max-region-plots)");
    m.kept.clear();
}

}  // namespace tropic::cnv

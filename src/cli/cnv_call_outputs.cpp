#include "cli/cnv_call_outputs.hpp"

#include <fmt/format.h>

#include <optional>

#include "cli/notices.hpp"
#include "cli/progress_bar.hpp"
#include "tropic/cnv/cnv_plots.hpp"
#include "tropic/cnv/cnv_writers.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_files.hpp"

namespace tropic::cli {

namespace {

// A progress bar over windows, advanced as each sequence is written.
class ProgressSink : public cnv::CnvSink {
  public:
    explicit ProgressSink(bool shown) : shown_(shown) {}
    void begin(const cnv::CnvRunInfo& info) override {
        bar_.emplace("tropic cnv call", info.windows, shown_, " windows");
    }
    void sequence(const cnv::SequenceResult& result) override {
        if (bar_) bar_->advance(result.counts->window_count());
    }
    void finish() override {
        if (bar_) bar_->finish();
    }

  private:
    bool shown_;
    std::optional<ProgressBar> bar_;
};

}  // namespace

void add_cnv_output_options(CLI::App* app, CnvOutputOptions& options) {
    app->add_option("--plot", options.plot_dir,
                    "Draw the CNV regions and a genome-wide copy-number heatmap into DIR (SVG)")
        ->type_name("DIR");
    app->add_flag("--png", options.png, "Draw the --plot pictures as PNG instead of SVG");
    app->add_option("--max-region-plots", options.max_region_plots,
                    "Draw at most this many region plots, the largest regions");
    app->add_flag("--no-vcf", options.no_vcf, "Do not write PREFIX.vcf.gz");
    app->add_flag("--plain-vcf", options.plain_vcf, "Write PREFIX.vcf uncompressed");
    app->add_flag("--write-sini", options.write_sini,
                  "Also write PREFIX.sini.tsv: the sI/NI call of every window and sample");
    app->add_flag("--write-normalized", options.write_normalized,
                  "Also write PREFIX.normalized.tsv: the normalised counts");
    app->add_option("--digits", options.digits,
                    "Significant digits of real numbers in the tables (17: exact)")
        ->check(CLI::Range(1, 17));
}

struct CnvOutputs::Impl {
    OutputFiles files;  // first made, last gone: the writers write into its files
    ProgressSink progress;
    std::unique_ptr<cnv::CnvTableWriter> tables;
    std::unique_ptr<cnv::CnvVcfWriter> vcf;
    std::unique_ptr<cnv::CnvJsonWriter> json;
    std::unique_ptr<cnv::CnvPlotWriter> plots;
    cnv::CnvSinkList list;
    std::vector<std::string> paths;
    explicit Impl(bool shown) : progress(shown) {}
};

CnvOutputs::CnvOutputs(const CnvOutputOptions& options, const SharedOptions& shared)
    : impl_(std::make_unique<Impl>(ProgressBar::wanted(shared.quiet))) {
    const std::string& prefix = shared.output;
    if (prefix.empty() || prefix == "-") {
        throw InputError(
            "tropic cnv call writes several files: name their prefix with -o PREFIX "
            "(PREFIX.cnvs.tsv, PREFIX.cnvr.tsv, PREFIX.cn.tsv, PREFIX.ini.tsv, PREFIX.vcf.gz)");
    }
    if (options.png && options.plot_dir.empty()) throw InputError("--png needs --plot DIR");
    Impl& m = *impl_;
    cnv::TableWriterOptions table_options;
    table_options.digits = options.digits;
    table_options.write_sini = options.write_sini;
    table_options.write_normalized = options.write_normalized;
    m.tables = std::make_unique<cnv::CnvTableWriter>(m.files, prefix, table_options);
    m.list.add(*m.tables);
    m.paths = m.tables->paths();
    if (!options.no_vcf) {
        cnv::VcfWriterOptions vcf_options;
        vcf_options.compress = !options.plain_vcf;
        vcf_options.on_notice = notice_handler(shared.quiet);
        m.vcf = std::make_unique<cnv::CnvVcfWriter>(m.files, prefix, vcf_options);
        m.list.add(*m.vcf);
        m.paths.push_back(m.vcf->path());
    }
    if (shared.json) {
        m.json = std::make_unique<cnv::CnvJsonWriter>(m.files, prefix + ".json");
        m.list.add(*m.json);
        m.paths.push_back(prefix + ".json");
    }
    if (!options.plot_dir.empty()) {
        cnv::PlotOptions plot_options;
        plot_options.format = options.png ? cnv::PlotFormat::Png : cnv::PlotFormat::Svg;
        plot_options.max_region_plots = options.max_region_plots;
        plot_options.on_notice = notice_handler(shared.quiet);
        m.plots = std::make_unique<cnv::CnvPlotWriter>(m.files, options.plot_dir, plot_options);
        m.list.add(*m.plots);
        m.paths.push_back(options.plot_dir + "/");
    }
    m.list.add(m.progress);
}

CnvOutputs::~CnvOutputs() = default;

cnv::CnvSink& CnvOutputs::sink() {
    return impl_->list;
}

void CnvOutputs::commit() {
    impl_->files.commit();
}

std::vector<std::string> CnvOutputs::paths() const {
    return impl_->paths;
}

}  // namespace tropic::cli

// CnvTableWriter: the TSV tables of `tropic cnv call -o PREFIX`.
#include <algorithm>
#include <cerrno>
#include <cstring>
#include <numeric>
#include <optional>

#include "cnv/output/output_format.hpp"
#include "tropic/cnv/cnv_writers.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_files.hpp"

namespace tropic::cnv {

namespace {

// One table: written under the temporary name of its AtomicFile, moved into place when the run's
// outputs are committed.
class TableFile {
  public:
    explicit TableFile(AtomicFile& file) : file_(file) {}
    void write(std::string_view text) {
        if (std::fwrite(text.data(), 1, text.size(), file_.stream()) != text.size())
            throw ResourceError("cannot write to " + file_.path() + ": " + std::strerror(errno));
    }

  private:
    AtomicFile& file_;
};

// A sequence of many windows and samples makes tables of gigabytes: text goes out in pieces.
void flush_large(TableFile& table, std::string& text) {
    if (text.size() < (std::size_t{1} << 20)) return;
    table.write(text);
    text.clear();
}

std::string window_columns(const SequenceCounts& counts, std::size_t w) {
    return counts.name + '\t' + std::to_string(counts.start[w]) + '\t' +
           std::to_string(counts.end[w]);
}

std::string sample_header(const std::string& first_columns,
                          const std::vector<std::string>& samples) {
    std::string line = first_columns;
    for (const std::string& sample : samples) line += '\t' + sample;
    return line + '\n';
}

}  // namespace

struct CnvTableWriter::Impl {
    std::string prefix;
    TableWriterOptions options;
    std::unique_ptr<OutputFiles> own;  // the writer's own outputs, committed by finish()
    CnvRunInfo info;
    std::optional<TableFile> cnvs, cnvr, cn, ini, sini, normalized;
    bool begun = false;

    // Declares every table in `outputs` (checked now).
    void declare(OutputFiles& outputs, std::string_view option);
    std::string real(double value) const { return detail::format_real(value, options.digits); }
    void write_cnvs(const SequenceResult& result);
    void write_regions(const SequenceResult& result);
    void write_windows(const SequenceResult& result);
    // One row per window with one value per sample, values [w * samples + s].
    void write_per_sample(TableFile& table, const SequenceCounts& counts,
                          const std::vector<double>& values) const;
};

CnvTableWriter::CnvTableWriter(std::string prefix, TableWriterOptions options)
    : impl_(std::make_unique<Impl>()) {
    impl_->own = std::make_unique<OutputFiles>();
    impl_->prefix = std::move(prefix);
    impl_->options = options;
    impl_->declare(*impl_->own, "");
}

CnvTableWriter::CnvTableWriter(OutputFiles& outputs, std::string prefix, TableWriterOptions options)
    : impl_(std::make_unique<Impl>()) {
    impl_->prefix = std::move(prefix);
    impl_->options = options;
    impl_->declare(outputs, "-o");
}

CnvTableWriter::~CnvTableWriter() = default;

std::vector<std::string> CnvTableWriter::paths() const {
    std::vector<std::string> names{"cnvs", "cnvr", "cn", "ini"};
    if (impl_->options.write_sini) names.push_back("sini");
    if (impl_->options.write_normalized) names.push_back("normalized");
    for (std::string& name : names) name = impl_->prefix + '.' + name + ".tsv";
    return names;
}

void CnvTableWriter::Impl::declare(OutputFiles& outputs, std::string_view option) {
    if (prefix.empty()) throw InputError("the output prefix (-o) is empty");
    auto table = [&](std::optional<TableFile>& slot, const char* name) {
        slot.emplace(outputs.file(prefix + '.' + name + ".tsv", option));
    };
    table(cnvs, "cnvs");
    table(cnvr, "cnvr");
    table(cn, "cn");
    table(ini, "ini");
    if (options.write_sini) table(sini, "sini");
    if (options.write_normalized) table(normalized, "normalized");
}

void CnvTableWriter::begin(const CnvRunInfo& info) {
    Impl& m = *impl_;
    m.info = info;
    m.begun = true;
    const std::string windows = sample_header("#chrom\tstart\tend", info.samples);
    m.cnvs->write("#sample\tchrom\tstart\tend\tmedian\tmean\tCN\n");
    m.cnvr->write(windows);
    m.cn->write(windows);
    m.ini->write("#chrom\tstart\tend\tini\n");
    if (m.sini) m.sini->write(windows);
    if (m.normalized) m.normalized->write(windows);
}

void CnvTableWriter::sequence(const SequenceResult& result) {
    if (!impl_->begun) throw InternalError("CnvTableWriter: sequence() before begin()");
    if (!result.counts) throw InternalError("CnvTableWriter: a result without its windows");
    impl_->write_cnvs(result);
    impl_->write_regions(result);
    impl_->write_windows(result);
}

void CnvTableWriter::finish() {
    if (!impl_->begun) throw InternalError("CnvTableWriter: finish() before begin()");
    if (impl_->own) impl_->own->commit();
}

void CnvTableWriter::Impl::write_cnvs(const SequenceResult& result) {
    // cn.mops orders its CNVs by sequence, sample and start (segDf in cn.mops.R); the pipeline
    // hands them so, and a stable sort keeps that a guarantee of this file, not a hope.
    std::vector<std::size_t> order(result.cnvs.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const Segment &x = result.cnvs[a], &y = result.cnvs[b];
        return x.sample != y.sample ? x.sample < y.sample : x.start < y.start;
    });
    std::string text;
    for (std::size_t i : order) {
        const Segment& cnv = result.cnvs[i];
        text += info.samples.at(cnv.sample) + '\t' + result.counts->name + '\t' +
                std::to_string(cnv.start) + '\t' + std::to_string(cnv.end) + '\t' +
                real(cnv.median) + '\t' + real(cnv.mean) + '\t' +
                detail::class_name(info.params, cnv.cn) + '\n';
    }
    cnvs->write(text);
}

void CnvTableWriter::Impl::write_regions(const SequenceResult& result) {
    std::string text;
    for (const CnvRegion& region : result.regions) {
        text += result.counts->name + '\t' + std::to_string(region.start) + '\t' +
                std::to_string(region.end);
        for (int index : region.cn) text += '\t' + detail::class_name(info.params, index);
        text += '\n';
    }
    cnvr->write(text);
}

void CnvTableWriter::Impl::write_windows(const SequenceResult& result) {
    const SequenceCounts& counts = *result.counts;
    const std::size_t samples = info.samples.size();
    std::string cn_text, ini_text;
    for (std::size_t w = 0; w < counts.window_count(); ++w) {
        const std::string where = window_columns(counts, w);
        cn_text += where;
        for (std::size_t s = 0; s < samples; ++s) {
            int copies = detail::class_copy_number(info.params,
                                                   result.model.expected_class[w * samples + s]);
            cn_text += copies < 0 ? std::string("\tNA") : '\t' + std::to_string(copies);
        }
        cn_text += '\n';
        ini_text += where + '\t' + real(result.model.ini[w]) + '\n';
        flush_large(*cn, cn_text);
    }
    cn->write(cn_text);
    ini->write(ini_text);
    if (sini) write_per_sample(*sini, counts, result.model.sini);
    if (normalized) write_per_sample(*normalized, counts, result.normalized);
}

void CnvTableWriter::Impl::write_per_sample(TableFile& table, const SequenceCounts& counts,
                                            const std::vector<double>& values) const {
    const std::size_t samples = info.samples.size();
    std::string text;
    for (std::size_t w = 0; w < counts.window_count(); ++w) {
        text += window_columns(counts, w);
        for (std::size_t s = 0; s < samples; ++s) text += '\t' + real(values[w * samples + s]);
        text += '\n';
        flush_large(table, text);
    }
    table.write(text);
}

}  // namespace tropic::cnv

// CnvJsonWriter: the results as one JSON document, written a sequence at a time.
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "cnv/output/output_format.hpp"
#include "cnv/output/region_summary.hpp"
#include "tropic/cnv/cnv_writers.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/version.hpp"

namespace tropic::cnv {

namespace {

using nlohmann::json;

// The parameters under cn.mops' own names, so that a run can be repeated in R.
json params_json(const CnmopsParams& p) {
    static const char* norm_types[] = {"poisson", "mean", "median", "quant", "mode"};
    static const char* size_factors[] = {"mean", "median", "quant", "mode"};
    return json{
        {"method", p.method == Method::Cohort ? "cn.mops" : "referencecn.mops"},
        {"I", p.folds},
        {"classes", p.classes},
        {"priorImpact", p.prior_impact},
        {"cyc", p.cycles},
        {"norm", p.norm},
        {"normType", norm_types[static_cast<int>(p.norm_type)]},
        {"sizeFactor", size_factors[static_cast<int>(p.size_factor)]},
        {"normQu", p.norm_quantile},
        {"quSizeFactor", p.size_factor_quantile},
        {"upperThreshold", p.upper_threshold},
        {"lowerThreshold", p.lower_threshold},
        {"minWidth", p.min_width},
        {"segAlgorithm", p.segmentation == Segmentation::Fast ? "fast" : "DNAcopy"},
        {"minReadCount", p.min_read_count},
        {"useMedian", p.use_median},
    };
}

}  // namespace

struct CnvJsonWriter::Impl {
    std::string path;
    std::optional<OutputSink> out;
    bool begun = false;
    CnvRunInfo info;
    std::size_t sequences = 0, windows = 0, prior_only = 0, regions = 0;
    std::vector<std::size_t> cnvs_per_sample;

    json sequence_json(const SequenceResult& result);
};

CnvJsonWriter::CnvJsonWriter(std::string path) : impl_(std::make_unique<Impl>()) {
    impl_->path = std::move(path);
    impl_->out.emplace(impl_->path);
}

CnvJsonWriter::CnvJsonWriter(OutputFiles& outputs, std::string path)
    : impl_(std::make_unique<Impl>()) {
    impl_->path = std::move(path);
    impl_->out.emplace(outputs, impl_->path, "--json");
}

CnvJsonWriter::~CnvJsonWriter() = default;

void CnvJsonWriter::begin(const CnvRunInfo& info) {
    Impl& m = *impl_;
    m.info = info;
    m.cnvs_per_sample.assign(info.samples.size(), 0);
    m.begun = true;
    // The document is opened by hand so that "sequences" can be written element by element.
    json head{{"format", "tropic-cnv"},
              {"version", kVersion},
              {"params", params_json(info.params)},
              {"samples", info.samples}};
    std::string text = head.dump();
    text.pop_back();  // the closing brace: the document goes on
    m.out->write(text + ",\n\"sequences\":[");
}

json CnvJsonWriter::Impl::sequence_json(const SequenceResult& result) {
    const CnmopsParams& params = info.params;
    json cnvs = json::array();
    for (const Segment& cnv : result.cnvs) {
        ++cnvs_per_sample.at(cnv.sample);
        cnvs.push_back({{"sample", info.samples.at(cnv.sample)},
                        {"start", cnv.start},
                        {"end", cnv.end},
                        {"median", cnv.median},
                        {"mean", cnv.mean},
                        {"CN", detail::class_name(params, cnv.cn)},
                        {"copy_number", detail::class_copy_number(params, cnv.cn)}});
    }
    json regions_json = json::array();
    for (const CnvRegion& region : result.regions) {
        const detail::RegionSummary summary = detail::summarize_region(params, result, region);
        json classes = json::array();
        for (int index : region.cn) classes.push_back(detail::class_name(params, index));
        regions_json.push_back({{"start", region.start},
                                {"end", region.end},
                                {"type", detail::sv_type_name(summary.type)},
                                {"CN", classes},
                                {"copy_number", summary.copy_number},
                                {"mean_sini", summary.mean_sini}});
    }
    const std::size_t window_count = result.counts->window_count();
    windows += window_count;
    prior_only += result.model.prior_only_windows;
    regions += result.regions.size();
    return {{"name", result.counts->name},
            {"windows", window_count},
            {"prior_only_windows", result.model.prior_only_windows},
            {"cnvs", cnvs},
            {"regions", regions_json}};
}

void CnvJsonWriter::sequence(const SequenceResult& result) {
    Impl& m = *impl_;
    if (!m.begun) throw InternalError("CnvJsonWriter: sequence() before begin()");
    // Non-finite numbers (none are expected) become null rather than invalid JSON.
    std::string text = m.sequence_json(result).dump();
    m.out->write((m.sequences++ == 0 ? "\n" : ",\n") + text);
    m.out->flush();
}

void CnvJsonWriter::finish() {
    Impl& m = *impl_;
    if (!m.begun) throw InternalError("CnvJsonWriter: finish() before begin()");
    json per_sample = json::object();
    std::size_t cnvs = 0;
    for (std::size_t s = 0; s < m.info.samples.size(); ++s) {
        per_sample[m.info.samples[s]] = m.cnvs_per_sample[s];
        cnvs += m.cnvs_per_sample[s];
    }
    json summary{{"sequences", m.sequences},
                 {"windows", m.windows},
                 {"prior_only_windows", m.prior_only},
                 {"cnvs", cnvs},
                 {"regions", m.regions},
                 {"cnvs_per_sample", per_sample}};
    m.out->write("\n],\n\"summary\":" + summary.dump() + "}\n");
    m.out->commit();
}

}  // namespace tropic::cnv

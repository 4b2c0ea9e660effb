// Copy numbers (include/tropic/cnv/): read counts per window from BAM/CRAM/SAM files as `tropic
// cnv count` counts them, and cn.mops' pipeline on a count matrix as `tropic cnv call` runs it,
// its results collected from the pipeline's sink as columns for the package's wrappers
// (python/tropic/cnv.py).
#include <fmt/format.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "python/python_arrays.hpp"
#include "python/python_more_bindings.hpp"
#include "python/python_run.hpp"
#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/cnv_result.hpp"
#include "tropic/cnv/count_matrix.hpp"
#include "tropic/cnv/pipeline.hpp"
#include "tropic/cnv/read_counting.hpp"
#include "tropic/core/error.hpp"

namespace tropic::python {

namespace {

using Counts = nb::ndarray<const double, nb::ndim<2>, nb::c_contig, nb::device::cpu>;

struct CountRequest {
    std::int64_t window = 25000;
    std::vector<std::string> sequences;
    std::string bed;
    std::vector<std::string> sample_names;
    int min_mapq = 1;
    std::string reference;
};

// The matrix as columns: samples, the windows' chrom, start and end, and the counts (windows x
// samples, float64).
nb::dict matrix_columns(const cnv::CountMatrix& matrix) {
    std::vector<std::string> chrom;
    std::vector<std::int64_t> start, end;
    std::vector<double> counts;
    for (const cnv::SequenceCounts& sequence : matrix.sequences) {
        chrom.insert(chrom.end(), sequence.window_count(), sequence.name);
        start.insert(start.end(), sequence.start.begin(), sequence.start.end());
        end.insert(end.end(), sequence.end.begin(), sequence.end.end());
        counts.insert(counts.end(), sequence.counts.begin(), sequence.counts.end());
    }
    nb::dict out;
    out["samples"] = str_list(matrix.samples);
    out["chrom"] = str_list(chrom);
    const std::size_t windows = start.size();
    out["start"] = numpy_vector(std::move(start));
    out["end"] = numpy_vector(std::move(end));
    out["counts"] = numpy_array(std::move(counts), {windows, matrix.sample_count()});
    return out;
}

nb::dict count_reads(const std::vector<std::string>& bams, const CountRequest& request,
                     const RunArguments& arguments) {
    cnv::ReadCountOptions options;
    options.window_length = request.window;
    options.sequences = request.sequences;
    options.bed_path = request.bed;
    options.sample_names = request.sample_names;
    options.min_mapq = request.min_mapq;
    options.cram_reference = request.reference;
    PythonRun run(arguments);
    return matrix_columns(run([&] { return cnv::count_reads(bams, options, run.options()); }));
}

// Rows of one sequence must be together, as in a matrix file.
cnv::CountMatrix count_matrix(const std::vector<std::string>& samples,
                              const std::vector<std::string>& chrom,
                              const std::vector<std::int64_t>& start,
                              const std::vector<std::int64_t>& end, const Counts& counts) {
    const std::size_t windows = chrom.size();
    if (start.size() != windows || end.size() != windows || counts.shape(0) != windows)
        throw InputError(
            fmt::format("windows: {} chrom, {} start and {} end values for {} rows "
                        "of counts",
                        windows, start.size(), end.size(), counts.shape(0)));
    if (counts.shape(1) != samples.size())
        throw InputError(
            fmt::format("counts: {} columns for {} samples", counts.shape(1), samples.size()));
    cnv::CountMatrix matrix;
    matrix.samples = samples;
    std::unordered_set<std::string> seen;
    for (std::size_t w = 0; w < windows; ++w) {
        if (matrix.sequences.empty() || matrix.sequences.back().name != chrom[w]) {
            if (!seen.insert(chrom[w]).second)
                throw InputError(
                    fmt::format("windows: row {} of '{}' comes after another "
                                "sequence's rows: give each sequence's windows "
                                "together",
                                w + 1, chrom[w]));
            matrix.sequences.push_back({chrom[w], {}, {}, {}});
        }
        cnv::SequenceCounts& sequence = matrix.sequences.back();
        sequence.start.push_back(start[w]);
        sequence.end.push_back(end[w]);
        for (std::size_t s = 0; s < samples.size(); ++s) {
            const double value = counts(w, s);
            if (!(value >= 0) || value == INFINITY)
                throw InputError(
                    fmt::format("counts: row {}, sample '{}': {} is not a finite "
                                "non-negative count",
                                w + 1, samples[s], value));
            sequence.counts.push_back(value);
        }
    }
    return matrix;
}

// Collects what the pipeline gives, sequence by sequence, as columns.
class CnvColumns : public cnv::CnvSink {
  public:
    void begin(const cnv::CnvRunInfo& info) override {
        classes_ = info.params.classes;
        sample_names_ = info.samples;
        samples_ = info.samples.size();
    }
    void sequence(const cnv::SequenceResult& r) override {
        const cnv::SequenceCounts& counts = *r.counts;
        for (const cnv::Segment& s : r.cnvs) {
            cnv_sample_.push_back(static_cast<std::int64_t>(s.sample));
            cnv_chrom_.push_back(counts.name);
            cnv_start_.push_back(s.start);
            cnv_end_.push_back(s.end);
            cnv_median_.push_back(s.median);
            cnv_mean_.push_back(s.mean);
            cnv_class_.push_back(class_name(s.cn));
            cnv_copies_.push_back(copies(s.cn));
        }
        for (const cnv::CnvRegion& region : r.regions) {
            region_chrom_.push_back(counts.name);
            region_start_.push_back(region.start);
            region_end_.push_back(region.end);
            for (const int cn : region.cn) region_copies_.push_back(copies(cn));
        }
        for (const std::uint8_t cn : r.model.expected_class) window_copies_.push_back(copies(cn));
        ini_.insert(ini_.end(), r.model.ini.begin(), r.model.ini.end());
    }

    nb::dict columns() {
        nb::dict out;
        out["samples"] = str_list(sample_names_);
        out["cnv_sample"] = numpy_vector(std::move(cnv_sample_));
        out["cnv_chrom"] = str_list(cnv_chrom_);
        out["cnv_start"] = numpy_vector(std::move(cnv_start_));
        out["cnv_end"] = numpy_vector(std::move(cnv_end_));
        out["cnv_median"] = numpy_vector(std::move(cnv_median_));
        out["cnv_mean"] = numpy_vector(std::move(cnv_mean_));
        out["cnv_class"] = str_list(cnv_class_);
        out["cnv_copy_number"] = numpy_vector(std::move(cnv_copies_));
        const std::size_t regions = region_start_.size();
        out["region_chrom"] = str_list(region_chrom_);
        out["region_start"] = numpy_vector(std::move(region_start_));
        out["region_end"] = numpy_vector(std::move(region_end_));
        out["region_copy_number"] = numpy_array(std::move(region_copies_), {regions, samples_});
        const std::size_t windows = ini_.size();
        out["copy_number"] = numpy_array(std::move(window_copies_), {windows, samples_});
        out["ini"] = numpy_vector(std::move(ini_));
        return out;
    }

  private:
    std::string class_name(int cn) const {
        return cn < 0 ? std::string() : classes_[static_cast<std::size_t>(cn)];
    }
    std::int32_t copies(int cn) const { return cn < 0 ? -1 : cnv::copy_number_of(class_name(cn)); }

    std::vector<std::string> classes_;
    std::vector<std::string> sample_names_;  // those reported: the cases in reference mode
    std::size_t samples_ = 0;
    std::vector<std::int64_t> cnv_sample_, cnv_start_, cnv_end_, region_start_, region_end_;
    std::vector<std::string> cnv_chrom_, cnv_class_, region_chrom_;
    std::vector<double> cnv_median_, cnv_mean_, ini_;
    std::vector<std::int32_t> cnv_copies_, region_copies_, window_copies_;
};

template <class T>
void override_with(T& value, const nb::dict& given, const char* key) {
    if (given.contains(key) && !nb::try_cast<T>(given[key], value))
        throw InputError(fmt::format("{}={}: not a value of this parameter's type", key,
                                     nb::repr(given[key]).c_str()));
}

std::string text_option(const nb::dict& given, const char* key) {
    std::string value;
    override_with(value, given, key);
    return value;
}

template <class T>
T choice(const std::string& key, const std::string& value,
         std::initializer_list<std::pair<const char*, T>> names) {
    std::string listed;
    for (const auto& [name, v] : names) {
        if (value == name) return v;
        listed += fmt::format("{}'{}'", listed.empty() ? "" : ", ", name);
    }
    throw InputError(fmt::format("{}='{}': give one of {}", key, value, listed));
}

// The mode's defaults with the options given over them (the names of `tropic cnv call`'s
// options, with underscores), checked against cn.mops' ranges.
cnv::CnmopsParams make_params(const std::string& mode, const nb::dict& o) {
    cnv::CnmopsParams p =
        mode == "exome"       ? cnv::exome_defaults()
        : mode == "reference" ? cnv::reference_defaults()
        : mode == "cohort"
            ? cnv::CnmopsParams{}
            : throw InputError("mode='" + mode + "': give 'cohort', 'exome' or 'reference'");
    if (o.contains("folds") && !o.contains("classes"))
        throw InputError("folds needs classes naming each class (one of them CN2)");
    override_with(p.folds, o, "folds");
    override_with(p.classes, o, "classes");
    override_with(p.prior_impact, o, "prior_impact");
    override_with(p.cycles, o, "cycles");
    override_with(p.norm, o, "norm");
    if (o.contains("norm_type"))
        p.norm_type = choice<cnv::NormType>("norm_type", text_option(o, "norm_type"),
                                            {{"poisson", cnv::NormType::Poisson},
                                             {"mean", cnv::NormType::Mean},
                                             {"median", cnv::NormType::Median},
                                             {"quant", cnv::NormType::Quant},
                                             {"mode", cnv::NormType::Mode}});
    if (o.contains("size_factor"))
        p.size_factor = choice<cnv::SizeFactor>("size_factor", text_option(o, "size_factor"),
                                                {{"mean", cnv::SizeFactor::Mean},
                                                 {"median", cnv::SizeFactor::Median},
                                                 {"quant", cnv::SizeFactor::Quant},
                                                 {"mode", cnv::SizeFactor::Mode}});
    if (o.contains("segmentation"))
        p.segmentation = choice<cnv::Segmentation>(
            "segmentation", text_option(o, "segmentation"),
            {{"fast", cnv::Segmentation::Fast}, {"cbs", cnv::Segmentation::Cbs}});
    override_with(p.norm_quantile, o, "norm_quantile");
    override_with(p.size_factor_quantile, o, "size_factor_quantile");
    override_with(p.upper_threshold, o, "upper_threshold");
    override_with(p.lower_threshold, o, "lower_threshold");
    override_with(p.min_width, o, "min_width");
    override_with(p.min_read_count, o, "min_read_count");
    override_with(p.seg_alpha, o, "seg_alpha");
    override_with(p.cbs_alpha, o, "cbs_alpha");
    override_with(p.cbs_permutations, o, "cbs_permutations");
    override_with(p.seed, o, "seed");
    override_with(p.use_median, o, "use_median");
    override_with(p.fix_reference_prior, o, "fix_reference_prior");
    if (p.method == cnv::Method::Reference && p.use_median)
        throw InputError("use_median is a cohort option: referencecn.mops calls on segment means");
    cnv::check_cnmops_params(p);
    return p;
}

nb::dict call_cnvs(const std::vector<std::string>& samples, const std::vector<std::string>& chrom,
                   const std::vector<std::int64_t>& start, const std::vector<std::int64_t>& end,
                   const Counts& counts, const std::string& mode, const nb::dict& options,
                   const std::vector<bool>& controls, const RunArguments& arguments) {
    const cnv::CnmopsParams params = make_params(mode, options);
    if (mode == "reference" && controls.size() != samples.size())
        throw InputError("mode='reference' needs exactly one of controls and cases");
    const cnv::CountMatrix matrix = count_matrix(samples, chrom, start, end, counts);
    CnvColumns sink;
    PythonRun run(arguments);
    const cnv::PipelineSummary summary = run([&] {
        cnv::MemoryCountSource source(matrix);
        return cnv::run_cnmops(source, params, sink, run.options(), controls);
    });
    nb::dict out = sink.columns();
    out["warnings"] = str_list(summary.warnings);
    return out;
}

}  // namespace

void bind_cnv(nb::module_& m) {
    nb::class_<CountRequest>(m, "CountRequest", "How reads are counted (cnv/read_counting.hpp).")
        .def(
            "__init__",
            [](CountRequest* self, std::int64_t window, std::vector<std::string> sequences,
               std::string bed, std::vector<std::string> sample_names, int min_mapq,
               std::string reference) {
                new (self) CountRequest{window,         std::move(sequences),
                                        std::move(bed), std::move(sample_names),
                                        min_mapq,       std::move(reference)};
            },
            nb::arg("window"), nb::arg("sequences"), nb::arg("bed"), nb::arg("sample_names"),
            nb::arg("min_mapq"), nb::arg("reference"));
    m.def("cnv_count", &count_reads, nb::arg("bams"), nb::arg("request"), nb::arg("run"),
          "Read counts per window (or BED region) of SAM/BAM/CRAM files as `tropic cnv count`: "
          "samples, chrom, start, end and counts (windows x samples).");
    m.def("cnv_call", &call_cnvs, nb::arg("samples"), nb::arg("chrom"), nb::arg("start"),
          nb::arg("end"), nb::arg("counts"), nb::arg("mode"), nb::arg("options"),
          nb::arg("controls"), nb::arg("run"),
          "cn.mops' pipeline on a count matrix as `tropic cnv call`: the CNVs, the CNV regions "
          "(with each sample's copy number), the integer copy number of every window and "
          "sample, I/NI per window and cn.mops' warnings.");
}

}  // namespace tropic::python

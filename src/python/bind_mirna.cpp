// microRNA precursor scans (include/tropic/mirna/mirscan.hpp): a genome FASTA scanned as
// `tropic mirscan` scans it, the candidates (with every feature the tool's tsv has) as columns
// for the package's wrapper (python/tropic/_mirscan.py).
#include <nanobind/stl/string.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "python/python_arrays.hpp"
#include "python/python_more_bindings.hpp"
#include "python/python_run.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/classifier.hpp"
#include "tropic/mirna/mirscan.hpp"
#include "tropic/rna/model_details.hpp"

namespace tropic::python {

namespace {

struct ScanRequest {
    int window = 120, step = 20;
    std::string strand = "both";
    bool skip_masked = false;
    std::uint32_t min_hairpin = 60, shuffles = 100;
    std::uint64_t seed = 1;
    double min_score = mirna::kDefaultScoreThreshold;
    std::string model, reads;  // a tree's JSON file and an indexed BAM, or ""
};

mirna::ScanStrands strands(const std::string& name) {
    if (name == "+") return mirna::ScanStrands::Forward;
    if (name == "-") return mirna::ScanStrands::Reverse;
    if (name == "both") return mirna::ScanStrands::Both;
    throw InputError("strand='" + name + "': give '+', '-' or 'both'");
}

mirna::MirscanParams scan_params(const ScanRequest& r, const rna::ModelDetails& model) {
    mirna::MirscanParams params;
    params.windows.window = r.window;
    params.windows.step = r.step;
    params.windows.strands = strands(r.strand);
    params.windows.skip_masked = r.skip_masked;
    params.windows.min_length = static_cast<int>(r.min_hairpin);
    params.min_hairpin = r.min_hairpin;
    params.mfe = model.mfe_params();
    params.shuffles = r.shuffles;
    params.seed = r.seed;
    params.min_score = r.min_score;
    params.reads_path = r.reads;
    mirna::validate(params);
    return params;
}

class CandidateColumns : public mirna::MirscanSink {
  public:
    explicit CandidateColumns(bool with_reads) : with_reads_(with_reads) {}

    void candidate(const mirna::MirnaCandidate& c) override {
        chrom_.push_back(c.sequence_name);
        start_.push_back(static_cast<std::int64_t>(c.start));
        end_.push_back(static_cast<std::int64_t>(c.end));
        strand_.push_back(std::string(1, c.strand));
        score_.push_back(c.score);
        windows_.push_back(static_cast<std::int64_t>(c.windows));
        passed_.push_back(c.passed_filter);
        sequence_.push_back(c.sequence);
        structure_.push_back(c.structure);
        const std::vector<double> row = mirna::feature_vector(c.features, with_reads_);
        features_.insert(features_.end(), row.begin(), row.end());
    }

    nb::dict columns() {
        nb::dict out;
        out["chrom"] = str_list(chrom_);
        out["start"] = numpy_vector(std::move(start_));
        out["end"] = numpy_vector(std::move(end_));
        out["strand"] = str_list(strand_);
        out["score"] = numpy_vector(std::move(score_));
        out["windows"] = numpy_vector(std::move(windows_));
        out["passed_filter"] = numpy_vector(std::move(passed_));
        out["sequence"] = str_list(sequence_);
        out["structure"] = str_list(structure_);
        const std::vector<std::string> names = mirna::feature_names(with_reads_);
        out["feature_names"] = str_list(names);
        const std::size_t rows = chrom_.size();
        out["features"] = numpy_array(std::move(features_), {rows, names.size()});
        return out;
    }

  private:
    bool with_reads_;
    std::vector<std::string> chrom_, strand_, sequence_, structure_;
    std::vector<std::int64_t> start_, end_, windows_;
    std::vector<double> score_, features_;
    std::vector<std::uint8_t> passed_;
};

nb::dict mirscan(const std::string& genome, const ScanRequest& request,
                 const rna::ModelDetails& model, const RunArguments& arguments) {
    mirna::MirscanParams params = scan_params(request, model);
    std::optional<mirna::DecisionTree> tree;
    if (!request.model.empty()) {
        tree = mirna::DecisionTree::load(request.model);
        if (tree->uses_reads() && request.reads.empty())
            throw InputError(request.model +
                             ": this tree was trained with read features: give reads=BAM");
        params.model = &*tree;
    }
    CandidateColumns columns(!request.reads.empty());
    PythonRun run(arguments);
    run([&] {
        return mirna::mirscan_file(genome, model.energy_params(), params, run.options(), columns);
    });
    return columns.columns();
}

}  // namespace

void bind_mirna(nb::module_& m) {
    nb::class_<ScanRequest>(m, "ScanRequest", "The options of a miRNA scan (mirna/mirscan.hpp).")
        .def(
            "__init__",
            [](ScanRequest* self, int window, int step, std::string strand, bool skip_masked,
               std::uint32_t min_hairpin, std::uint32_t shuffles, std::uint64_t seed,
               double min_score, std::string model, std::string reads) {
                new (self) ScanRequest{
                    window,   step, std::move(strand), skip_masked,      min_hairpin,
                    shuffles, seed, min_score,         std::move(model), std::move(reads)};
            },
            nb::arg("window"), nb::arg("step"), nb::arg("strand"), nb::arg("skip_masked"),
            nb::arg("min_hairpin"), nb::arg("shuffles"), nb::arg("seed"), nb::arg("min_score"),
            nb::arg("model"), nb::arg("reads"));
    m.def("mirscan", &mirscan, nb::arg("genome"), nb::arg("request"), nb::arg("model"),
          nb::arg("run"),
          "Scans a genome FASTA for microRNA precursors as `tropic mirscan`: the candidates in "
          "genome order as columns, their features as a matrix (feature_names).");
}

}  // namespace tropic::python

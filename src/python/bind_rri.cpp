// RNA-RNA interaction (include/tropic/rna/bpmax.hpp): one query against many targets as `tropic
// rri` computes each pair, the sites as columns for the package's wrappers
// (python/tropic/_rri.py).
#include <fmt/format.h>
#include <nanobind/stl/string.h>

#include <cstdint>
#include <string>
#include <vector>

#include "python/python_arrays.hpp"
#include "python/python_more_bindings.hpp"
#include "python/python_run.hpp"
#include "python/python_sequences.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/rna/bpmax.hpp"
#include "tropic/rna/bpmax_weights.hpp"

namespace tropic::python {

namespace {

const char* pair_kind(rna::BpmaxPairKind kind) {
    switch (kind) {
        case rna::BpmaxPairKind::Intra1:
            return "intra1";
        case rna::BpmaxPairKind::Intra2:
            return "intra2";
        case rna::BpmaxPairKind::Inter:
            break;
    }
    return "inter";
}

class SiteColumns {
  public:
    explicit SiteColumns(const rna::BpmaxWeights& weights) : weights_(weights) {}

    void add(std::size_t target, std::size_t length1, std::size_t length2,
             const rna::BpmaxResult& result) {
        for (std::size_t rank = 0; rank < result.sites.size(); ++rank) {
            const rna::BpmaxSite& site = result.sites[rank];
            target_.push_back(static_cast<std::int64_t>(target));
            rank_.push_back(static_cast<std::int64_t>(rank + 1));
            score_.push_back(weights_.to_user_units(site.score));
            begin1_.push_back(static_cast<std::int64_t>(site.begin1));
            end1_.push_back(static_cast<std::int64_t>(site.end1) + 1);
            begin2_.push_back(static_cast<std::int64_t>(site.begin2));
            end2_.push_back(static_cast<std::int64_t>(site.end2) + 1);
            // Over both whole strands; the wrapper cuts out the site's box.
            structure_.append(rna::bpmax_dot_bracket(length1, length2, site.pairs));
            nb::list pairs;
            for (const rna::BpmaxPair& p : site.pairs)
                pairs.append(nb::make_tuple(pair_kind(p.kind), p.i, p.j));
            pairs_.append(pairs);
        }
    }

    nb::dict columns() {
        nb::dict out;
        out["target"] = numpy_vector(std::move(target_));
        out["rank"] = numpy_vector(std::move(rank_));
        out["score"] = numpy_vector(std::move(score_));
        out["begin1"] = numpy_vector(std::move(begin1_));
        out["end1"] = numpy_vector(std::move(end1_));
        out["begin2"] = numpy_vector(std::move(begin2_));
        out["end2"] = numpy_vector(std::move(end2_));
        out["full_structure"] = structure_;
        out["pairs"] = pairs_;
        return out;
    }

  private:
    const rna::BpmaxWeights& weights_;
    std::vector<std::int64_t> target_, rank_, begin1_, end1_, begin2_, end2_;
    std::vector<double> score_;
    nb::list structure_, pairs_;
};

nb::dict interact(const SequenceBatch& query, const SequenceBatch& targets,
                  const std::string& weights, std::size_t window1, std::size_t window2,
                  std::size_t top, const RunArguments& arguments) {
    rna::BpmaxParams params;
    params.weights = rna::BpmaxWeights::parse(weights);
    params.window1 = window1;
    params.window2 = window2;
    params.top = top;
    rna::validate(params);
    PythonRun run(arguments);
    auto outcomes = run([&] {
        const auto query_codes = encode_rna_batch(query, run.pool());
        const auto target_codes = encode_rna_batch(targets, run.pool());
        std::vector<rna::BpmaxPairInput> pairs;
        for (std::size_t k = 0; k < target_codes.size(); ++k)
            pairs.push_back({query_codes.front(), target_codes[k], targets.location(k)});
        return rna::interact_bpmax_many(pairs, params, run.options());
    });
    SiteColumns columns(params.weights);
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
        outcomes[k].rethrow_error(targets.location(k) + ": ");
        columns.add(k, query.sequences.front().size(), targets.sequences[k].size(),
                    outcomes[k].result);
    }
    return columns.columns();
}

}  // namespace

void bind_rri(nb::module_& m) {
    m.def("rri", &interact, nb::arg("query"), nb::arg("targets"), nb::arg("weights"),
          nb::arg("window1"), nb::arg("window2"), nb::arg("top"), nb::arg("run"),
          "BPMax interaction of the query (one sequence) with every target "
          "(rna::interact_bpmax_many): the sites as columns, 0-based half-open boxes, scores in "
          "the weights' units.");
}

}  // namespace tropic::python

// RNA folding (include/tropic/rna/): MFE and Nussinov folds, the Boltzmann ensemble (with its
// samples), suboptimal structures and energy evaluation. Each function converts its arguments,
// makes one call into the library without the GIL, and returns columns (lists of str, numpy
// arrays) that the package's wrappers (python/tropic/_rna.py) shape for the caller. Energies are
// dcal/mol integers, as the library gives them.
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstdint>
#include <string>
#include <vector>

#include "python/python_arrays.hpp"
#include "python/python_bindings.hpp"
#include "python/python_run.hpp"
#include "python/python_sequences.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/ensemble.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/model_details.hpp"
#include "tropic/rna/nussinov.hpp"
#include "tropic/rna/subopt.hpp"

namespace tropic::python {

namespace {

using Encoded = std::vector<std::vector<std::uint8_t>>;

// Every outcome's result, or the first failure raised, naming its record.
template <class T>
std::vector<T> results_or_raise(std::vector<Outcome<T>>&& outcomes, const SequenceBatch& batch) {
    std::vector<T> results(outcomes.size());
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
        outcomes[k].rethrow_error(batch.location(k) + ": ");
        results[k] = std::move(outcomes[k].result);
    }
    return results;
}

// The structures of `folds` (a list of str) and their `value` (energy or score) as a numpy array.
template <class T, class Fold, class Value>
nb::tuple structures_and_values(const std::vector<Fold>& folds, Value Fold::*value) {
    std::vector<T> values;
    values.reserve(folds.size());
    nb::list structures;
    for (const Fold& fold : folds) {
        structures.append(fold.structure);
        values.push_back(static_cast<T>(fold.*value));
    }
    return nb::make_tuple(structures, numpy_vector(std::move(values)));
}

nb::tuple fold_mfe(const SequenceBatch& batch, const rna::ModelDetails& model,
                   const RunArguments& arguments) {
    PythonRun run(arguments);
    auto outcomes = run([&] {
        const rna::EnergyParams params = model.energy_params();
        return rna::fold_mfe_many(encode_rna_batch(batch, run.pool()), params, model.mfe_params(),
                                  run.options());
    });
    return structures_and_values<std::int32_t>(results_or_raise(std::move(outcomes), batch),
                                               &rna::MfeResult::energy);
}

rna::NussinovParams nussinov_params(int min_loop, const std::string& weights, bool no_gu) {
    rna::NussinovParams params;
    params.min_loop = min_loop;
    params.weights = rna::PairWeights::parse(weights);
    if (no_gu) params.weights.gu = 0;
    rna::validate(params);
    return params;
}

nb::tuple fold_nussinov(const SequenceBatch& batch, int min_loop, const std::string& weights,
                        bool no_gu, const RunArguments& arguments) {
    const rna::NussinovParams params = nussinov_params(min_loop, weights, no_gu);
    PythonRun run(arguments);
    auto outcomes = run([&] {
        return rna::fold_nussinov_many(encode_rna_batch(batch, run.pool()), params, run.options());
    });
    return structures_and_values<std::int64_t>(results_or_raise(std::move(outcomes), batch),
                                               &rna::NussinovResult::score);
}

// The ensembles as columns: one entry per record, the pairs of all records in one COO table
// (record, i, j, p; 0-based i < j), the samples as one list (and energy array) per record.
nb::dict ensemble_columns(const std::vector<rna::EnsembleResult>& ensembles) {
    std::vector<std::int32_t> mfe_energy, centroid_energy, mea_energy;
    std::vector<double> ensemble_energy, centroid_distance, mea, mfe_frequency, diversity;
    std::vector<std::int64_t> pair_record;
    std::vector<std::int32_t> pair_i, pair_j;
    std::vector<double> pair_p;
    nb::list samples, sample_energies;
    for (std::size_t k = 0; k < ensembles.size(); ++k) {
        const rna::EnsembleResult& e = ensembles[k];
        mfe_energy.push_back(e.mfe.energy);
        ensemble_energy.push_back(e.ensemble_energy);
        centroid_energy.push_back(e.centroid_energy);
        centroid_distance.push_back(e.centroid_distance);
        mea_energy.push_back(e.mea_energy);
        mea.push_back(e.mea);
        mfe_frequency.push_back(e.mfe_frequency);
        diversity.push_back(e.diversity);
        for (const rna::PairProbability& pair : e.pairs) {
            pair_record.push_back(static_cast<std::int64_t>(k));
            pair_i.push_back(pair.i);
            pair_j.push_back(pair.j);
            pair_p.push_back(pair.probability);
        }
        samples.append(str_list(e.samples));
        sample_energies.append(numpy_vector(std::vector<std::int32_t>(e.sample_energies)));
    }
    const auto texts = [&](auto member) {
        nb::list out;
        for (const rna::EnsembleResult& e : ensembles) out.append(member(e));
        return out;
    };
    nb::dict out;
    out["mfe_structure"] = texts([](const auto& e) { return e.mfe.structure; });
    out["mfe_energy"] = numpy_vector(std::move(mfe_energy));
    out["ensemble_energy"] = numpy_vector(std::move(ensemble_energy));
    out["pairing_tendency"] = texts([](const auto& e) { return e.pairing_tendency; });
    out["centroid"] = texts([](const auto& e) { return e.centroid; });
    out["centroid_energy"] = numpy_vector(std::move(centroid_energy));
    out["centroid_distance"] = numpy_vector(std::move(centroid_distance));
    out["mea_structure"] = texts([](const auto& e) { return e.mea_structure; });
    out["mea_energy"] = numpy_vector(std::move(mea_energy));
    out["mea"] = numpy_vector(std::move(mea));
    out["mfe_frequency"] = numpy_vector(std::move(mfe_frequency));
    out["diversity"] = numpy_vector(std::move(diversity));
    out["pair_record"] = numpy_vector(std::move(pair_record));
    out["pair_i"] = numpy_vector(std::move(pair_i));
    out["pair_j"] = numpy_vector(std::move(pair_j));
    out["pair_p"] = numpy_vector(std::move(pair_p));
    out["samples"] = samples;
    out["sample_energies"] = sample_energies;
    return out;
}

nb::dict fold_ensemble(const SequenceBatch& batch, const rna::ModelDetails& model,
                       const rna::EnsembleParams& asked, const RunArguments& arguments) {
    rna::EnsembleParams params = asked;
    params.model = model.mfe_params();
    PythonRun run(arguments);
    auto outcomes = run([&] {
        return rna::fold_ensemble_many(encode_rna_batch(batch, run.pool()), model.energy_params(),
                                       model.boltzmann_factors(), params, run.options());
    });
    return ensemble_columns(results_or_raise(std::move(outcomes), batch));
}

// RNAsubopt -e (or -z): per record its structures; one record per thread, as the tool runs them.
nb::list subopt(const SequenceBatch& batch, const rna::ModelDetails& model,
                const rna::SuboptParams& subopt_params, bool zuker, const RunArguments& arguments) {
    const rna::MfeParams mfe_params = model.mfe_params();
    if (zuker && mfe_params.no_lonely_pairs)
        throw InputError("zuker=True with noLP=True is not supported yet");
    PythonRun run(arguments);
    auto outcomes = run([&] {
        const rna::EnergyParams params = model.energy_params();
        const Encoded encoded = encode_rna_batch(batch, run.pool());
        RunOptions record_run = run.options();  // the backend; the records share the threads
        record_run.pool = nullptr;
        return outcomes_of<std::vector<rna::SuboptStructure>>(
            run.pool(), encoded.size(), [&](std::size_t k) {
                if (zuker) return rna::subopt_zuker(encoded[k], params, mfe_params, record_run);
                return rna::subopt(encoded[k], params, mfe_params, subopt_params, record_run)
                    .structures;
            });
    });
    nb::list out;
    for (const auto& structures : results_or_raise(std::move(outcomes), batch))
        out.append(structures_and_values<std::int32_t>(structures, &rna::SuboptStructure::energy));
    return out;
}

nb::dict loop_dict(const rna::LoopContribution& loop) {
    nb::dict out;
    out["kind"] = std::string(rna::loop_kind_name(loop.kind));
    out["i"] = loop.i;
    out["j"] = loop.j;
    out["p"] = loop.p;
    out["q"] = loop.q;
    out["energy"] = loop.energy;
    return out;
}

struct Evaluation {
    int energy = 0;
    std::vector<rna::LoopContribution> loops;
};

// RNAeval: the energy of structures[k] on sequence k (and its loops, when asked).
nb::tuple evaluate(const SequenceBatch& batch, const std::vector<std::string>& structures,
                   const rna::ModelDetails& model, bool loops, const RunArguments& arguments) {
    if (structures.size() != batch.sequences.size())
        throw InputError("structures: " + std::to_string(structures.size()) + " structures for " +
                         std::to_string(batch.sequences.size()) + " sequences");
    const rna::Dangles dangles = model.mfe_params().dangles;
    PythonRun run(arguments);
    auto outcomes = run([&] {
        const rna::EnergyParams params = model.energy_params();
        const Encoded encoded = encode_rna_batch(batch, run.pool());
        return outcomes_of<Evaluation>(
            run.pool(), encoded.size(),
            [&](std::size_t k) {
                Evaluation e;
                e.energy = rna::evaluate_structure(encoded[k], structures[k], params, dangles,
                                                   loops ? &e.loops : nullptr);
                return e;
            },
            256);
    });
    std::vector<std::int32_t> energies;
    nb::list loop_lists;
    for (const Evaluation& e : results_or_raise(std::move(outcomes), batch)) {
        energies.push_back(e.energy);
        nb::list record_loops;
        for (const rna::LoopContribution& loop : e.loops) record_loops.append(loop_dict(loop));
        loop_lists.append(record_loops);
    }
    return nb::make_tuple(numpy_vector(std::move(energies)), loop_lists);
}

}  // namespace

void bind_rna(nb::module_& m) {
    nb::class_<rna::ModelDetails>(m, "EnergyModel",
                                  "The energy model: dangles, temperature, parameter file, noLP, "
                                  "max_bp_span (rna/model_details.hpp).")
        .def(
            "__init__",
            [](rna::ModelDetails* self, int dangles, double temperature, std::string params,
               bool no_lp, int max_bp_span) {
                new (self)
                    rna::ModelDetails{dangles, temperature, std::move(params), no_lp, max_bp_span};
            },
            nb::arg("dangles") = 2, nb::arg("temperature") = 37.0, nb::arg("params") = "",
            nb::arg("noLP") = false, nb::arg("max_bp_span") = -1);
    nb::class_<rna::EnsembleParams>(m, "EnsembleParams",
                                    "What an ensemble computes (rna/ensemble.hpp).")
        .def(
            "__init__",
            [](rna::EnsembleParams* self, bool probabilities, bool mea, double mea_gamma,
               double bpp_threshold, std::size_t samples, std::uint64_t seed) {
                new (self) rna::EnsembleParams{};
                self->probabilities = probabilities;
                self->mea = mea;
                self->mea_gamma = mea_gamma;
                self->bpp_threshold = bpp_threshold;
                self->samples = samples;
                self->seed = seed;
            },
            nb::arg("probabilities") = true, nb::arg("mea") = false, nb::arg("mea_gamma") = 1.0,
            nb::arg("bpp_threshold") = 1e-5, nb::arg("samples") = 0, nb::arg("seed") = 1);
    nb::class_<rna::SuboptParams>(m, "SuboptParams", "RNAsubopt's options (rna/subopt.hpp).")
        .def(
            "__init__",
            [](rna::SuboptParams* self, int delta, bool sorted, std::size_t max_structures) {
                new (self) rna::SuboptParams{
                    delta,
                    sorted ? rna::SuboptOrder::EnergyThenStructure : rna::SuboptOrder::Enumeration,
                    max_structures};
            },
            nb::arg("delta"), nb::arg("sorted"), nb::arg("max_structures"));

    m.def("fold_mfe", &fold_mfe, nb::arg("seqs"), nb::arg("model"), nb::arg("run"),
          "MFE folds: (structures, energies in dcal/mol as int32).");
    m.def("fold_nussinov", &fold_nussinov, nb::arg("seqs"), nb::arg("min_loop"), nb::arg("weights"),
          nb::arg("no_gu"), nb::arg("run"), "Nussinov folds: (structures, scores as int64).");
    m.def("fold_ensemble", &fold_ensemble, nb::arg("seqs"), nb::arg("model"), nb::arg("params"),
          nb::arg("run"), "Boltzmann ensembles, as columns (a dict of lists and numpy arrays).");
    m.def("subopt", &subopt, nb::arg("seqs"), nb::arg("model"), nb::arg("params"), nb::arg("zuker"),
          nb::arg("run"), "Suboptimal structures: per record (structures, energies in dcal/mol).");
    m.def("eval", &evaluate, nb::arg("seqs"), nb::arg("structures"), nb::arg("model"),
          nb::arg("loops"), nb::arg("run"),
          "Energies of structures (dcal/mol), and per record its loops when asked.");
}

}  // namespace tropic::python

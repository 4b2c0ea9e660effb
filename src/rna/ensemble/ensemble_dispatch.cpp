// Where ensemble folds run, and the results RNAfold -p reports, assembled from the filled tables
// on the host whatever backend filled them.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>

#include "core/internal/backend_choice.hpp"
#include "core/internal/memory_fit.hpp"
#include "rna/ensemble/cuda/ensemble_cuda.hpp"
#include "rna/ensemble/ensemble_cpu.hpp"
#include "rna/ensemble/ensemble_sampling.hpp"
#include "rna/ensemble/ensemble_summary.hpp"
#include "rna/placement/record_placement.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/ensemble.hpp"

namespace tropic::rna {

namespace {

// On the CPU, records this long share all threads inside one fold rather than one thread each.
constexpr std::size_t kCpuLongLength = 1000;
// Auto: records this long go to the GPU when there is one.
constexpr std::size_t kAutoCudaMinLength = 300;
// Auto: shorter records go there together once they hold this many bases.
constexpr std::size_t kAutoCudaMinBatchResidues = 100'000;

double fold_steps(std::size_t n) {
    const double x = static_cast<double>(n);
    return x * x * x / 3;
}

std::uint64_t device_need(std::size_t n) {
    return detail::cuda::ensemble_device_bytes(n);
}

std::function<std::string(const MemoryBudget&)> suggest_shorter(unsigned folds) {
    return [folds](const MemoryBudget& budget) {
        if (budget.on_device())
            return fmt::format("the longest sequence that fits is about {} nt",
                               longest_that_fits(budget.bytes, device_need));
        return fmt::format("the longest sequence that fits is {} nt: fold a shorter window",
                           longest_that_fits(budget.bytes, [folds](std::size_t n) {
                               return folds * ensemble_memory_bytes(n);
                           }));
    };
}

WorkEstimate single_fold(std::size_t n) {
    WorkEstimate work;
    work.what = fmt::format("an ensemble fold of {} nt", n);
    work.steps = fold_steps(n);
    work.auto_min_steps = fold_steps(kAutoCudaMinLength);
    work.host_bytes = ensemble_memory_bytes(n);
    work.device_bytes = device_need(n);
    work.suggest = suggest_shorter(1);
    return work;
}

WorkEstimate short_batch(std::size_t records, std::size_t residues, std::size_t longest,
                         unsigned threads) {
    WorkEstimate work;
    work.what = fmt::format("a batch of {} ensemble folds", records);
    work.steps = static_cast<double>(residues);
    work.auto_min_steps = static_cast<double>(kAutoCudaMinBatchResidues);
    const unsigned folds = static_cast<unsigned>(std::min<std::size_t>(threads, records));
    work.host_bytes = folds * ensemble_memory_bytes(longest);
    work.device_bytes = device_need(longest);
    work.suggest = suggest_shorter(folds);
    return work;
}

// Everything RNAfold -p prints, from a filled fold.
void summarise(const detail::EnsembleFold& fold, std::span<const std::uint8_t> sequence,
               const EnergyParams& params, const EnsembleParams& ensemble_params, ThreadPool* pool,
               EnsembleResult& out) {
    out.ensemble_energy = fold.ensemble_energy();
    out.scale = fold.setup.scale;
    out.kT = fold.setup.model.f->kT;
    const double kT = fold.setup.model.f->kT / 1000.0;  // kcal/mol
    // RNAfold takes the MFE in single precision here (vrna_mfe returns a float); so do we, so
    // that the printed frequency agrees to its last digit.
    const double mfe_kcal = static_cast<float>(out.mfe.energy / 100.0);
    out.mfe_frequency = std::exp((out.ensemble_energy - mfe_kcal) / kT);
    if (fold.outside_done) {
        const detail::ProbabilityView p{fold.qbh.data(), fold.n()};
        out.pairing_tendency = detail::pairing_tendency(p);
        out.pairs = detail::listed_pairs(p, ensemble_params.bpp_threshold);
        out.centroid = detail::centroid_structure(p, out.centroid_distance);
        out.diversity = detail::ensemble_diversity(p);
        out.centroid_energy =
            evaluate_structure(sequence, out.centroid, params, ensemble_params.model.dangles);
        if (ensemble_params.mea) {
            out.mea_structure = detail::mea_structure(p, ensemble_params.mea_gamma, out.mea);
            out.mea_energy = evaluate_structure(sequence, out.mea_structure, params,
                                                ensemble_params.model.dangles);
        }
    }
    if (ensemble_params.samples > 0) {
        out.samples =
            detail::sample_structures(fold, ensemble_params.samples, ensemble_params.seed, pool);
        out.sample_energies.reserve(out.samples.size());
        for (const std::string& s : out.samples)
            out.sample_energies.push_back(
                evaluate_structure(sequence, s, params, ensemble_params.model.dangles));
    }
}

}  // namespace

std::vector<EnsembleResult> fold_ensemble_many(
    const std::vector<std::vector<std::uint8_t>>& sequences, const EnergyParams& params,
    const BoltzmannFactors& factors, const EnsembleParams& ensemble_params, const RunOptions& run,
    const std::vector<StructureConstraint>* constraints) {
    auto constraint_of = [constraints](std::size_t r) {
        return constraints != nullptr ? &(*constraints)[r] : nullptr;
    };
    const unsigned threads = run.pool == nullptr ? 1 : run.pool->size();
    // The MFE first: RNAfold's first line, and the scale estimate.
    RunOptions mfe_run = run;
    mfe_run.on_progress = {};
    std::vector<MfeResult> mfe =
        fold_mfe_many(sequences, params, ensemble_params.model, mfe_run, constraints);

    BackendChooser chooser(run);
    detail::PlacementRules rules;
    rules.alone_length = kAutoCudaMinLength;
    rules.cpu_long_length = kCpuLongLength;
    rules.single = single_fold;
    rules.batch = [threads](std::size_t records, std::size_t residues, std::size_t longest) {
        return short_batch(records, residues, longest, threads);
    };
    const detail::RecordPlacement placed = place_records(sequences, chooser, rules);
    const auto& gpu = placed.gpu;

    std::vector<EnsembleResult> results(sequences.size());
    for (std::size_t r = 0; r < sequences.size(); ++r) results[r].mfe = std::move(mfe[r]);
    const bool outside = ensemble_params.probabilities;
    auto finish = [&](std::size_t r, const detail::EnsembleFold& fold, ThreadPool* pool) {
        summarise(fold, sequences[r], params, ensemble_params, pool, results[r]);
    };
    if (!gpu.empty()) {
        // A chunk of records at a time, so that the host keeps only their probabilities.
        constexpr std::size_t kChunkCells = std::size_t{1} << 27;
        for (std::size_t first = 0; first < gpu.size();) {
            std::size_t last = first, cells = 0;
            while (last < gpu.size() && (last == first || cells < kChunkCells)) {
                cells += sequences[gpu[last]].size() * sequences[gpu[last]].size();
                ++last;
            }
            std::vector<std::unique_ptr<detail::EnsembleFold>> folds;
            std::vector<detail::cuda::EnsembleJob> jobs;
            for (std::size_t k = first; k < last; ++k) {
                const std::size_t r = gpu[k];
                folds.push_back(std::make_unique<detail::EnsembleFold>());
                jobs.push_back(
                    {sequences[r], constraint_of(r), results[r].mfe.energy, r, folds.back().get()});
            }
            detail::cuda::fill_ensemble_cuda(jobs, factors, ensemble_params.model, outside,
                                             ensemble_params.samples > 0, run.device,
                                             run.on_progress);
            auto summarise_one = [&](std::size_t k) { finish(gpu[first + k], *folds[k], nullptr); };
            parallel_for(run.pool, 0, jobs.size(), summarise_one);
            first = last;
        }
    }
    auto progress_of = [&](std::size_t n) {
        return n >= kCpuLongLength ? run.on_progress : Progress();
    };
    for (std::size_t r : placed.cpu_long) {
        detail::EnsembleFold fold;
        detail::fill_ensemble_cpu(fold, sequences[r], factors, ensemble_params.model,
                                  constraint_of(r), results[r].mfe.energy, outside, run.pool,
                                  progress_of(sequences[r].size()), r);
        finish(r, fold, run.pool);
    }
    auto fold_short = [&](std::size_t k) {
        const std::size_t r = placed.cpu_short[k];
        detail::EnsembleFold fold;
        detail::fill_ensemble_cpu(fold, sequences[r], factors, ensemble_params.model,
                                  constraint_of(r), results[r].mfe.energy, outside, nullptr, {}, r);
        finish(r, fold, nullptr);
    };
    parallel_for(run.pool, 0, placed.cpu_short.size(), fold_short);
    return results;
}

EnsembleResult fold_ensemble(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                             const BoltzmannFactors& factors, const EnsembleParams& ensemble_params,
                             const RunOptions& run, const StructureConstraint* constraint) {
    const std::vector<std::vector<std::uint8_t>> one{{sequence.begin(), sequence.end()}};
    if (constraint == nullptr)
        return fold_ensemble_many(one, params, factors, ensemble_params, run).front();
    const std::vector<StructureConstraint> constraints{*constraint};
    return fold_ensemble_many(one, params, factors, ensemble_params, run, &constraints).front();
}

}  // namespace tropic::rna

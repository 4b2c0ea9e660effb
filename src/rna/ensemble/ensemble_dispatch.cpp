// Where ensemble folds run, and the results RNAfold -p reports, assembled from the filled tables
// on the host whatever backend filled them.
#include <cmath>
#include <memory>
#include <vector>

#include "core/internal/backend_choice.hpp"
#include "rna/ensemble/cuda/ensemble_cuda.hpp"
#include "rna/ensemble/ensemble_cpu.hpp"
#include "rna/ensemble/ensemble_sampling.hpp"
#include "rna/ensemble/ensemble_summary.hpp"
#include "rna/placement/fold_family.hpp"
#include "rna/placement/record_placement.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/ensemble.hpp"

namespace tropic::rna {

namespace {

// On the CPU, records this long share all threads inside one fold (and report progress).
constexpr std::size_t kCpuLongLength = 1000;

// The ensemble folds' costs: records of 300 nt or more go to the device alone, shorter ones
// together from 100,000 bases on.
detail::FoldFamily ensemble_family() {
    return {.one_fold = "an ensemble fold",
            .many_folds = "ensemble folds",
            .cpu_long_length = kCpuLongLength,
            .auto_cuda_min_length = 300,
            .auto_cuda_min_batch_residues = 100'000,
            .steps_divisor = 3,
            .host_bytes = [](std::size_t n, unsigned) { return ensemble_memory_bytes(n); },
            .device_bytes = [](std::size_t n) { return detail::cuda::ensemble_device_bytes(n); }};
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

// The device's records in chunks of about 2^27 table cells (at least one record each), so that
// the host holds the probabilities of one chunk at a time.
std::vector<std::vector<std::size_t>> gpu_chunks(
    const std::vector<std::vector<std::uint8_t>>& sequences, const std::vector<std::size_t>& gpu) {
    constexpr std::size_t kChunkCells = std::size_t{1} << 27;
    std::vector<std::vector<std::size_t>> chunks;
    std::size_t cells = kChunkCells;
    for (std::size_t r : gpu) {
        if (cells >= kChunkCells) {
            chunks.emplace_back();
            cells = 0;
        }
        chunks.back().push_back(r);
        cells += sequences[r].size() * sequences[r].size();
    }
    return chunks;
}

}  // namespace

std::vector<EnsembleResult> fold_ensemble_many(
    const std::vector<std::vector<std::uint8_t>>& sequences, const EnergyParams& params,
    const BoltzmannFactors& factors, const EnsembleParams& ensemble_params, const RunOptions& run,
    const std::vector<StructureConstraint>* constraints) {
    auto constraint_of = [constraints](std::size_t r) {
        return constraints != nullptr ? &(*constraints)[r] : nullptr;
    };
    // The MFE first: RNAfold's first line, and the scale estimate.
    RunOptions mfe_run = run;
    mfe_run.on_progress = {};
    std::vector<MfeResult> mfe =
        fold_mfe_many(sequences, params, ensemble_params.model, mfe_run, constraints);

    const detail::FoldFamily family = ensemble_family();
    BackendChooser chooser(run);
    const detail::RecordPlacement placed = detail::place_records(
        sequences, chooser, detail::placement_rules(family, thread_count(run.pool)));

    std::vector<EnsembleResult> results(sequences.size());
    for (std::size_t r = 0; r < sequences.size(); ++r) results[r].mfe = std::move(mfe[r]);
    const bool outside = ensemble_params.probabilities;
    auto summarise_record = [&](std::size_t r, const detail::EnsembleFold& fold, ThreadPool* pool) {
        summarise(fold, sequences[r], params, ensemble_params, pool, results[r]);
    };
    // A chunk of records at a time, so that the host keeps only their probabilities.
    for (const auto& chunk : gpu_chunks(sequences, placed.gpu)) {
        std::vector<std::unique_ptr<detail::EnsembleFold>> folds;
        std::vector<detail::cuda::EnsembleJob> jobs;
        for (std::size_t r : chunk) {
            folds.push_back(std::make_unique<detail::EnsembleFold>());
            jobs.push_back(
                {sequences[r], constraint_of(r), results[r].mfe.energy, r, folds.back().get()});
        }
        detail::cuda::fill_ensemble_cuda(jobs, factors, ensemble_params.model, outside,
                                         ensemble_params.samples > 0, run.device, run.on_progress);
        parallel_for(run.pool, 0, jobs.size(),
                     [&](std::size_t k) { summarise_record(chunk[k], *folds[k], nullptr); });
    }
    detail::fold_on_cpu(
        placed, run, [&](std::size_t r, ThreadPool* pool, const Progress& on_progress) {
            detail::EnsembleFold fold;
            detail::fill_ensemble_cpu(fold, sequences[r], factors, ensemble_params.model,
                                      constraint_of(r), results[r].mfe.energy, outside, pool,
                                      on_progress, r);
            summarise_record(r, fold, pool);
        });
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

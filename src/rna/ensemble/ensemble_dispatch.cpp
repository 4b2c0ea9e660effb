// Where ensemble folds run, and the results RNAfold -p reports, assembled from the filled tables
// on the host whatever backend filled them.
#include <algorithm>
#include <cmath>
#include <memory>
#include <span>
#include <vector>

#include "rna/ensemble/cuda/ensemble_cuda.hpp"
#include "rna/ensemble/ensemble_cpu.hpp"
#include "rna/ensemble/ensemble_sampling.hpp"
#include "rna/ensemble/ensemble_summary.hpp"
#include "rna/mfe/cuda/mfe_cuda.hpp"
#include "rna/mfe/mfe_cpu.hpp"
#include "rna/mfe/mfe_dispatch.hpp"
#include "rna/placement/device_records.hpp"
#include "rna/placement/fold_family.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/ensemble.hpp"

namespace tropic::rna {

namespace detail {

namespace {

// The ensemble folds' costs, their MFE's included (every table a record will need is checked
// before any work on it): records of 300 nt or more go to the device alone, shorter ones together
// from 100,000 bases on; on the CPU, records of 1,000 nt or more share all threads.
FoldFamily ensemble_family(const EnsembleParams& ensemble_params, bool constrained) {
    return {.one_fold = "an ensemble fold",
            .many_folds = "ensemble folds",
            .cpu_long_length = 1000,
            .auto_cuda_min_length = 300,
            .auto_cuda_min_batch_residues = 100'000,
            .steps_divisor = 3,
            .host_bytes =
                [&ensemble_params](std::size_t n, unsigned threads) {
                    return std::max(ensemble_memory_bytes(n, ensemble_params),
                                    mfe_cpu_bytes(n, ensemble_params.model, threads));
                },
            .device_bytes =
                [&ensemble_params, constrained](std::size_t n) {
                    return std::max(cuda::ensemble_device_bytes(n),
                                    cuda::mfe_device_bytes(n, ensemble_params.model, constrained));
                }};
}

// Everything RNAfold -p prints, from a filled fold.
void summarise(const EnsembleFold& fold, std::span<const std::uint8_t> sequence,
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
    if (fold.outside_done || fold.listed_done) {
        const ProbabilityView p{fold.qbh.data(), fold.n()};
        EnsemblePairSums sums = fold.listed_done ? fold.sums : pair_sums(p);
        out.pairing_tendency = std::move(sums.pairing_tendency);
        out.pairs = fold.listed_done ? listed_pairs(fold.listed, ensemble_params.bpp_threshold)
                                     : listed_pairs(p, ensemble_params.bpp_threshold);
        out.centroid = std::move(sums.centroid);
        out.centroid_distance = sums.centroid_distance;
        out.diversity = sums.diversity;
        out.centroid_energy =
            evaluate_structure(sequence, out.centroid, params, ensemble_params.model.dangles);
        if (ensemble_params.mea) {
            out.mea_structure =
                fold.listed_done
                    ? mea_structure(fold.listed, fold.n(), ensemble_params.mea_gamma, out.mea)
                    : mea_structure(p, ensemble_params.mea_gamma, out.mea);
            out.mea_energy = evaluate_structure(sequence, out.mea_structure, params,
                                                ensemble_params.model.dangles);
        }
    }
    if (ensemble_params.samples > 0) {
        out.samples = sample_structures(fold, ensemble_params.samples, ensemble_params.seed, pool);
        out.sample_energies.reserve(out.samples.size());
        for (const std::string& s : out.samples)
            out.sample_energies.push_back(
                evaluate_structure(sequence, s, params, ensemble_params.model.dangles));
    }
}

}  // namespace

cuda::EnsembleOutput cuda::ensemble_device_output(const EnsembleParams& ensemble_params) {
    EnsembleOutput output{.outside = ensemble_params.probabilities,
                          .keep_inside = ensemble_params.samples > 0,
                          .dense = false,
                          .list_threshold = ensemble_params.bpp_threshold};
    if (ensemble_params.mea) {
        const double cutoff = mea_cutoff(ensemble_params.mea_gamma);
        output.dense = !(cutoff > 0);
        if (!(output.list_threshold <= cutoff)) output.list_threshold = cutoff;
    }
    return output;
}

namespace {

// The device's records in chunks of about 2^27 table cells (at least one record each), so that
// the host holds the tables that come back of one chunk at a time; 2^30 when only a few
// kilobytes a record come back (the probabilities listed, no inside tables).
std::vector<std::vector<std::size_t>> gpu_chunks(
    const std::vector<std::vector<std::uint8_t>>& sequences, std::span<const std::size_t> gpu,
    const cuda::EnsembleOutput& output) {
    const bool small = !(output.outside && output.dense) && !output.keep_inside;
    const std::size_t chunk_cells = std::size_t{1} << (small ? 30 : 27);
    std::vector<std::vector<std::size_t>> chunks;
    std::size_t cells = chunk_cells;
    for (std::size_t r : gpu) {
        if (cells >= chunk_cells) {
            chunks.emplace_back();
            cells = 0;
        }
        chunks.back().push_back(r);
        cells += sequences[r].size() * sequences[r].size();
    }
    return chunks;
}

// The records of one fold_ensemble_many call and their outcomes, stage by stage.
class EnsembleBatch {
  public:
    EnsembleBatch(const std::vector<std::vector<std::uint8_t>>& sequences,
                  const EnergyParams& params, const BoltzmannFactors& factors,
                  const EnsembleParams& ensemble_params, const RunOptions& run,
                  const std::vector<StructureConstraint>* constraints)
        : sequences_(sequences),
          params_(params),
          factors_(factors),
          ensemble_params_(ensemble_params),
          run_(run),
          constraints_(constraints),
          outcomes_(sequences.size()),
          mfe_(sequences.size()) {}

    std::vector<Outcome<EnsembleResult>> fold() {
        const FoldFamily family = ensemble_family(ensemble_params_, constraints_ != nullptr);
        RecordPlacement placed = place_folds(sequences_, family, run_, outcomes_);
        fold_mfe();
        drop_failed(placed, outcomes_);
        capture_on_devices(
            placed.gpu, sequences_, run_, outcomes_,
            [&](const RunOptions& share_run, std::span<const std::size_t> share) {
                for (const auto& chunk :
                     gpu_chunks(sequences_, share, cuda::ensemble_device_output(ensemble_params_)))
                    capture_for(chunk, outcomes_, [&] { fill_on_device(chunk, share_run); });
            });
        fold_on_cpu(placed, run_, outcomes_,
                    [&](std::size_t r, ThreadPool* pool, const Progress& on_progress) {
                        return fill_on_cpu(r, pool, on_progress);
                    });
        return std::move(outcomes_);
    }

  private:
    const StructureConstraint* constraint_of(std::size_t r) const {
        return constraints_ != nullptr ? &(*constraints_)[r] : nullptr;
    }

    // The MFE of the placed records first: RNAfold's first line, and the scale estimate. A
    // record without one has no ensemble either.
    void fold_mfe() {
        for (std::size_t r = 0; r < mfe_.size(); ++r)
            if (!outcomes_[r].ok()) fail(mfe_[r], outcomes_[r].error, outcomes_[r].code);
        RunOptions mfe_run = run_;
        mfe_run.on_progress = {};
        fold_open_mfe_records(sequences_, params_, ensemble_params_.model, mfe_run, constraints_,
                              mfe_);
        for (std::size_t r = 0; r < mfe_.size(); ++r)
            if (!mfe_[r].ok()) fail(outcomes_[r], mfe_[r].error, mfe_[r].code);
    }

    EnsembleResult summary(std::size_t r, const EnsembleFold& fold, ThreadPool* pool) const {
        EnsembleResult out;
        out.mfe = mfe_[r].result;
        summarise(fold, sequences_[r], params_, ensemble_params_, pool, out);
        return out;
    }

    // One chunk of records on share_run's device; the host keeps only their probabilities.
    void fill_on_device(const std::vector<std::size_t>& chunk, const RunOptions& share_run) {
        std::vector<std::unique_ptr<EnsembleFold>> folds;
        std::vector<cuda::EnsembleJob> jobs;
        for (std::size_t r : chunk) {
            folds.push_back(std::make_unique<EnsembleFold>());
            jobs.push_back(
                {sequences_[r], constraint_of(r), mfe_[r].result.energy, r, folds.back().get()});
        }
        cuda::fill_ensemble_cuda(jobs, factors_, ensemble_params_.model,
                                 cuda::ensemble_device_output(ensemble_params_), share_run.device,
                                 share_run.on_progress);
        parallel_for(share_run.pool, 0, jobs.size(), [&](std::size_t k) {
            outcomes_[chunk[k]].result = summary(chunk[k], *folds[k], nullptr);
        });
    }

    EnsembleResult fill_on_cpu(std::size_t r, ThreadPool* pool, const Progress& on_progress) {
        EnsembleFold fold;
        fill_ensemble_cpu(fold, sequences_[r], factors_, ensemble_params_.model, constraint_of(r),
                          mfe_[r].result.energy, ensemble_params_.probabilities, pool, on_progress,
                          r);
        return summary(r, fold, pool);
    }

    const std::vector<std::vector<std::uint8_t>>& sequences_;
    const EnergyParams& params_;
    const BoltzmannFactors& factors_;
    const EnsembleParams& ensemble_params_;
    const RunOptions& run_;
    const std::vector<StructureConstraint>* constraints_;
    std::vector<Outcome<EnsembleResult>> outcomes_;
    std::vector<Outcome<MfeResult>> mfe_;
};

}  // namespace

}  // namespace detail

std::uint64_t ensemble_memory_bytes(std::size_t length, const EnsembleParams& ensemble_params) {
    // Each sampled structure: its dot-bracket, the string that holds it and its energy.
    const std::uint64_t sample_bytes = length + 1 + sizeof(std::string) + sizeof(int);
    const std::uint64_t ensemble =
        detail::ensemble_table_bytes(length, ensemble_params.probabilities) +
        ensemble_params.samples * sample_bytes;
    return std::max(ensemble, mfe_memory_bytes(length, ensemble_params.model));
}

std::vector<Outcome<EnsembleResult>> fold_ensemble_many(
    const std::vector<std::vector<std::uint8_t>>& sequences, const EnergyParams& params,
    const BoltzmannFactors& factors, const EnsembleParams& ensemble_params, const RunOptions& run,
    const std::vector<StructureConstraint>* constraints) {
    return detail::EnsembleBatch(sequences, params, factors, ensemble_params, run, constraints)
        .fold();
}

EnsembleResult fold_ensemble(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                             const BoltzmannFactors& factors, const EnsembleParams& ensemble_params,
                             const RunOptions& run, const StructureConstraint* constraint) {
    const std::vector<std::vector<std::uint8_t>> one{{sequence.begin(), sequence.end()}};
    const std::vector<StructureConstraint> constraints =
        constraint == nullptr ? std::vector<StructureConstraint>{}
                              : std::vector<StructureConstraint>{*constraint};
    Outcome<EnsembleResult> outcome =
        fold_ensemble_many(one, params, factors, ensemble_params, run,
                           constraint == nullptr ? nullptr : &constraints)
            .front();
    outcome.rethrow_error();
    return std::move(outcome.result);
}

}  // namespace tropic::rna

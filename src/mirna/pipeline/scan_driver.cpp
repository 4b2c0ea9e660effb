#include "mirna/pipeline/scan_driver.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <tuple>

#include "mirna/pipeline/fold_batch.hpp"
#include "mirna/pipeline/hairpin_candidates.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/mirna/hairpin.hpp"

namespace tropic::mirna::detail {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

ScanDriver::ScanDriver(const rna::EnergyParams& energy, const MirscanParams& params,
                       const RunOptions& run, MirscanSink& sink)
    : energy_(energy), params_(params), run_(run), sink_(sink), window_params_(params.windows) {
    validate(params);
    window_params_.min_length = static_cast<int>(params.min_hairpin);
    if (!params.reads_path.empty()) reads_.emplace(params.reads_path);
}

void ScanDriver::add_record(SequenceRecord record) {
    ++summary_.sequences;
    summary_.bases += record.residues.size();
    const std::uint64_t id = next_record_++;
    auto shared = std::make_shared<const SequenceRecord>(std::move(record));
    records_.emplace(id, shared);
    for_each_window_by_start(shared->residues, window_params_, [&](const ScanWindow& window) {
        batch_.push_back({id, window});
        if (++batch_windows_ >= params_.batch_windows) fold_windows();
    });
    batch_.push_back({id, std::nullopt});
}

MirscanSummary ScanDriver::finish() {
    fold_windows();
    classify_queue();
    sink_.progress(summary_.bases);
    return summary_;
}

void ScanDriver::fold_windows() {
    if (batch_.empty()) return;
    // The windows' sequences, folded in one batch.
    std::vector<std::size_t> window_entries;
    for (std::size_t e = 0; e < batch_.size(); ++e)
        if (batch_[e].window) window_entries.push_back(e);
    std::vector<std::string> sequences(window_entries.size());
    parallel_for(
        run_.pool, 0, window_entries.size(),
        [&](std::size_t i) {
            const Entry& entry = batch_[window_entries[i]];
            sequences[i] = window_sequence(records_.at(entry.record)->residues, *entry.window);
        },
        256);
    summary_.windows += sequences.size();
    auto started = std::chrono::steady_clock::now();
    std::vector<rna::MfeResult> folds = fold_batch(sequences, energy_, params_.mfe, run_);
    summary_.seconds_windows += seconds_since(started);

    // Each window's longest stem-loop, excised.
    std::vector<std::optional<StemLoop>> stems(sequences.size());
    parallel_for(
        run_.pool, 0, sequences.size(),
        [&](std::size_t i) {
            stems[i] = longest_stem_loop(folds[i].structure, params_.min_hairpin);
        },
        1024);
    // One hairpin per distinct place (windows overlap and often find the same one).
    std::map<std::tuple<std::uint64_t, std::uint64_t, std::uint64_t, char>, std::size_t>
        place_index;
    std::vector<MirnaCandidate> hairpins;
    std::vector<std::optional<std::size_t>> hairpin_of(sequences.size());
    for (std::size_t i = 0; i < sequences.size(); ++i) {
        if (!stems[i]) continue;
        ++summary_.hairpins;
        const Entry& entry = batch_[window_entries[i]];
        Segment place = forward_range(*entry.window, stems[i]->begin, stems[i]->end);
        auto key = std::make_tuple(entry.record, place.begin, place.end, entry.window->strand);
        auto [it, inserted] = place_index.try_emplace(key, hairpins.size());
        if (inserted) {
            MirnaCandidate hairpin;
            hairpin.sequence_name = records_.at(entry.record)->name;
            hairpin.start = place.begin;
            hairpin.end = place.end;
            hairpin.strand = entry.window->strand;
            hairpin.sequence = sequences[i].substr(stems[i]->begin, stems[i]->length());
            hairpins.push_back(std::move(hairpin));
        }
        hairpin_of[i] = it->second;
    }
    started = std::chrono::steady_clock::now();
    characterize(hairpins, energy_, params_, run_);
    summary_.seconds_hairpins += seconds_since(started);

    // In window order: hairpins into the merger, complete loci out.
    std::vector<MirnaCandidate> loci;
    std::size_t next_window = 0;
    for (const Entry& entry : batch_) {
        if (!entry.window) {
            merger_.finish(loci);
            bases_done_ += records_.at(entry.record)->residues.size();
            records_.erase(entry.record);
            continue;
        }
        std::size_t i = next_window++;
        if (hairpin_of[i]) merger_.add(hairpins[*hairpin_of[i]]);
        merger_.advance(entry.window->start, loci);
    }
    std::uint64_t position = 0;
    if (!batch_.empty() && batch_.back().window) position = batch_.back().window->start;
    batch_.clear();
    batch_windows_ = 0;
    take_loci(loci);
    sink_.progress(bases_done_ + position);
}

void ScanDriver::take_loci(std::vector<MirnaCandidate>& loci) {
    for (MirnaCandidate& locus : loci) {
        ++summary_.loci;
        if (locus.passed_filter) {
            ++summary_.filtered;
            queued_shuffles_ += params_.shuffles;
        }
        queue_.push_back(std::move(locus));
    }
    if (queued_shuffles_ >= params_.batch_windows) classify_queue();
}

void ScanDriver::classify_queue() {
    std::vector<bool> needs(queue_.size());
    for (std::size_t i = 0; i < queue_.size(); ++i) needs[i] = queue_[i].passed_filter;
    auto started = std::chrono::steady_clock::now();
    add_significance(queue_, needs, energy_, params_, run_, summary_.shuffles);
    summary_.seconds_shuffles += seconds_since(started);
    for (MirnaCandidate& locus : queue_) {
        if (locus.passed_filter && reads_)
            locus.features.reads = reads_->evidence(locus.sequence_name, locus.start, locus.end,
                                                    locus.strand, locus.features.hairpin.arms);
        locus.score = candidate_score(locus.features, params_);
        sink_.hairpin(locus);
        if (locus.passed_filter && locus.score >= params_.min_score) {
            ++summary_.candidates;
            sink_.candidate(locus);
        }
    }
    queue_.clear();
    queued_shuffles_ = 0;
}

}  // namespace tropic::mirna::detail

#include "cli/mirscan_outputs.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "cli/picture_files.hpp"
#include "tropic/rna/structure_plot.hpp"

namespace tropic::cli {

namespace {

// Text is handed to the files in pieces of about this size.
constexpr std::size_t kFlushBytes = std::size_t{1} << 20;

// Better first: the higher score, then the earlier in the genome.
bool better(double score_a, std::uint64_t arrival_a, double score_b, std::uint64_t arrival_b) {
    return score_a != score_b ? score_a > score_b : arrival_a < arrival_b;
}

void write_when_full(std::string& buffer, OutputSink& sink) {
    if (buffer.size() < kFlushBytes) return;
    sink.write(buffer);
    buffer.clear();
}

// "chr1_101-180_minus": the candidate's name in letters a file name keeps.
std::string plot_stem(const mirna::MirnaCandidate& c, std::set<std::string>& used) {
    return picture_file_stem(fmt::format("{}_{}-{}_{}", c.sequence_name, c.start + 1, c.end,
                                         c.strand == '-' ? "minus" : "plus"),
                             used);
}

}  // namespace

MirscanOutputs::MirscanOutputs(const MirscanOutputOptions& options, OutputFiles& files)
    : options_(options),
      results_(files, options.output),
      bar_("tropic mirscan", 0, options.progress, "bp") {
    if (!options_.all_hairpins.empty())
        hairpins_ = std::make_unique<OutputSink>(files, options_.all_hairpins, "--all-hairpins");
    if (!options_.plot_dir.empty()) plots_ = &files.folder(options_.plot_dir, "--plot");
    mirna::append_mirscan_header(buffer_, options_.format, options_.with_reads);
    if (hairpins_)
        mirna::append_mirscan_header(hairpin_buffer_, mirna::MirscanFormat::Tsv,
                                     options_.with_reads);
}

void MirscanOutputs::hairpin(const mirna::MirnaCandidate& hairpin) {
    if (!hairpins_) return;
    mirna::append_mirscan_tsv(hairpin_buffer_, hairpin, options_.with_reads);
    write_when_full(hairpin_buffer_, *hairpins_);
}

void MirscanOutputs::candidate(const mirna::MirnaCandidate& candidate) {
    mirna::append_mirscan(buffer_, options_.format, candidate, options_.with_reads);
    write_when_full(buffer_, results_);
    if (plots_) keep_for_plot(candidate);
}

void MirscanOutputs::progress(std::uint64_t bases_scanned) {
    if (bases_scanned <= bases_shown_) return;
    bar_.advance(bases_scanned - bases_shown_);
    bases_shown_ = bases_scanned;
}

void MirscanOutputs::keep_for_plot(const mirna::MirnaCandidate& candidate) {
    // The heap's "largest" is the one that ranks last: the first to go.
    const auto ranks_before = [](const Ranked& a, const Ranked& b) {
        return better(a.score, a.arrival, b.score, b.arrival);
    };
    const std::uint64_t arrival = arrivals_++;
    if (options_.plot_top == 0) return;
    if (best_.size() == options_.plot_top) {
        const Ranked& worst = best_.front();
        if (!better(candidate.score, arrival, worst.score, worst.arrival)) return;
        std::pop_heap(best_.begin(), best_.end(), ranks_before);
        best_.pop_back();
    }
    best_.push_back({candidate.score, arrival, candidate});
    std::push_heap(best_.begin(), best_.end(), ranks_before);
}

void MirscanOutputs::draw_plots() {
    std::sort(best_.begin(), best_.end(), [](const Ranked& a, const Ranked& b) {
        return better(a.score, a.arrival, b.score, b.arrival);
    });
    std::set<std::string> used;
    for (const Ranked& ranked : best_) {
        const mirna::MirnaCandidate& c = ranked.candidate;
        rna::StructurePlotInput input;
        input.name = fmt::format("{} score {:.3f}", mirna::candidate_name(c), c.score);
        input.sequence = c.sequence;
        input.structure = c.structure;
        const std::string file = picture_file_name(plot_stem(c, used), Picture::Structure, false);
        write_structure_picture(input, plots_->stage(file), false);
    }
}

void MirscanOutputs::finish() {
    bar_.finish();
    results_.write(buffer_);
    buffer_.clear();
    results_.commit();
    if (hairpins_) {
        hairpins_->write(hairpin_buffer_);
        hairpin_buffer_.clear();
        hairpins_->commit();
    }
    if (plots_) draw_plots();
}

}  // namespace tropic::cli

#pragma once
// Where `tropic mirscan` puts what a scan finds: the candidates in the chosen layout (-o), every
// hairpin as tsv (--all-hairpins), drawings of the best candidates (--plot), and the progress bar
// in Mbp and Mbp/s. Every file is declared before the scan and appears only when the run
// succeeds (OutputFiles).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli/progress_bar.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/output_sink.hpp"
#include "tropic/mirna/mirscan.hpp"
#include "tropic/mirna/mirscan_writer.hpp"

namespace tropic::cli {

struct MirscanOutputOptions {
    std::string output;  // -o: empty or "-" is stdout
    mirna::MirscanFormat format = mirna::MirscanFormat::Bed;
    bool with_reads = false;   // the read features are columns
    std::string all_hairpins;  // --all-hairpins FILE, or empty
    std::string plot_dir;      // --plot DIR, or empty
    std::size_t plot_top = 20;
    bool progress = false;  // draw the progress bar
};

class MirscanOutputs final : public mirna::MirscanSink {
  public:
    // Declares every output in `files` and writes the headers. Throws InputError for an output
    // that cannot be written.
    MirscanOutputs(const MirscanOutputOptions& options, OutputFiles& files);

    void hairpin(const mirna::MirnaCandidate& hairpin) override;
    void candidate(const mirna::MirnaCandidate& candidate) override;
    void progress(std::uint64_t bases_scanned) override;

    // Writes what is buffered and draws the plots; files.commit() then moves them into place.
    void finish();

  private:
    struct Ranked {
        double score = 0;
        std::uint64_t arrival = 0;  // earlier candidates win ties
        mirna::MirnaCandidate candidate;
    };
    void keep_for_plot(const mirna::MirnaCandidate& candidate);
    void draw_plots();

    MirscanOutputOptions options_;
    OutputSink results_;
    std::unique_ptr<OutputSink> hairpins_;
    OutputFolder* plots_ = nullptr;
    std::string buffer_, hairpin_buffer_;
    std::vector<Ranked> best_;  // a heap whose front is the worst kept
    std::uint64_t arrivals_ = 0;
    ProgressBar bar_;
    std::uint64_t bases_shown_ = 0;
};

}  // namespace tropic::cli

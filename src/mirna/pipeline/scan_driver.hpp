#pragma once
// The scan itself: records in, windows batched across records, hairpins found and characterised,
// loci merged, significance for those that pass the filter, candidates out in genome order.
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "mirna/pipeline/locus_merger.hpp"
#include "tropic/mirna/mirscan.hpp"
#include "tropic/mirna/read_evidence.hpp"

namespace tropic::mirna::detail {

class ScanDriver {
  public:
    ScanDriver(const rna::EnergyParams& energy, const MirscanParams& params, const RunOptions& run,
               MirscanSink& sink);
    void add_record(SequenceRecord record);
    [[nodiscard]] MirscanSummary finish();

  private:
    // A window to fold, or (window empty) the end of its record.
    struct Entry {
        std::uint64_t record = 0;
        std::optional<ScanWindow> window;
    };
    void fold_windows();
    void take_loci(std::vector<MirnaCandidate>& loci);
    void classify_queue();

    const rna::EnergyParams& energy_;
    const MirscanParams& params_;
    const RunOptions& run_;
    MirscanSink& sink_;
    WindowParams window_params_;
    std::optional<ReadEvidenceSource> reads_;
    MirscanSummary summary_;

    std::map<std::uint64_t, std::shared_ptr<const SequenceRecord>> records_;
    std::uint64_t next_record_ = 0;
    std::vector<Entry> batch_;
    std::size_t batch_windows_ = 0;
    std::uint64_t bases_done_ = 0;  // of records whose windows are all folded

    LocusMerger merger_;
    std::vector<MirnaCandidate> queue_;  // loci awaiting significance, in genome order
    std::size_t queued_shuffles_ = 0;
};

}  // namespace tropic::mirna::detail

#pragma once
// A progress bar on stderr for the long record being computed, fed by the engine's per-record
// progress (tropic::Progress); it counts permille of the record's work. Records may compute in
// parallel (MFE), so the bar follows one record at a time, the first to report, and the next once
// that one is done; calls may come from several threads.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "cli/progress_bar.hpp"
#include "cli/record_input.hpp"
#include "tropic/core/progress.hpp"

namespace tropic::cli {

class RecordProgress {
  public:
    // `verb` starts the bar's label ("folding"); a disabled display draws nothing.
    RecordProgress(std::string verb, bool enabled) : verb_(std::move(verb)), enabled_(enabled) {}

    // The callback for an engine computing `records` (indices into it; any record type with a
    // name and residues, record_input.hpp); empty when disabled.
    template <class Record>
    Progress for_records(const std::vector<Record>& records) {
        if (!enabled_) return {};
        return [this, &records](std::size_t index, double fraction) {
            update(records[index].name, residues_of(records[index]).size(), index, fraction);
        };
    }

    // Clears the bar (it clears its line when it goes).
    void finish();

  private:
    void update(const std::string& name, std::size_t length, std::size_t index, double fraction);

    std::string verb_;
    bool enabled_;
    std::mutex mutex_;
    std::unique_ptr<ProgressBar> bar_;
    std::optional<std::size_t> shown_;  // the record the bar follows
    std::uint64_t permille_ = 0;
};

}  // namespace tropic::cli

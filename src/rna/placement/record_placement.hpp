#pragma once
// Where the records of a folding family (MFE, ensemble) run, decided once for all of them before
// any is folded: records of `alone_length` or more are placed one by one (a fold of its own, on
// the device or on all CPU threads), the shorter ones together as one batch (the device's batch
// mode, or one record per CPU thread). On the CPU, placed records of `cpu_long_length` or more
// share all threads inside their fold; shorter ones take one thread. A record that fits nowhere
// (or whose batch does not) is refused, with the chooser's error; the others are placed all the
// same.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/internal/backend_choice.hpp"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail {

struct Refusal {
    std::size_t record = 0;
    std::string message;
    ExitCode code = ExitCode::Resource;
};

struct RecordPlacement {
    std::vector<std::size_t> gpu;        // by increasing index
    std::vector<std::size_t> cpu_long;   // all threads inside each fold
    std::vector<std::size_t> cpu_short;  // one thread each
    std::vector<Refusal> refused;        // by increasing index
};

struct PlacementRules {
    std::size_t alone_length = 0;
    std::size_t cpu_long_length = 0;
    // The work of one record folded alone, by its length.
    std::function<WorkEstimate(std::size_t length)> single;
    // The work of the short records together.
    std::function<WorkEstimate(std::size_t records, std::size_t residues, std::size_t longest)>
        batch;
};

// Places `records` (indices into `sequences`, increasing).
RecordPlacement place_records(const std::vector<std::vector<std::uint8_t>>& sequences,
                              const std::vector<std::size_t>& records, BackendChooser& chooser,
                              const PlacementRules& rules);

}  // namespace tropic::rna::detail

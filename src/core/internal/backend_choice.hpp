#pragma once
// Where a piece of work runs: the one decision every family makes through choose_backend, so that
// `auto` means the same everywhere and every refusal says the same things.
//
//   Cpu   the CPU, when the work fits host memory (RunOptions::max_memory, else what the system
//         has available); otherwise a ResourceError with the fit message and the family's
//         suggestion.
//   Cuda  the device, when this build has CUDA, the device exists and the work fits its free
//         memory; otherwise a ResourceError saying what is missing (and suggesting the cpu
//         backend) or that the work does not fit.
//   Auto  the device when one is usable, the work reaches the family's threshold
//         (WorkEstimate::auto_min_steps) and it fits there; a device that cannot hold the work
//         sends it to the CPU with a notice (RunOptions::on_notice; one per BackendChooser, for
//         the first such work, so that a batch does not repeat it); work that fits neither host
//         nor device memory is refused up front with a ResourceError. Work that does not fit the
//         host goes to a device that holds it, whatever its size.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "tropic/core/backend.hpp"
#include "core/internal/memory_fit.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic {

// What a family says about one piece of work before choosing where it runs.
struct WorkEstimate {
    // Names the work in messages: "an MFE fold of 150000 nt", "query 'a' against target 'b'".
    std::string what;
    // Its size, in the family's own unit (add-and-compare steps, residues): compared with
    // auto_min_steps only.
    double steps = 0;
    // Auto sends the work to a device from this many steps on (below it, starting the device
    // and moving the data costs more than the device gains).
    double auto_min_steps = 0;
    // Memory the CPU path allocates (0: none worth checking) and what the GPU path needs free on
    // the device.
    std::uint64_t host_bytes = 0;
    std::uint64_t device_bytes = 0;
    // Device memory the family already holds and this work would reuse (buffers kept from one
    // piece of work to the next): counted as free for it.
    std::uint64_t device_reusable_bytes = 0;
    // What helps when the work does not fit `budget` (host or device): "fold shorter windows: up
    // to 9000 nt fit". Empty: the message makes no suggestion.
    std::function<std::string(const MemoryBudget& budget)> suggest;
};

// Decides for many pieces of work against one look at the machine: the host's available memory
// and the device's free memory are probed once, when first needed (a run that stays on the CPU
// never starts a CUDA context).
class BackendChooser {
  public:
    explicit BackendChooser(const RunOptions& options);

    // Backend::Cpu or Backend::Cuda for this work (rules above); throws ResourceError when it
    // cannot run where it must.
    Backend choose(const WorkEstimate& work);

    // True when CUDA work can run on options.device.
    bool device_usable();
    // The budget of options.device (device_budget: its free memory less the headroom; 0 bytes
    // without a usable device), and of the host.
    MemoryBudget device();
    MemoryBudget host();

  private:
    std::uint64_t device_free_bytes();
    // The device's free memory as `work` sees it (with what it would reuse).
    MemoryBudget device_for(const WorkEstimate& work);
    [[noreturn]] void refuse_everywhere(const WorkEstimate& work);
    void notice(const std::string& text);

    const RunOptions& options_;
    std::optional<std::string> device_problem_;  // empty string: usable
    std::optional<std::uint64_t> device_free_;
    std::optional<MemoryBudget> host_;
    bool noticed_ = false;
};

// Says `text` (one line, no prefix) as a note, or as a warning, through options.on_notice, or on
// stderr when nobody listens (notice.hpp).
void notify(const RunOptions& options, const std::string& text);
void warn(const RunOptions& options, const std::string& text);

// One decision: BackendChooser(options).choose(work).
Backend choose_backend(const RunOptions& options, const WorkEstimate& work);

}  // namespace tropic

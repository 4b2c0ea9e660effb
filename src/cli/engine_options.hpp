#pragma once
// RunOptions as the option structs that the engines still take. Temporary: the engines are
// moving to RunOptions (issue 10), and these adapters go with that. Until then the memory limit
// reaches BPMax only; the fold engines check the machine's memory themselves.
#include <cstddef>

#include "cli/shared_options.hpp"
#include "tropic/core/memory.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/rna/bpmax.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic::cli {

// rna::NussinovOptions or rna::MfeRun: the same four members.
template <class FoldOptions>
FoldOptions fold_options(const RunOptions& run) {
    FoldOptions options;
    options.backend = run.backend;
    options.device = run.device;
    options.pool = run.pool;
    options.on_progress = run.on_progress;
    return options;
}

// BpmaxOptions::max_memory 0 means no limit, RunOptions' 0 what the system has available.
inline rna::BpmaxOptions bpmax_options(const RunOptions& run) {
    rna::BpmaxOptions options;
    options.backend = run.backend;
    options.device = run.device;
    options.pool = run.pool;
    options.max_memory = run.max_memory == 0                ? available_host_memory()
                         : run.max_memory == kNoMemoryLimit ? 0
                                                            : run.max_memory;
    return options;
}

}  // namespace tropic::cli

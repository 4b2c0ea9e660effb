#pragma once
// How any computation of tropic runs: the backend, the device, the CPU threads, the memory it may
// take and who hears of its progress and notices. Every entry point (the engine, Nussinov, MFE,
// the ensemble, BPMax, alignment, search, the database build, copy-number calling) takes one
// RunOptions and decides where its work goes through one rule (src/core/internal/
// backend_choice.hpp), so `auto` means the same everywhere.
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "tropic/core/backend.hpp"
#include "tropic/core/notice.hpp"
#include "tropic/core/progress.hpp"

namespace tropic {

class ThreadPool;

struct RunOptions {
    // Auto: a CUDA device when there is one and the work is large enough to gain, else the CPU
    // (choose_backend says exactly). Every backend gives the same results.
    Backend backend = Backend::Auto;
    // The CUDA device of single-device work, and the first of `devices`.
    int device = 0;
    // The CUDA devices a batch workload spreads its items over (fold and ensemble batches, rri
    // scans, many alignment pairs, database search, read mapping, mirscan windows, cnv call),
    // each device taking a contiguous share; results come back in input order, identical to one
    // device's. Empty: `device` alone. Work that is one problem (a long pair, one long fold)
    // runs on the first.
    std::vector<int> devices;
    // CPU threads; nullptr runs on the calling thread only.
    ThreadPool* pool = nullptr;
    // Host memory the work may take, in bytes; 0: what the system has available when it starts
    // (SIZE_MAX: no limit). Device work is bounded by the device's free memory instead.
    std::size_t max_memory = 0;
    // Progress of long items, for a display; empty: nobody listens (see Progress).
    Progress on_progress;
    // Notes about where work went (auto sending work to the CPU because the device cannot hold
    // it) and warnings about the input (notice.hpp); empty: printed on stderr.
    NoticeHandler on_notice;
};

}  // namespace tropic

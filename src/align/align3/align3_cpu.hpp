#pragma once
// The CPU's plane engine: each plane's rows on the threads of a pool.
#include <memory>

#include "align/align3/align3_sweep.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align::detail {

// `problem` points at host memory and must outlive the engine.
std::unique_ptr<PlaneEngine> make_cpu_engine(const Align3Problem& problem, const SweepPlan& plan,
                                             ThreadPool* pool);

}  // namespace tropic::align::detail

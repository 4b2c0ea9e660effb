#pragma once
// The CPU's plane engine: each plane's rows on the threads of a pool.
#include <memory>

#include "align/align3/align3_sweep.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align::detail {

// `problem` points at host memory and must outlive the engine.
std::unique_ptr<PlaneEngine> make_cpu_engine(const Align3Problem& problem, const SweepPlan& plan,
                                             ThreadPool* pool);

// Follows kept directions back from `at` while its plane is >= first; `directions(q, index)`
// reads plane q's direction word at index (a mask for the linear model, 13 nibbles for the
// affine one). Shared by every engine whose directions the host can read.
template <class ReadDirection>
TracePoint walk_directions(const Align3Problem& problem, TracePoint at, std::int64_t first,
                           std::vector<std::uint8_t>& columns, const ReadDirection& directions) {
    while (at.plane() >= first && at.plane() > 0) {
        const std::uint64_t word = directions(at.plane(), problem.shape.index(at.i, at.j));
        std::uint8_t mask;
        if (problem.linear()) {
            mask = static_cast<std::uint8_t>(word);
        } else {
            mask = state_mask(at.state);
            at.state = static_cast<int>((word >> (4 * at.state)) & 15);
        }
        columns.push_back(mask);
        at.i -= mask & 1;
        at.j -= (mask >> 1) & 1;
        at.k -= (mask >> 2) & 1;
    }
    return at;
}

}  // namespace tropic::align::detail

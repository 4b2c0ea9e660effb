#pragma once
// The plane sweep behind align3, for every backend: the planes are filled in order
// (align3_problem.hpp); the score is read at (m,n,p); the traceback follows directions kept for a
// segment of consecutive planes at a time. When the directions of every plane do not fit, the
// first pass keeps checkpoints (three consecutive planes every `segment_planes` planes) and the
// traceback fills each segment again from its checkpoint, last segment first: one more fill in
// all, memory about 3 P C + K D for C checkpoints of planes of P bytes and K planes of D
// direction bytes, smallest near K = sqrt(3 P Q / D).
//
// An engine (the CPU's, the device's) does the filling and walking; run_sweep drives it, so
// both take the same path through the same planes and follow the same tie rule.
#include <cstdint>
#include <vector>

#include "align/align3/align3_problem.hpp"
#include "tropic/align/align3.hpp"
#include "tropic/core/host_device.hpp"

namespace tropic::align::detail {

// A cell of the traceback and the state it is in (0 for the linear model).
struct TracePoint {
    std::int64_t i = 0, j = 0, k = 0;
    int state = 0;
    TROPIC_HOST_DEVICE std::int64_t plane() const { return i + j + k; }
};

// Where the kept directions of `at` lie: planes first.. one after another, (i, j) within a plane.
TROPIC_HOST_DEVICE inline std::int64_t kept_direction_index(const Align3Shape& shape,
                                                            const TracePoint& at,
                                                            std::int64_t first) {
    return (at.plane() - first) * shape.cells_per_plane() + shape.index(at.i, at.j);
}

// One step of the traceback from `at` by its cell's direction word (the mask for the linear
// model, 13 nibbles for the affine one): moves `at` to the predecessor (and its state) and
// returns the column's mask. Every engine's walk takes these steps.
TROPIC_HOST_DEVICE inline std::uint8_t trace_step(const Align3Problem& problem, TracePoint& at,
                                                  std::uint64_t word) {
    std::uint8_t mask;
    if (problem.linear()) {
        mask = static_cast<std::uint8_t>(word);
    } else {
        mask = state_mask(at.state);
        at.state = static_cast<int>((word >> (4 * at.state)) & 15);
    }
    at.i -= mask & 1;
    at.j -= (mask >> 1) & 1;
    at.k -= (mask >> 2) & 1;
    return mask;
}

class PlaneEngine {
  public:
    virtual ~PlaneEngine() = default;
    // Fills planes first..last (first >= 1; plane 0, the origin, is set up on first == 1). With
    // directions, plane q's go to slot q - first of the engine's direction buffer.
    virtual void fill(std::int64_t first, std::int64_t last, bool directions) = 0;
    // Keeps (or brings back) planes q - 2..q (those >= 0) in checkpoint `slot`.
    virtual void save_checkpoint(std::int64_t slot, std::int64_t q) = 0;
    virtual void load_checkpoint(std::int64_t slot, std::int64_t q) = 0;
    // The states' values at (m, n, p), once the last plane is filled (one for the linear model).
    virtual std::vector<std::int32_t> end_values() = 0;
    // Follows the directions kept for planes first.. back from `at` (on one of them) until it
    // reaches plane first - 1, appending the columns (last first); returns where it stopped.
    virtual TracePoint walk(TracePoint at, std::int64_t first,
                            std::vector<std::uint8_t>& columns) = 0;
};

struct SweepPlan {
    bool traceback = false;
    // Planes whose directions are kept at once (0 without a traceback); every plane when
    // checkpoints == 0.
    std::int64_t segment_planes = 0;
    std::int64_t checkpoints = 0;
};

// Bytes of one plane's values and of one plane's directions.
std::uint64_t plane_bytes(const Align3Shape& shape, int states);
std::uint64_t direction_plane_bytes(const Align3Shape& shape, int states);

// The plan: every plane's directions when they take at most whole_limit
// bytes, else checkpoints at the spacing that needs the least memory.
SweepPlan plan_sweep(const Align3Shape& shape, int states, bool traceback,
                     std::uint64_t whole_limit);
std::uint64_t sweep_bytes(const Align3Shape& shape, int states, const SweepPlan& plan);

// Score, and with plan.traceback the columns and identities left for the caller to count.
Align3Result run_sweep(PlaneEngine& engine, const Align3Shape& shape, const SweepPlan& plan);

// The first state (index order) with the largest value: where the traceback starts.
int best_end_state(const std::vector<std::int32_t>& values);

}  // namespace tropic::align::detail

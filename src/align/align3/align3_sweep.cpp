#include "align/align3/align3_sweep.hpp"

#include <algorithm>
#include <cmath>

#include "tropic/core/error.hpp"

namespace tropic::align::detail {

std::uint64_t plane_bytes(const Align3Shape& shape, int states) {
    return static_cast<std::uint64_t>(shape.cells_per_plane()) *
           static_cast<std::uint64_t>(states) * sizeof(std::int32_t);
}

std::uint64_t direction_plane_bytes(const Align3Shape& shape, int states) {
    return static_cast<std::uint64_t>(shape.cells_per_plane()) *
           (states == 1 ? sizeof(std::uint8_t) : sizeof(std::uint64_t));
}

SweepPlan plan_sweep(const Align3Shape& shape, int states, bool traceback,
                     std::uint64_t whole_limit) {
    SweepPlan plan;
    plan.traceback = traceback;
    const std::int64_t planes = shape.last_plane();
    if (!traceback || planes == 0) return plan;
    const double plane = static_cast<double>(plane_bytes(shape, states));
    const double directions = static_cast<double>(direction_plane_bytes(shape, states));
    if (directions * static_cast<double>(planes) <= static_cast<double>(whole_limit)) {
        plan.segment_planes = planes;
        return plan;
    }
    const double best = std::sqrt(3.0 * plane * static_cast<double>(planes) / directions);
    plan.segment_planes = std::clamp<std::int64_t>(static_cast<std::int64_t>(best), 3, planes);
    plan.checkpoints = (planes + plan.segment_planes - 1) / plan.segment_planes - 1;
    return plan;
}

std::uint64_t sweep_bytes(const Align3Shape& shape, int states, const SweepPlan& plan) {
    const std::uint64_t plane = plane_bytes(shape, states);
    return 4 * plane + 3 * plane * static_cast<std::uint64_t>(plan.checkpoints) +
           direction_plane_bytes(shape, states) * static_cast<std::uint64_t>(plan.segment_planes);
}

int best_end_state(const std::vector<std::int32_t>& values) {
    return static_cast<int>(std::max_element(values.begin(), values.end()) - values.begin());
}

Align3Result run_sweep(PlaneEngine& engine, const Align3Shape& shape, const SweepPlan& plan) {
    Align3Result result;
    const std::int64_t planes = shape.last_plane();
    if (planes == 0) return result;
    if (!plan.traceback) {
        engine.fill(1, planes, false);
        const std::vector<std::int32_t> values = engine.end_values();
        result.score = values[static_cast<std::size_t>(best_end_state(values))];
        return result;
    }
    const std::int64_t segment = plan.segment_planes;
    // First pass: checkpoints at the ends of the segments before the last.
    for (std::int64_t slot = 0; slot < plan.checkpoints; ++slot) {
        engine.fill(slot * segment + 1, (slot + 1) * segment, false);
        engine.save_checkpoint(slot, (slot + 1) * segment);
    }
    const std::int64_t last_first = plan.checkpoints * segment + 1;
    engine.fill(last_first, planes, true);
    const std::vector<std::int32_t> values = engine.end_values();
    TracePoint at{shape.m, shape.n, shape.p, best_end_state(values)};
    result.score = values[static_cast<std::size_t>(at.state)];
    std::vector<std::uint8_t> columns;
    columns.reserve(static_cast<std::size_t>(planes));
    at = engine.walk(at, last_first, columns);
    for (std::int64_t slot = plan.checkpoints - 1; slot >= 0; --slot) {
        const std::int64_t first = slot * segment + 1;
        if (slot > 0) engine.load_checkpoint(slot - 1, slot * segment);
        engine.fill(first, (slot + 1) * segment, true);
        at = engine.walk(at, first, columns);
    }
    if (at.plane() != 0) throw InternalError("the align3 traceback stopped before the origin");
    std::reverse(columns.begin(), columns.end());
    result.columns = std::move(columns);
    return result;
}

}  // namespace tropic::align::detail

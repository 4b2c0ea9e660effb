#include "align/align3/align3_cpu.hpp"

#include <algorithm>
#include <vector>

#include "align/align3/align3_plane_cell.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail {

namespace {

// Below this many cells a plane is filled on the calling thread: a pool's hand-off costs more.
inline constexpr std::int64_t kParallelPlaneCells = 16384;
// Cells a thread takes at a time.
inline constexpr std::int64_t kCellsPerTask = 8192;

class CpuEngine final : public PlaneEngine {
  public:
    CpuEngine(const Align3Problem& problem, const SweepPlan& plan, ThreadPool* pool)
        : problem_(problem), pool_(pool) {
        const auto cells = static_cast<std::size_t>(problem.shape.cells_per_plane());
        const auto states = static_cast<std::size_t>(problem.states());
        for (auto& plane : planes_) plane.assign(cells * states, kAlign3MinusInfinity);
        checkpoints_.resize(static_cast<std::size_t>(plan.checkpoints) * 3);
        const auto kept = static_cast<std::size_t>(plan.segment_planes) * cells;
        if (problem.linear())
            masks_.resize(kept);
        else
            words_.resize(kept);
        for (int slot = 0; slot < 4; ++slot) arrays_.plane[slot] = planes_[slot].data();
    }

    void fill(std::int64_t first, std::int64_t last, bool directions) override {
        if (first == 1) fill_origin(problem_, arrays_);
        for (std::int64_t q = first; q <= last; ++q) fill_plane(q, directions ? q - first : -1);
    }

    void save_checkpoint(std::int64_t slot, std::int64_t q) override {
        for (std::int64_t back = 0; back < 3 && q - back >= 0; ++back)
            checkpoints_[static_cast<std::size_t>(slot * 3 + back)] =
                planes_[static_cast<std::size_t>((q - back) & 3)];
    }

    void load_checkpoint(std::int64_t slot, std::int64_t q) override {
        for (std::int64_t back = 0; back < 3 && q - back >= 0; ++back)
            planes_[static_cast<std::size_t>((q - back) & 3)] =
                checkpoints_[static_cast<std::size_t>(slot * 3 + back)];
        for (int s = 0; s < 4; ++s) arrays_.plane[s] = planes_[s].data();
    }

    std::vector<std::int32_t> end_values() override {
        const Align3Shape& shape = problem_.shape;
        const std::int64_t cells = shape.cells_per_plane();
        const std::int32_t* plane = arrays_.plane[shape.last_plane() & 3];
        std::vector<std::int32_t> values(static_cast<std::size_t>(problem_.states()));
        for (std::size_t s = 0; s < values.size(); ++s)
            values[s] = plane[static_cast<std::int64_t>(s) * cells + shape.index(shape.m, shape.n)];
        return values;
    }

    TracePoint walk(TracePoint at, std::int64_t first,
                    std::vector<std::uint8_t>& columns) override {
        const auto cells = static_cast<std::size_t>(problem_.shape.cells_per_plane());
        return walk_directions(
            problem_, at, first, columns, [&](std::int64_t q, std::int64_t index) -> std::uint64_t {
                const std::size_t at_slot =
                    static_cast<std::size_t>(q - first) * cells + static_cast<std::size_t>(index);
                return problem_.linear() ? masks_[at_slot] : words_[at_slot];
            });
    }

  private:
    void fill_rows(std::int64_t q, std::int64_t first_row, std::int64_t last_row,
                   std::int64_t slot) {
        const Align3Shape& shape = problem_.shape;
        const auto offset =
            static_cast<std::size_t>(slot) * static_cast<std::size_t>(shape.cells_per_plane());
        for (std::int64_t i = first_row; i <= last_row; ++i) {
            const std::int64_t j_end = shape.last_column(q, i);
            for (std::int64_t j = shape.first_column(q, i); j <= j_end; ++j) {
                if (problem_.linear())
                    fill_linear_cell(problem_, arrays_, q, i, j,
                                     slot < 0 ? nullptr : masks_.data() + offset);
                else
                    fill_affine_cell(problem_, arrays_, q, i, j,
                                     slot < 0 ? nullptr : words_.data() + offset);
            }
        }
    }

    void fill_plane(std::int64_t q, std::int64_t slot) {
        const Align3Shape& shape = problem_.shape;
        const std::int64_t first_row = shape.first_row(q), last_row = shape.last_row(q);
        const std::int64_t rows = last_row - first_row + 1;
        const std::int64_t width = std::min(shape.n, shape.p) + 1;  // at most, per row
        if (thread_count(pool_) == 1 || rows * width * problem_.states() < kParallelPlaneCells) {
            fill_rows(q, first_row, last_row, slot);
            return;
        }
        const std::int64_t rows_per_task =
            std::max<std::int64_t>(1, kCellsPerTask / (width * problem_.states()));
        const std::int64_t tasks = (rows + rows_per_task - 1) / rows_per_task;
        parallel_for(pool_, 0, static_cast<std::size_t>(tasks), [&](std::size_t task) {
            const std::int64_t begin = first_row + static_cast<std::int64_t>(task) * rows_per_task;
            fill_rows(q, begin, std::min(last_row, begin + rows_per_task - 1), slot);
        });
    }

    const Align3Problem& problem_;
    ThreadPool* pool_;
    std::vector<std::int32_t> planes_[4];
    PlaneArrays arrays_{};
    std::vector<std::vector<std::int32_t>> checkpoints_;
    std::vector<std::uint8_t> masks_;
    std::vector<std::uint64_t> words_;
};

}  // namespace

std::unique_ptr<PlaneEngine> make_cpu_engine(const Align3Problem& problem, const SweepPlan& plan,
                                             ThreadPool* pool) {
    return std::make_unique<CpuEngine>(problem, plan, pool);
}

}  // namespace tropic::align::detail

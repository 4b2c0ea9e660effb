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
        while (at.plane() >= first && at.plane() > 0) {
            const auto kept =
                static_cast<std::size_t>(kept_direction_index(problem_.shape, at, first));
            columns.push_back(
                trace_step(problem_, at, problem_.linear() ? masks_[kept] : words_[kept]));
        }
        return at;
    }

  private:
    // A row's cells off the cube's faces (i, j, k >= 1) read every predecessor without a check
    // and every pair score from the tables contiguously: a loop the compiler vectorizes.
    template <bool Keep>
    void linear_interior(std::int64_t q, std::int64_t i, std::int64_t j_begin, std::int64_t j_end,
                         std::uint8_t* directions) {
        const Align3Shape& shape = problem_.shape;
        const std::int64_t up = shape.n + 1, row = shape.index(i, 0);
        const std::int32_t* one = arrays_.plane[(q - 1) & 3] + row;
        const std::int32_t* two = arrays_.plane[(q - 2) & 3] + row;
        const std::int32_t* three = arrays_.plane[(q - 3) & 3] + row;
        std::int32_t* out = arrays_.plane[q & 3] + row;
        const std::int32_t* ab = problem_.ab + (i - 1) * shape.n - 1;
        const std::int32_t* ac = problem_.ac + (i - 1) * shape.p - 1 + (q - i);
        const std::int32_t* bc = problem_.bc + (q - i) * (shape.n + 1);
        const std::int32_t gap = problem_.extend;
        for (std::int64_t j = j_begin; j <= j_end; ++j) {
            const std::int32_t before[8] = {0,      one[j - up], one[j - 1], two[j - up - 1],
                                            one[j], two[j - up], two[j - 1], three[j - up - 1]};
            const CellScores scores{ab[j], ac[-j], bc[j]};
            std::uint8_t direction;
            out[j] = linear_cell(
                scores, gap, [&](std::uint8_t mask) { return before[mask]; }, direction);
            if constexpr (Keep) directions[row + j] = direction;
        }
    }

    template <bool Keep>
    void affine_interior(std::int64_t q, std::int64_t i, std::int64_t j_begin, std::int64_t j_end,
                         std::uint64_t* directions) {
        const Align3Shape& shape = problem_.shape;
        const std::int64_t up = shape.n + 1, row = shape.index(i, 0);
        const std::int64_t cells = shape.cells_per_plane();
        const std::int32_t* one = arrays_.plane[(q - 1) & 3] + row;
        const std::int32_t* two = arrays_.plane[(q - 2) & 3] + row;
        const std::int32_t* three = arrays_.plane[(q - 3) & 3] + row;
        std::int32_t* out = arrays_.plane[q & 3] + row;
        const std::int32_t* ab = problem_.ab + (i - 1) * shape.n - 1;
        const std::int32_t* ac = problem_.ac + (i - 1) * shape.p - 1 + (q - i);
        const std::int32_t* bc = problem_.bc + (q - i) * (shape.n + 1);
        // Where each mask's predecessor lies: its plane and its offset from (i, j).
        const std::int32_t* plane_of[8] = {nullptr, one, one, two, one, two, two, three};
        const std::int64_t offset_of[8] = {0, -up, -1, -up - 1, 0, -up, -1, -up - 1};
        for (std::int64_t j = j_begin; j <= j_end; ++j) {
            const CellScores scores{ab[j], ac[-j], bc[j]};
            const auto predecessor = [&](std::uint8_t mask, int state) {
                return plane_of[mask][state * cells + j + offset_of[mask]];
            };
            std::int32_t values[kAffineStates];
            std::uint64_t word;
            affine_cell(scores, problem_.open, problem_.extend, predecessor, values, word);
            for (int state = 0; state < kAffineStates; ++state)
                out[state * cells + j] = values[state];
            if constexpr (Keep) directions[row + j] = word;
        }
    }

    void fill_cell(std::int64_t q, std::int64_t i, std::int64_t j, std::size_t offset, bool keep) {
        if (problem_.linear())
            fill_linear_cell(problem_, arrays_, q, i, j, keep ? masks_.data() + offset : nullptr);
        else
            fill_affine_cell(problem_, arrays_, q, i, j, keep ? words_.data() + offset : nullptr);
    }

    void fill_rows(std::int64_t q, std::int64_t first_row, std::int64_t last_row,
                   std::int64_t slot) {
        const Align3Shape& shape = problem_.shape;
        const bool keep = slot >= 0;
        const std::size_t offset = keep ? static_cast<std::size_t>(slot) *
                                              static_cast<std::size_t>(shape.cells_per_plane())
                                        : 0;
        for (std::int64_t i = first_row; i <= last_row; ++i) {
            const std::int64_t j_first = shape.first_column(q, i), j_last = shape.last_column(q, i);
            // The interior: j >= 1 and k = q - i - j >= 1, on rows i >= 1.
            const std::int64_t inner_first =
                i >= 1 ? std::max<std::int64_t>(j_first, 1) : j_last + 1;
            const std::int64_t inner_last = std::min(j_last, q - i - 1);
            if (inner_first > inner_last) {
                for (std::int64_t j = j_first; j <= j_last; ++j) fill_cell(q, i, j, offset, keep);
                continue;
            }
            for (std::int64_t j = j_first; j < inner_first; ++j) fill_cell(q, i, j, offset, keep);
            if (problem_.linear()) {
                if (keep)
                    linear_interior<true>(q, i, inner_first, inner_last, masks_.data() + offset);
                else
                    linear_interior<false>(q, i, inner_first, inner_last, nullptr);
            } else {
                if (keep)
                    affine_interior<true>(q, i, inner_first, inner_last, words_.data() + offset);
                else
                    affine_interior<false>(q, i, inner_first, inner_last, nullptr);
            }
            for (std::int64_t j = inner_last + 1; j <= j_last; ++j)
                fill_cell(q, i, j, offset, keep);
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

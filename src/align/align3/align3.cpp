// align3 and align3_many: the one place where three-sequence alignment checks its input, plans its
// memory, chooses a backend and hands the triples to the threads.
#include "tropic/align/align3.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

#include "align/align3/align3_cpu.hpp"
#include "align/align3/align3_pair_scores.hpp"
#include "align/align3/align3_sweep.hpp"
#include "align/align3/cuda/align3_cuda.hpp"
#include "align/pairwise/pair_checks.hpp"
#include "align/pairwise/trace_rule.hpp"
#include "core/internal/backend_choice.hpp"
#include "core/internal/memory_fit.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

namespace {

using detail::Align3Problem;
using detail::Align3Shape;

// Up to this many bytes the CPU keeps the directions of every plane (one fill); beyond, it keeps
// checkpoints and fills each segment again (two fills, much less memory).
inline constexpr std::uint64_t kWholeDirectionBytes = std::uint64_t{256} << 20;
// Auto sends a triple to the device from this many cell-states: about what 16 cores fill in the
// ~0.34 s a CUDA context takes to start.
inline constexpr double kAutoCudaCellStates = 5e8;

// Scores stay within 2^29 (kAlign3Unreachable): a column costs at most three pairs' worst.
void check_triple_range(const Align3Shape& shape, const Scoring& scoring) {
    const std::int64_t per_pair = std::max<std::int64_t>({std::abs(scoring.matrix.max_score()),
                                                          std::abs(scoring.matrix.min_score()),
                                                          scoring.gaps.open + scoring.gaps.extend});
    const std::int64_t bound = (shape.m + shape.n + shape.p + 2) * 3 * per_pair;
    if (bound >= (std::int64_t{1} << 29))
        throw InputError(fmt::format(
            "a triple of {} x {} x {} residues could reach scores of {} with these costs, beyond "
            "what 32-bit scores hold safely (2^29): align shorter pieces",
            shape.m, shape.n, shape.p, bound));
}

std::int64_t count_identities(const Align3Sequences& sequences,
                              std::span<const std::uint8_t> columns, const Scoring& scoring) {
    const std::uint8_t unknown = detail::unknown_code(scoring.matrix.alphabet == Alphabet::Dna);
    std::size_t at[3] = {0, 0, 0};
    std::int64_t identities = 0;
    for (const std::uint8_t column : columns) {
        if (column == 7) {
            const std::uint8_t a = sequences[0][at[0]];
            if (a != unknown && a == sequences[1][at[1]] && a == sequences[2][at[2]]) ++identities;
        }
        for (int s = 0; s < 3; ++s) at[s] += (column >> s) & 1;
    }
    return identities;
}

Align3Result align3_on_cpu(const Align3Problem& problem, bool traceback, std::uint64_t budget,
                           ThreadPool* pool) {
    const int states = problem.states();
    detail::SweepPlan plan = detail::plan_sweep(problem.shape, states, traceback,
                                                std::min(kWholeDirectionBytes, budget / 2));
    const std::unique_ptr<detail::PlaneEngine> engine =
        detail::make_cpu_engine(problem, plan, pool);
    return detail::run_sweep(*engine, problem.shape, plan);
}

}  // namespace

void validate(const Align3Params& params) {
    // The linear model (open 0) passes as long as a residue against a gap costs something.
    validate(params.scoring);
}

std::uint64_t align3_host_bytes(std::int64_t m, std::int64_t n, std::int64_t p,
                                const Align3Params& params) {
    const Align3Shape shape{m, n, p};
    const int states = params.scoring.gaps.open == 0 ? 1 : detail::kAffineStates;
    const detail::SweepPlan plan =
        detail::plan_sweep(shape, states, !params.score_only, kWholeDirectionBytes);
    return detail::sweep_bytes(shape, states, plan) + detail::pair_score_bytes(shape);
}

Align3Result align3(const Align3Sequences& sequences, const Align3Params& params,
                    const RunOptions& options) {
    validate(params);
    static constexpr const char* kNames[3] = {"the first sequence", "the second sequence",
                                              "the third sequence"};
    for (int s = 0; s < 3; ++s) detail::check_codes(sequences[s], params.scoring.matrix, kNames[s]);
    const Align3Shape shape{static_cast<std::int64_t>(sequences[0].size()),
                            static_cast<std::int64_t>(sequences[1].size()),
                            static_cast<std::int64_t>(sequences[2].size())};
    check_triple_range(shape, params.scoring);
    Align3Problem problem;
    problem.shape = shape;
    problem.open = params.scoring.gaps.open;
    problem.extend = params.scoring.gaps.extend;
    const bool traceback = !params.score_only;
    const int states = problem.states();

    const MemoryBudget host = host_budget(options.max_memory);
    const detail::SweepPlan least =
        detail::plan_sweep(problem.shape, states, traceback, /*whole_limit=*/0);
    const double cell_states = static_cast<double>(problem.shape.cells_per_plane()) *
                               static_cast<double>(problem.shape.p + 1) * states;
    WorkEstimate work;
    work.what = fmt::format("a three-sequence alignment of {} x {} x {} residues", problem.shape.m,
                            problem.shape.n, problem.shape.p);
    work.steps = cell_states;
    work.auto_min_steps = kAutoCudaCellStates;
    work.host_bytes =
        detail::sweep_bytes(problem.shape, states, least) + detail::pair_score_bytes(shape);
    work.device_bytes = detail::cuda::align3_device_bytes(problem, traceback);
    work.suggest = [traceback](const MemoryBudget&) {
        return std::string(traceback ? "align shorter sequences, or --score-only"
                                     : "align shorter sequences");
    };
    Align3Result result;
    if (choose_backend(options, work) == Backend::Cuda) {
        result = detail::cuda::align3_cuda(problem, sequences, params.scoring.matrix, traceback,
                                           options.device);
    } else {
        const detail::PairScoreTables tables =
            detail::make_pair_scores(sequences, params.scoring.matrix);
        problem = detail::make_problem(shape, tables, params.scoring.gaps);
        result = align3_on_cpu(problem, traceback,
                               host.bytes - std::min(host.bytes, detail::pair_score_bytes(shape)),
                               options.pool);
    }
    result.identities = count_identities(sequences, result.columns, params.scoring);
    if (options.on_progress) options.on_progress(0, 1.0);
    return result;
}

std::vector<Outcome<Align3Result>> align3_many(std::span<const Align3Input> triples,
                                               const Align3Params& params,
                                               const RunOptions& options) {
    validate(params);
    std::vector<Outcome<Align3Result>> outcomes(triples.size());
    // One triple at a time on every thread (and the device): a triple worth aligning has planes
    // wide enough to share; tiny ones are quick either way.
    for (std::size_t t = 0; t < triples.size(); ++t) {
        RunOptions run = options;
        if (options.on_progress)
            run.on_progress = [&options, t](std::size_t, double fraction) {
                options.on_progress(t, fraction);
            };
        try {
            outcomes[t].result = align3(triples[t].sequences, params, run);
        } catch (const ResourceError& error) {
            outcomes[t].error = fmt::format("{}: {}", triples[t].what, error.what());
            outcomes[t].code = ExitCode::Resource;
        }
    }
    return outcomes;
}

std::int64_t rescore3(const Align3Sequences& sequences, std::span<const std::uint8_t> columns,
                      const Scoring& scoring) {
    std::size_t used[3] = {0, 0, 0};
    for (const std::uint8_t column : columns) {
        if (column == 0 || column > 7)
            throw std::invalid_argument(fmt::format("column mask {} is not 1..7", column));
        for (int s = 0; s < 3; ++s) used[s] += (column >> s) & 1;
    }
    for (int s = 0; s < 3; ++s)
        if (used[s] != sequences[s].size())
            throw std::invalid_argument(
                fmt::format("the columns hold {} residues of sequence {}, which has {}", used[s],
                            s + 1, sequences[s].size()));
    // Each pair's projection scored on its own: substitutions, and O + kE per gap of k.
    static constexpr int kPairs[3][2] = {{0, 1}, {0, 2}, {1, 2}};
    std::int64_t score = 0;
    for (const auto& pair : kPairs) {
        std::size_t x = 0, y = 0;
        int side = 0;  // 0: none, 1: x against a gap, 2: y against a gap
        for (const std::uint8_t column : columns) {
            const bool has_x = (column >> pair[0]) & 1, has_y = (column >> pair[1]) & 1;
            if (has_x && has_y) {
                score += scoring.matrix.score(sequences[pair[0]][x++], sequences[pair[1]][y++]);
                side = 0;
            } else if (has_x || has_y) {
                const int now = has_x ? 1 : 2;
                score -= scoring.gaps.extend + (side == now ? 0 : scoring.gaps.open);
                side = now;
                (has_x ? x : y)++;
            }
        }
    }
    return score;
}

}  // namespace tropic::align

#include "align/pairwise/tile_kernels.hpp"

#include <algorithm>
#include <cstdint>

#include "align/pairwise/tile_striped.hpp"

namespace tropic::align::detail {

namespace {

bool scalar_kernel(const TileProblem& problem, const TileBounds& tile, const TileEdges& edges,
                   EndCell& best) {
    fill_tile_scalar(problem, tile, edges, best);
    return true;
}

// A narrow width is worth a try when the scores, gap costs and boundary H fit its lanes and, for
// the modes whose scores drift (global, glocal, overlap), the best score the pair could reach
// (every residue of the shorter sequence matched) is not far beyond them: a try that saturates
// costs a refill. Local scores start at 0 everywhere, and a pair that outgrows the lanes does so
// where its alignment reaches the lane's top, so the try stops early (the kernels check every
// column) as parasail's saturation check does: 8-bit lanes are always tried first. Measured on the
// H100 host (bench_align_cpu, random 10 kb DNA): 8-bit lanes 11.9 GCUPS, 16-bit 4.4.
bool worth_trying(const TileProblem& p, int bits) {
    const std::int64_t lane_max = (std::int64_t{1} << (bits - 1)) - 1, lane_min = -lane_max - 1;
    const SubstitutionMatrix& matrix = *p.matrix;
    if (matrix.max_score() > lane_max || matrix.min_score() < lane_min) return false;
    if (p.gaps.open_extend >= lane_max) return false;
    const std::int64_t highest = std::int64_t{std::max(matrix.max_score(), 0)} * std::min(p.m, p.n);
    if (p.mode != AlignMode::Local && highest > 4 * lane_max) return false;
    // The lowest boundary H (pairwise.hpp): every tile's edges must fit.
    const std::int64_t open = p.gaps.open_extend - p.gaps.extend;
    std::int64_t lowest = 0;
    if (p.mode == AlignMode::Global)
        lowest = -(open + std::max(p.m, p.n) * std::int64_t{p.gaps.extend});
    else if (p.mode == AlignMode::Glocal)
        lowest = -(open + p.m * std::int64_t{p.gaps.extend});
    return lowest > lane_min;
}

}  // namespace

std::vector<KernelChoice> kernel_ladder(const TileProblem& problem) {
    std::vector<KernelChoice> ladder;
    // The widest vectors this CPU runs.
    for (SimdIsa isa : {SimdIsa::Avx2, SimdIsa::Sse41}) {
        if (!cpu_supports(isa)) continue;
        const bool avx2 = isa == SimdIsa::Avx2;
        if (worth_trying(problem, 8))
            ladder.push_back({striped_kernel(isa, 8), 8, avx2 ? "avx2/8" : "sse41/8"});
        if (worth_trying(problem, 16))
            ladder.push_back({striped_kernel(isa, 16), 16, avx2 ? "avx2/16" : "sse41/16"});
        ladder.push_back({striped_kernel(isa, 32), 32, avx2 ? "avx2/32" : "sse41/32"});
        break;
    }
    // Never reached after a 32-bit striped kernel (they do not saturate); the one kernel of a CPU
    // without SSE4.1 or a build for another architecture.
    ladder.push_back({&scalar_kernel, 32, "scalar"});
    return ladder;
}

}  // namespace tropic::align::detail

#include "align/pairwise/tile_kernels.hpp"

namespace tropic::align::detail {

namespace {
bool scalar_kernel(const TileProblem& problem, const TileBounds& tile, const TileEdges& edges,
                   EndCell& best) {
    fill_tile_scalar(problem, tile, edges, best);
    return true;
}
}  // namespace

std::vector<KernelChoice> kernel_ladder(const TileProblem&) {
    return {{&scalar_kernel, 32, "scalar"}};
}

}  // namespace tropic::align::detail

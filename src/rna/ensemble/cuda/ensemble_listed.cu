// The listed return: a block per fold reads its packed probabilities (row i: columns i + 4 ..
// n - 1, the order in which the host sums them), counts its listed pairs and takes their place in
// the chunk's list with one atomic addition; its threads take a base each for the pairing
// tendency; then it stages the probabilities through shared memory a tile at a time while one
// thread adds them up in order (centroid, distance, diversity: the host's bits) and writes the
// listed pairs.
#include "rna/ensemble/cuda/ensemble_listed.cuh"
#include "rna/ensemble/ensemble_pair_sums.hpp"

namespace tropic::rna::detail::cuda {

namespace {

constexpr int kListBlock = 256;

// P(i,j) of a fold's packed rows.
struct PackedProbability {
    const double* packed;
    int n;
    __device__ double operator()(int i, int j) const { return packed[ensemble_packed_at(n, i, j)]; }
};

__global__ void __launch_bounds__(kListBlock)
    pair_list_kernel(const EnsembleDeviceFold* folds, double threshold, double* values,
                     std::uint32_t* cells, unsigned long long* head, EnsembleListedFold* out) {
    __shared__ double tile[kListBlock];
    __shared__ unsigned long long listed, at;
    const EnsembleDeviceFold& fold = folds[blockIdx.x];
    const int n = fold.model.n;
    const double* packed = fold.packed;
    const auto size = static_cast<unsigned long long>(ensemble_packed_size(n));
    if (threadIdx.x == 0) listed = 0;
    __syncthreads();
    unsigned long long mine = 0;
    for (unsigned long long k = threadIdx.x; k < size; k += kListBlock)
        mine += pair_is_listed(packed[k], threshold) ? 1 : 0;
    atomicAdd(&listed, mine);
    char* tendency = fold.text;
    char* centroid = fold.text + n;
    const PackedProbability p{packed, n};
    for (int j = threadIdx.x; j < n; j += kListBlock) {
        tendency[j] = pairing_tendency_of(p, n, j);
        centroid[j] = '.';
    }
    __syncthreads();
    if (threadIdx.x == 0) at = atomicAdd(head, listed);
    EnsemblePairTotals totals;
    unsigned long long next = 0;
    int i = 0, j = kEnsembleMinHairpin + 1;
    for (unsigned long long first = 0; first < size; first += kListBlock) {
        __syncthreads();  // the tile's last readers are done (and `at` is set)
        if (first + threadIdx.x < size) tile[threadIdx.x] = packed[first + threadIdx.x];
        __syncthreads();
        if (threadIdx.x != 0) continue;
        const int in_tile = int(size - first < kListBlock ? size - first : kListBlock);
        for (int k = 0; k < in_tile; ++k) {
            const double v = tile[k];
            if (totals.add(v)) {
                centroid[i] = '(';
                centroid[j] = ')';
            }
            if (pair_is_listed(v, threshold)) {
                values[at + next] = v;
                cells[at + next] = std::uint32_t(i) * std::uint32_t(n) + std::uint32_t(j);
                ++next;
            }
            if (++j == n) {
                ++i;
                j = i + kEnsembleMinHairpin + 1;
            }
        }
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = {totals.centroid_distance, totals.half_diversity, at, next};
}

}  // namespace

std::uint64_t ensemble_listed_bytes(std::size_t n) {
    return ensemble_packed_size(int(n)) * (sizeof(double) + sizeof(std::uint32_t)) + 2 * n +
           sizeof(EnsembleListedFold);
}

void launch_pair_list(const EnsembleDeviceFold* folds, std::size_t count, std::size_t cells,
                      double threshold, EnsembleListedBuffers& buffers) {
    buffers.values.resize(std::max<std::size_t>(cells, 1));
    buffers.cells.resize(std::max<std::size_t>(cells, 1));
    buffers.folds.resize(std::max<std::size_t>(count, 1));
    buffers.head.resize(1);
    TROPIC_CUDA_CHECK(
        cudaMemsetAsync(buffers.head.data(), 0, sizeof(unsigned long long), cudaStreamPerThread));
    if (count == 0) return;
    pair_list_kernel<<<unsigned(count), kListBlock>>>(folds, threshold, buffers.values.data(),
                                                      buffers.cells.data(), buffers.head.data(),
                                                      buffers.folds.data());
    TROPIC_CUDA_CHECK_LAUNCH("pair_list_kernel");
}

void unpack_listed(EnsembleFold& fold, const EnsembleListedFold& totals, const double* values,
                   const std::uint32_t* cells, const char* text) {
    const auto n = std::uint32_t(fold.setup.model.n);
    fold.listed.resize(totals.count);
    for (std::size_t k = 0; k < totals.count; ++k) {
        const std::uint32_t cell = cells[totals.at + k];
        fold.listed[k] = {int(cell / n), int(cell % n), values[totals.at + k]};
    }
    fold.sums.pairing_tendency.assign(text, n);
    fold.sums.centroid.assign(text + n, n);
    fold.sums.centroid_distance = totals.centroid_distance;
    fold.sums.diversity = 2 * totals.half_diversity;
    fold.listed_done = true;
}

}  // namespace tropic::rna::detail::cuda

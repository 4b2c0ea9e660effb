// Traceback of a BPMax site on the device (bpmax_device.cuh), so that the tables never come back
// to the host. The rule is the CPU traceback's (bpmax_traceback.cpp): a piece (a box of F or an
// interval of S1 or S2) follows the first of its terms, in a fixed order, whose value matches.
// Candidate terms are numbered in that order; the block checks them all in parallel and takes
// the smallest number that matches. Pieces wait on a stack in global memory.
#include <climits>
#include <string>
#include <vector>

#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "rna/bpmax/cuda/bpmax_device.cuh"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;

enum PieceKind : int { kPieceF = 0, kPieceS1 = 1, kPieceS2 = 2, kNoPiece = -1 };

struct Piece {
    int kind;
    int i1, j1, i2, j2;  // F: the box; S1: i1..j1; S2: i2..j2 (on r)
};

struct DevicePair {
    int kind;  // BpmaxPairKind
    int i, j;
};

// Outcome codes of the kernel.
enum TraceStatus : int { kTraced = 0, kNoTermMatched = 1, kStackFull = 2, kTooManyPairs = 3 };

constexpr int kTraceThreads = 256;

template <typename Score>
struct PieceTerms {
    const DeviceProblem<Score>& p;
    const Score* f;
    const Piece& x;
    std::int32_t v;

    // Number of candidate terms (0 when the piece ends here without a term).
    __device__ int count() const {
        if (x.kind == kPieceF) {
            const int d1 = x.j1 - x.i1, d2 = x.j2 - x.i2;
            return 3 + 2 * d1 + 2 * d2 + d1 * d2;
        }
        const int i = x.kind == kPieceS1 ? x.i1 : x.i2, j = x.kind == kPieceS1 ? x.j1 : x.j2;
        return 1 + (j - i);
    }

    __device__ std::int32_t s(int i, int j) const {
        return x.kind == kPieceS1 ? p.s1_closed(i, j) : p.s2_closed(i, j);
    }
    __device__ std::uint8_t base(int k) const { return x.kind == kPieceS1 ? p.s1[k] : p.r[k]; }
    __device__ std::int32_t F(int i1, int j1, int i2, int j2) const {
        return p.f_closed(f, i1, j1, i2, j2);
    }

    // Does candidate `c` match? The order is the CPU traceback's.
    __device__ bool matches(int c) const {
        const int i1 = x.i1, j1 = x.j1, i2 = x.i2, j2 = x.j2;
        if (x.kind != kPieceF) {
            const int i = x.kind == kPieceS1 ? i1 : i2, j = x.kind == kPieceS1 ? j1 : j2;
            if (c == 0) {
                const std::int32_t w = p.w(base(i), base(j));
                return w > 0 && v == s(i + 1, j - 1) + w;
            }
            const int k = i + c - 1;
            return v == s(i, k) + s(k + 1, j);
        }
        const int d1 = j1 - i1, d2 = j2 - i2;
        if (c == 0) return v == p.s1_closed(i1, j1) + p.s2_closed(i2, j2);
        if (c == 1) {
            if (d1 < int(kBpmaxMinPairSpan)) return false;
            const std::int32_t w = p.w(p.s1[i1], p.s1[j1]);
            return w > 0 && v == F(i1 + 1, j1 - 1, i2, j2) + w;
        }
        if (c == 2) {
            if (d2 < int(kBpmaxMinPairSpan)) return false;
            const std::int32_t w = p.w(p.r[i2], p.r[j2]);
            return w > 0 && v == F(i1, j1, i2 + 1, j2 - 1) + w;
        }
        c -= 3;
        if (c < 2 * d1) {
            const int k1 = i1 + c / 2;
            return c % 2 == 0 ? v == p.s1_closed(i1, k1) + F(k1 + 1, j1, i2, j2)
                              : v == F(i1, k1, i2, j2) + p.s1_closed(k1 + 1, j1);
        }
        c -= 2 * d1;
        if (c < 2 * d2) {
            const int k2 = i2 + c / 2;
            return c % 2 == 0 ? v == p.s2_closed(i2, k2) + F(i1, j1, k2 + 1, j2)
                              : v == F(i1, j1, i2, k2) + p.s2_closed(k2 + 1, j2);
        }
        c -= 2 * d2;
        const int k1 = i1 + c / d2, k2 = i2 + c % d2;
        return v == F(i1, k1, i2, k2) + F(k1 + 1, j1, k2 + 1, j2);
    }
};

template <typename Score>
__global__ void __launch_bounds__(kTraceThreads)
    trace_kernel(DeviceProblem<Score> p, const Score* f, Piece root, Piece* stack, int capacity,
                 DevicePair* pairs, int pair_capacity, int* result) {
    __shared__ Piece x;
    __shared__ int top, count, status, best;
    const int tid = threadIdx.x;
    if (tid == 0) {
        stack[0] = root;
        top = 1;
        count = 0;
        status = kTraced;
    }
    __syncthreads();
    for (;;) {
        if (tid == 0) {
            x.kind = kNoPiece;
            if (top > 0 && status == kTraced) x = stack[--top];
            best = INT_MAX;
        }
        __syncthreads();
        if (x.kind == kNoPiece) break;
        const bool strand = x.kind != kPieceF;
        const int i = x.kind == kPieceS2 ? x.i2 : x.i1, j = x.kind == kPieceS2 ? x.j2 : x.j1;
        const std::int32_t v = strand ? (x.kind == kPieceS1 ? p.s1_closed(i, j) : p.s2_closed(i, j))
                                      : p.f_closed(f, x.i1, x.j1, x.i2, x.j2);
        const bool single = !strand && x.i1 == x.j1 && x.i2 == x.j2;
        const bool ends = v == 0 || single || (strand && j - i < int(kBpmaxMinPairSpan));
        if (!ends) {
            const PieceTerms<Score> terms{p, f, x, v};
            const int n = terms.count();
            // Each thread's candidates ascend, so its first match is its smallest.
            for (int c = tid; c < n; c += kTraceThreads)
                if (terms.matches(c)) {
                    atomicMin(&best, c);
                    break;
                }
        }
        __syncthreads();
        if (tid == 0) {
            auto push = [&](Piece piece) {
                if (top < capacity)
                    stack[top++] = piece;
                else
                    status = kStackFull;
            };
            auto pair = [&](int kind, int a, int b) {
                if (count < pair_capacity)
                    pairs[count++] = {kind, a, b};
                else
                    status = kTooManyPairs;
            };
            const int n2 = p.n2;
            if (single) {
                if (v > 0) pair(int(BpmaxPairKind::Inter), x.i1, n2 - 1 - x.i2);
            } else if (ends) {
                // nothing below this piece
            } else if (best == INT_MAX) {
                status = kNoTermMatched;
            } else if (strand) {
                const int kind = x.kind;
                auto piece = [&](int a, int b) {
                    return kind == kPieceS1 ? Piece{kind, a, b, 0, 0} : Piece{kind, 0, 0, a, b};
                };
                if (best == 0) {
                    if (kind == kPieceS1)
                        pair(int(BpmaxPairKind::Intra1), i, j);
                    else
                        pair(int(BpmaxPairKind::Intra2), n2 - 1 - j, n2 - 1 - i);
                    push(piece(i + 1, j - 1));
                } else {
                    const int k = i + best - 1;
                    push(piece(i, k));
                    push(piece(k + 1, j));
                }
            } else {
                const int i1 = x.i1, j1 = x.j1, i2 = x.i2, j2 = x.j2;
                const int d1 = j1 - i1, d2 = j2 - i2;
                int c = best;
                if (c == 0) {
                    push({kPieceS1, i1, j1, 0, 0});
                    push({kPieceS2, 0, 0, i2, j2});
                } else if (c == 1) {
                    pair(int(BpmaxPairKind::Intra1), i1, j1);
                    push({kPieceF, i1 + 1, j1 - 1, i2, j2});
                } else if (c == 2) {
                    pair(int(BpmaxPairKind::Intra2), n2 - 1 - j2, n2 - 1 - i2);
                    push({kPieceF, i1, j1, i2 + 1, j2 - 1});
                } else if ((c -= 3) < 2 * d1) {
                    const int k1 = i1 + c / 2;
                    if (c % 2 == 0) {
                        push({kPieceS1, i1, k1, 0, 0});
                        push({kPieceF, k1 + 1, j1, i2, j2});
                    } else {
                        push({kPieceS1, k1 + 1, j1, 0, 0});
                        push({kPieceF, i1, k1, i2, j2});
                    }
                } else if ((c -= 2 * d1) < 2 * d2) {
                    const int k2 = i2 + c / 2;
                    if (c % 2 == 0) {
                        push({kPieceS2, 0, 0, i2, k2});
                        push({kPieceF, i1, j1, k2 + 1, j2});
                    } else {
                        push({kPieceS2, 0, 0, k2 + 1, j2});
                        push({kPieceF, i1, j1, i2, k2});
                    }
                } else {
                    c -= 2 * d2;
                    const int k1 = i1 + c / d2, k2 = i2 + c % d2;
                    push({kPieceF, i1, k1, i2, k2});
                    push({kPieceF, k1 + 1, j1, k2 + 1, j2});
                }
            }
        }
        __syncthreads();
    }
    if (tid == 0) {
        result[0] = status;
        result[1] = count;
    }
}

}  // namespace

template <typename Score>
std::vector<BpmaxPair> trace_on_device(const DeviceProblem<Score>& problem, const Score* f,
                                       const SiteBox& box) {
    // Every piece ends in a pair, a split into two or nothing: a structure of the box has at most
    // (length1 + length2) / 2 pairs, and the stack never holds more than twice the pieces still
    // open along one path plus one per level.
    const int length = int(box.j1 - box.i1 + 1 + box.j2 - box.i2 + 1);
    const int capacity = 4 * length + 16, pair_capacity = length + 1;
    DeviceBuffer<Piece> stack{std::size_t(capacity)};
    DeviceBuffer<DevicePair> pairs{std::size_t(pair_capacity)};
    DeviceBuffer<int> result(2);
    const Piece root{kPieceF, int(box.i1), int(box.j1), int(box.i2), int(box.j2)};
    trace_kernel<Score><<<1, kTraceThreads>>>(problem, f, root, stack.data(), capacity,
                                              pairs.data(), pair_capacity, result.data());
    TROPIC_CUDA_CHECK_LAUNCH("bpmax trace_kernel");
    int outcome[2];
    TROPIC_CUDA_CHECK(cudaMemcpy(outcome, result.data(), sizeof(outcome), cudaMemcpyDeviceToHost));
    if (outcome[0] != kTraced)
        throw InternalError("BPMax traceback on the GPU failed (code " +
                            std::to_string(outcome[0]) + ") at box (" + std::to_string(box.i1) +
                            ", " + std::to_string(box.j1) + ", " + std::to_string(box.i2) + ", " +
                            std::to_string(box.j2) + ")");
    std::vector<DevicePair> found(static_cast<std::size_t>(outcome[1]));
    if (!found.empty())
        TROPIC_CUDA_CHECK(cudaMemcpy(found.data(), pairs.data(), found.size() * sizeof(DevicePair),
                                     cudaMemcpyDeviceToHost));
    std::vector<BpmaxPair> result_pairs;
    result_pairs.reserve(found.size());
    for (const DevicePair& pair : found)
        result_pairs.push_back(
            {BpmaxPairKind(pair.kind), std::size_t(pair.i), std::size_t(pair.j)});
    return result_pairs;
}

template std::vector<BpmaxPair> trace_on_device<std::int16_t>(const DeviceProblem<std::int16_t>&,
                                                              const std::int16_t*, const SiteBox&);
template std::vector<BpmaxPair> trace_on_device<std::int32_t>(const DeviceProblem<std::int32_t>&,
                                                              const std::int32_t*, const SiteBox&);

}  // namespace tropic::rna::detail::cuda

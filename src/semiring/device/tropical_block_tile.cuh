#pragma once
// The tropical engine, CUDA side: one thread block accumulates a kTile x kTile block of
// C = C (+) A (x) B over a semiring S, MaxPlus<T> or MinPlus<T> for T = int16 or int32
// (tropic/semiring/tropical.hpp). Tile hierarchy as in CUTLASS: block tile -> k-chunks staged in
// shared memory (register-prefetched) -> thread micro-tiles of 8 rows x 8 words.
//
// int32 scores use Hopper's DPX __viaddmax_s32 / __viaddmin_s32 (add and max/min in one
// instruction: S::multiply_add); int16 scores pack two adjacent columns in one 32-bit word and use
// __viaddmax_s16x2 / __viaddmin_s16x2, two steps per instruction. Callers keep sums in range
// (tropic/semiring/tropical.hpp): no instruction here saturates.
//
// B comes either row-major (B[k][j]) or transposed (Bt[j][k]); both operands are read with
// 16-byte loads, so rows must start on 16-byte boundaries and the tile must lie inside the
// allocation (callers pad their matrices to whole tiles).
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

#include "tropic/semiring/tropical.hpp"

namespace tropic::semiring::cuda {

enum class BLayout { RowMajor, Transposed };

// The DPX policy: how a word of the tile holds scores of S and how one step c (+)= a (x) b runs
// on it.
template <typename S, typename Score = typename S::value_type>
struct TropicalWord;

template <typename S>
struct TropicalWord<S, std::int32_t> {
    using Word = std::int32_t;
    static constexpr int kColumnsPerWord = 1;
    __device__ static Word broadcast(std::int32_t v) { return v; }
    __device__ static Word step(Word a, Word b, Word c) { return S::multiply_add(a, b, c); }
    __device__ static std::int32_t lane(Word w, int) { return w; }
};

template <typename S>
struct TropicalWord<S, std::int16_t> {
    using Word = std::uint32_t;
    static constexpr int kColumnsPerWord = 2;
    __device__ static Word broadcast(std::int16_t v) {
        std::uint32_t h = static_cast<std::uint16_t>(v);
        return h | (h << 16);
    }
    __device__ static Word step(Word a, Word b, Word c) {
        if constexpr (S::kind == Semiring::MaxPlus)
            return __viaddmax_s16x2(a, b, c);
        else
            return __viaddmin_s16x2(a, b, c);
    }
    __device__ static std::int32_t lane(Word w, int half) {
        return static_cast<std::int16_t>(half ? (w >> 16) : (w & 0xffffu));
    }
};

template <typename S, BLayout kB = BLayout::Transposed, int kTile = 128, int kChunk = 32>
class TropicalBlockTile {
    using Score = typename S::value_type;
    using Ops = TropicalWord<S>;
    using Word = typename Ops::Word;
    static constexpr int kMicroRows = 8;
    static constexpr int kMicroWords = 8;
    static constexpr int kCpw = Ops::kColumnsPerWord;
    static constexpr int kThreadRows = kTile / kMicroRows;
    static constexpr int kThreadCols = kTile / (kMicroWords * kCpw);
    static constexpr int kPad =
        4;  // keeps 16-byte alignment and spreads banks on transposed stores
    static constexpr int kScoresPerVector = 16 / sizeof(Score);
    static constexpr int kAVectorsPerRow = kChunk / kScoresPerVector;  // A rows run along k
    static constexpr int kBVectorsPerRow =
        kB == BLayout::Transposed ? kChunk / kScoresPerVector : kTile / kScoresPerVector;

  public:
    static constexpr int kThreads = kThreadRows * kThreadCols;
    static constexpr int kAVectorsPerThread = kTile * kAVectorsPerRow / kThreads;
    static constexpr int kBVectorsPerThread = kTile * kChunk / kScoresPerVector / kThreads;
    static_assert(kTile * kAVectorsPerRow % kThreads == 0);
    static_assert(kTile * kChunk / kScoresPerVector % kThreads == 0);

    struct SharedStorage {
        Word a[kChunk][kTile + kPad];         // a[k][i] = A[i][k], broadcast to every lane
        Word b[kChunk][kTile / kCpw + kPad];  // b[k][j-word] = B[k][j], kCpw columns a word
    };

    __device__ void clear(Word init) {
#pragma unroll
        for (int r = 0; r < kMicroRows; ++r)
#pragma unroll
            for (int c = 0; c < kMicroWords; ++c) acc_[r][c] = init;
    }
    __device__ void clear_to_zero() {
        clear(Ops::broadcast(S::zero));
    }

    // acc (+)= A[rows of the tile][k0 .. k0+depth) (x) B[k0 .. k0+depth)[columns of the tile].
    // a points at A[tile row 0][k0]; b at B[k0][tile column 0] (row-major) or Bt[tile column 0][k0]
    // (transposed). depth must be a multiple of kChunk.
    __device__ void accumulate(const Score* a, std::size_t lda, const Score* b, std::size_t ldb,
                               int depth, SharedStorage& smem) {
        int4 a_regs[kAVectorsPerThread];
        int4 b_regs[kBVectorsPerThread];
        load_chunk(a, lda, b, ldb, 0, a_regs, b_regs);
        for (int k0 = 0; k0 < depth; k0 += kChunk) {
            __syncthreads();  // the previous chunk's readers are done
            store_chunk(a_regs, b_regs, smem);
            __syncthreads();
            if (k0 + kChunk < depth) load_chunk(a, lda, b, ldb, k0 + kChunk, a_regs, b_regs);
            compute_chunk(smem);
        }
    }

    // Calls f(row, column, value) for every result this thread holds.
    template <typename F>
    __device__ void for_each(F f) const {
        int row0 = thread_row() * kMicroRows;
        int word0 = thread_col() * kMicroWords;
#pragma unroll
        for (int r = 0; r < kMicroRows; ++r)
#pragma unroll
            for (int c = 0; c < kMicroWords; ++c)
#pragma unroll
                for (int h = 0; h < kCpw; ++h)
                    f(row0 + r, (word0 + c) * kCpw + h, Ops::lane(acc_[r][c], h));
    }

  private:
    __device__ static int thread_row() {
        return threadIdx.x / kThreadCols;
    }
    __device__ static int thread_col() {
        return threadIdx.x % kThreadCols;
    }

    __device__ static void load_chunk(const Score* a, std::size_t lda, const Score* b,
                                      std::size_t ldb, int k0, int4* a_regs, int4* b_regs) {
#pragma unroll
        for (int v = 0; v < kAVectorsPerThread; ++v) {
            int index = threadIdx.x + v * kThreads;
            int row = index / kAVectorsPerRow;
            int k = k0 + (index % kAVectorsPerRow) * kScoresPerVector;
            a_regs[v] = *reinterpret_cast<const int4*>(a + row * lda + k);
        }
#pragma unroll
        for (int v = 0; v < kBVectorsPerThread; ++v) {
            int index = threadIdx.x + v * kThreads;
            int row = index / kBVectorsPerRow;
            int col = (index % kBVectorsPerRow) * kScoresPerVector;
            if constexpr (kB == BLayout::Transposed)  // row = tile column j, col = k
                b_regs[v] = *reinterpret_cast<const int4*>(b + row * ldb + k0 + col);
            else  // row = k, col = tile column j
                b_regs[v] = *reinterpret_cast<const int4*>(b + (k0 + row) * ldb + col);
        }
    }

    __device__ static void store_chunk(const int4* a_regs, const int4* b_regs,
                                       SharedStorage& smem) {
#pragma unroll
        for (int v = 0; v < kAVectorsPerThread; ++v) {
            int index = threadIdx.x + v * kThreads;
            int row = index / kAVectorsPerRow;
            int k = (index % kAVectorsPerRow) * kScoresPerVector;
            const Score* av = reinterpret_cast<const Score*>(&a_regs[v]);
#pragma unroll
            for (int e = 0; e < kScoresPerVector; ++e) smem.a[k + e][row] = Ops::broadcast(av[e]);
        }
#pragma unroll
        for (int v = 0; v < kBVectorsPerThread; ++v) {
            int index = threadIdx.x + v * kThreads;
            int row = index / kBVectorsPerRow;
            int col = (index % kBVectorsPerRow) * kScoresPerVector;
            if constexpr (kB == BLayout::Transposed) {
                const Score* bv = reinterpret_cast<const Score*>(&b_regs[v]);
#pragma unroll
                for (int e = 0; e < kScoresPerVector; ++e)
                    reinterpret_cast<Score*>(&smem.b[col + e][0])[row] = bv[e];
            } else {
                *reinterpret_cast<int4*>(reinterpret_cast<Score*>(&smem.b[row][0]) + col) =
                    b_regs[v];
            }
        }
    }

    __device__ void compute_chunk(const SharedStorage& smem) {
        int row0 = thread_row() * kMicroRows;
        int word0 = thread_col() * kMicroWords;
#pragma unroll 4
        for (int k = 0; k < kChunk; ++k) {
            Word av[kMicroRows], bv[kMicroWords];
            const int4* ap = reinterpret_cast<const int4*>(&smem.a[k][row0]);
            const int4* bp = reinterpret_cast<const int4*>(&smem.b[k][word0]);
            *reinterpret_cast<int4*>(&av[0]) = ap[0];
            *reinterpret_cast<int4*>(&av[4]) = ap[1];
            *reinterpret_cast<int4*>(&bv[0]) = bp[0];
            *reinterpret_cast<int4*>(&bv[4]) = bp[1];
#pragma unroll
            for (int r = 0; r < kMicroRows; ++r)
#pragma unroll
                for (int c = 0; c < kMicroWords; ++c)
                    acc_[r][c] = Ops::step(av[r], bv[c], acc_[r][c]);
        }
    }

    Word acc_[kMicroRows][kMicroWords];
};

}  // namespace tropic::semiring::cuda

#pragma once
// The tropical engine, CUDA side: one thread block accumulates a kTile x kTile block of
// C = max(C, A (x) B) over (max,+), with B given transposed (Bt[j][k]) so that both operands are
// read along k. Tile hierarchy as in CUTLASS: block tile -> k-chunks staged in shared memory ->
// thread micro-tiles of 8 rows x 8 words held in registers.
//
// int32 scores use Hopper's DPX __viaddmax_s32 (max(a + b, c) in one instruction); int16 scores
// pack two adjacent columns in one 32-bit word and use __viaddmax_s16x2, two steps per
// instruction. There is no -inf: callers pass finite values whose sums fit the score type (for
// Nussinov every sum is the score of a real structure, bounded by floor(n/2) * max weight).
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdint>

namespace tropic::semiring::cuda {

template <typename Score>
struct MaxPlusWord;

template <>
struct MaxPlusWord<std::int32_t> {
    using Word = std::int32_t;
    static constexpr int kColumnsPerWord = 1;
    __device__ static Word broadcast(std::int32_t v) { return v; }
    __device__ static Word step(Word a, Word b, Word c) { return __viaddmax_s32(a, b, c); }
    __device__ static std::int32_t lane(Word w, int) { return w; }
};

template <>
struct MaxPlusWord<std::int16_t> {
    using Word = std::uint32_t;
    static constexpr int kColumnsPerWord = 2;
    __device__ static Word broadcast(std::int16_t v) {
        std::uint32_t h = static_cast<std::uint16_t>(v);
        return h | (h << 16);
    }
    __device__ static Word step(Word a, Word b, Word c) { return __viaddmax_s16x2(a, b, c); }
    __device__ static std::int32_t lane(Word w, int half) {
        return static_cast<std::int16_t>(half ? (w >> 16) : (w & 0xffffu));
    }
};

template <typename Score, int kTile = 128, int kChunk = 32>
class MaxPlusBlockTile {
    using Ops = MaxPlusWord<Score>;
    using Word = typename Ops::Word;
    static constexpr int kMicroRows = 8;
    static constexpr int kMicroWords = 8;
    static constexpr int kCpw = Ops::kColumnsPerWord;
    static constexpr int kThreadRows = kTile / kMicroRows;
    static constexpr int kThreadCols = kTile / (kMicroWords * kCpw);
    static constexpr int kPad =
        4;  // keeps 16-byte alignment and spreads banks on transposed stores
    static constexpr int kScoresPerVector = 16 / sizeof(Score);
    static constexpr int kVectorsPerRow = kChunk / kScoresPerVector;

  public:
    static constexpr int kThreads = kThreadRows * kThreadCols;
    static constexpr int kVectorsPerThread = kTile * kVectorsPerRow / kThreads;
    static_assert(kTile * kVectorsPerRow % kThreads == 0);

    struct SharedStorage {
        Word a[kChunk][kTile + kPad];         // a[k][i] = A[i][k], broadcast to all lanes
        Word b[kChunk][kTile / kCpw + kPad];  // b[k][j-word] = Bt[j][k], kCpw columns a word
    };

    __device__ void clear(Word init) {
#pragma unroll
        for (int r = 0; r < kMicroRows; ++r)
#pragma unroll
            for (int c = 0; c < kMicroWords; ++c) acc_[r][c] = init;
    }

    // acc = max(acc, max_{k < depth} A[i][k] + Bt[j][k]) for the kTile x kTile block.
    // depth must be a multiple of kChunk; rows of A and Bt must be 16-byte aligned.
    __device__ void accumulate(const Score* a, std::size_t lda, const Score* bt, std::size_t ldb,
                               int depth, SharedStorage& smem) {
        int4 a_regs[kVectorsPerThread];
        int4 b_regs[kVectorsPerThread];
        load_chunk(a, lda, bt, ldb, 0, a_regs, b_regs);
        for (int k0 = 0; k0 < depth; k0 += kChunk) {
            __syncthreads();  // the previous chunk's readers are done
            store_chunk(a_regs, b_regs, smem);
            __syncthreads();
            if (k0 + kChunk < depth) load_chunk(a, lda, bt, ldb, k0 + kChunk, a_regs, b_regs);
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

    __device__ static void load_chunk(const Score* a, std::size_t lda, const Score* bt,
                                      std::size_t ldb, int k0, int4* a_regs, int4* b_regs) {
#pragma unroll
        for (int v = 0; v < kVectorsPerThread; ++v) {
            int index = threadIdx.x + v * kThreads;
            int row = index / kVectorsPerRow;
            int k = k0 + (index % kVectorsPerRow) * kScoresPerVector;
            a_regs[v] = *reinterpret_cast<const int4*>(a + row * lda + k);
            b_regs[v] = *reinterpret_cast<const int4*>(bt + row * ldb + k);
        }
    }

    __device__ static void store_chunk(const int4* a_regs, const int4* b_regs,
                                       SharedStorage& smem) {
#pragma unroll
        for (int v = 0; v < kVectorsPerThread; ++v) {
            int index = threadIdx.x + v * kThreads;
            int row = index / kVectorsPerRow;
            int k = (index % kVectorsPerRow) * kScoresPerVector;
            const Score* av = reinterpret_cast<const Score*>(&a_regs[v]);
            const Score* bv = reinterpret_cast<const Score*>(&b_regs[v]);
#pragma unroll
            for (int e = 0; e < kScoresPerVector; ++e) {
                smem.a[k + e][row] = Ops::broadcast(av[e]);
                reinterpret_cast<Score*>(&smem.b[k + e][0])[row] = bv[e];
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

#pragma once
// The scan kernels: one query against many targets, score only (device_scanner.hpp). The layout is
// the long-pair kernel's strip (../../pairwise/cuda/pair_forward.cu) given a target of its own:
// - a warp takes a target (or two: packed lanes), its 32 lanes hold R consecutive query rows each
//   in registers, and the target streams past them; lane t works on column j = step - t, so the
//   row above a lane's first row comes from lane t - 1's last row one step earlier (a shuffle);
// - a query longer than 32 R rows takes several passes over the target; the bottom row of a pass
//   (H and I) waits in the warp's scratch row in global memory for the next pass;
// - the warps of a block work on the same pass at once, so the block shares one query profile in
//   shared memory: the substitution scores of every residue code against the pass's rows,
//   lane-minor, so that each lane's loads hit their own banks.
//
// Two lane types. Packed: two targets per warp in the two 16-bit halves of each register (or one
// target against two queries, whose scores share the profile's words, see PackedScanArgs), for
// local alignment with costs small enough, values biased by 2^15 (scan_kernels.cu); two cells
// cost four and a half DPX instructions (on the ALU pipe, which bounds the scan), an integer add
// (H - (O + E)) and a multiply-add that puts the two targets' scores side by side (both on the
// FMA pipe). Overflow cannot go unseen: H grows
// by at most the largest substitution score per diagonal step and gaps only lower it, so if the
// best H stays below 32767 - that score no H ever wrapped; a target whose best reaches it is
// marked and scored again in 32-bit lanes. Int32: one target per warp, every mode (pairwise.hpp's
// boundaries and end cells), exactly the CPU's integers.
#include <cuda_runtime.h>

#include <cstdint>

#include "align/pairwise/cell.hpp"
#include "tropic/align/pairwise.hpp"

namespace tropic::align::detail::cuda {

inline constexpr int kScanWarps = 4;  // warps per block
// The packed kernel's warps per block: its profile's 32-bit words (two queries' scores, or one
// query's with room for a second target's) take twice the shared memory of 16-bit ones, so its
// blocks have twice the warps, two of them resident per SM at up to 128 registers a thread.
constexpr int packed_scan_warps(bool) {
    return 2 * kScanWarps;
}
// The packed kernel's "minus infinity" for I and D, and the score of the padding residue code
// (columns past the shorter target of a pair) and of padding rows: local H never goes below 0, so
// I and D never go below -(O + E) after their first update, and -(O + E) stands for minus infinity
// exactly; padding scores only need to keep H + score inside 16 bits.
inline constexpr std::int16_t kPackedPadScore = -8192;
// Packed lanes take gap costs and substitution scores up to these (else the int32 kernel runs).
inline constexpr std::int32_t kPackedMaxGap = 8000;
inline constexpr std::int32_t kPackedMaxScore = 1000;
// A packed best at or above this marks the target for the int32 kernel.
inline constexpr std::int32_t packed_overflow_threshold(std::int32_t max_score) {
    return 32767 - max_score;
}
// Marks a target whose packed best overflowed (local scores are never negative).
inline constexpr std::int32_t kOverflowed = -1;

struct ScanTargets {
    const std::uint8_t* residues = nullptr;  // the block's targets back to back
    const std::uint32_t* offsets = nullptr;  // count + 1, into residues
    std::int32_t count = 0;
};

struct PackedScanArgs {
    ScanTargets targets;
    // profile[c * rows + i]: query row i's score against code c for the codes and the padding
    // code (codes = alphabet + 1), rows = passes * 32 R (kPackedPadScore below row m), as a
    // 16-bit value in the low half of the word (high half 0); or, for two queries at once (one
    // target per warp, scores_b set), the first query's in the low half and the second's in the
    // high one.
    const std::uint32_t* profile = nullptr;
    std::int32_t* scores_b = nullptr;  // the second query's scores, or nullptr
    std::int32_t codes = 0, rows = 0, passes = 0;
    std::int32_t open_extend = 0, extend = 0;
    std::int32_t threshold = 0;
    std::uint32_t* scratch = nullptr;  // per warp: 2 (longest + 1) words
    std::int32_t longest = 0;
    std::int32_t* scores = nullptr;  // count: the score or kOverflowed
};

struct Int32ScanArgs {
    ScanTargets targets;
    const std::int32_t* ids = nullptr;  // the targets to score (indexes into targets)
    std::int32_t id_count = 0;
    // profile[c * rows + i]: s(query row i, code c), rows = passes * 32 R (0 below row m).
    const std::int32_t* profile = nullptr;
    std::int32_t codes = 0, rows = 0, passes = 0, m = 0;
    GapPenalties gaps{};
    std::int32_t* scratch = nullptr;  // per warp: 2 (longest + 1) words
    std::int32_t longest = 0;
    std::int32_t* scores = nullptr;  // indexed by target
};

}  // namespace tropic::align::detail::cuda

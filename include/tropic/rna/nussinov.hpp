#pragma once
// Nussinov base-pair maximisation.
//
// Recurrence (0-based, m = min_loop, w = pair weight, N(i,j) = 0 whenever j - i <= m):
//   N(i,j) = max( N(i+1,j-1) + w(i,j)            if w(i,j) > 0,
//                 max_{i <= k < j} N(i,k) + N(k+1,j) )
// The split with k = i or k = j-1 covers an unpaired first or last base.
//
// Traceback (identical on every backend, so structures are identical too): on an interval
// (i,j) with j - i > m, if N(i,j) == N(i+1,j) base i stays unpaired; otherwise i pairs with
// the smallest k (i+m < k <= j, w(i,k) > 0) for which N(i+1,k-1) + w(i,k) + N(k+1,j) == N(i,j),
// and the intervals (i+1,k-1) and (k+1,j) are traced in turn. It is iterative (an explicit
// stack), so its depth does not grow the call stack.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "tropic/core/backend.hpp"
#include "tropic/rna/pair_weights.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::rna {

struct NussinovParams {
    int min_loop = 3;  // a pair (i,j) needs j - i > min_loop
    PairWeights weights;
};

struct NussinovResult {
    std::int64_t score = 0;
    std::string structure;  // dot-bracket, one character per residue
};

// Encoded sequence: Base values as bytes (see alphabet.hpp).
using EncodedSequence = std::vector<std::uint8_t>;

// Progress of one fold: the fraction of its work done, 0..1.
using FoldProgress = std::function<void(double fraction)>;

struct NussinovOptions {
    Backend backend = Backend::Auto;
    int device = 0;
    ThreadPool* pool = nullptr;  // CPU threads; nullptr runs on the calling thread only
    // Optional progress of long folds, for a progress display. Called only for records folded one
    // at a time on the CPU (fold_nussinov on the CPU; in fold_nussinov_many, records of 2,000 nt
    // or more when they do not go to the GPU), never for the GPU or for short records folded
    // several at a time. `record` is the index in the batch given to fold_nussinov_many (0 for
    // fold_nussinov); `fraction` is the share of that record's work done, non-decreasing, and the
    // record's last call has fraction 1. Calls come from the calling thread only, at most once per
    // tile diagonal of the table (see nussinov_cpu.cpp), so they may draw without locking. An
    // exception thrown by the callback aborts the fold and propagates.
    std::function<void(std::size_t record, double fraction)> on_progress;
};

// Folds one sequence (any length the memory allows). The single dispatch point of backends.
NussinovResult fold_nussinov(std::span<const std::uint8_t> sequence, const NussinovParams& params,
                             const NussinovOptions& options);

// Folds many sequences; results are in input order. With Auto, records over 1,024 nt go to
// the GPU's long mode when a device exists, and the short ones to its batch mode when they add
// up to 2 M residues or more; everything else runs on the CPU.
std::vector<NussinovResult> fold_nussinov_many(const std::vector<EncodedSequence>& sequences,
                                               const NussinovParams& params,
                                               const NussinovOptions& options);

// Validates params; throws InputError naming the bad value.
void validate(const NussinovParams& params);

// Score of a dot-bracket structure under params; throws InputError if it is unbalanced, pairs a
// forbidden pair or breaks min_loop. Independent of any DP table: tests use it to re-score.
std::int64_t score_structure(std::span<const std::uint8_t> sequence, const std::string& structure,
                             const NussinovParams& params);

// ---- CPU engine (used by the dispatcher, exposed for tests and benchmarks) ----
// on_progress, when set, is called on the calling thread after each tile diagonal of the table,
// with the fraction of the fill's work done (non-decreasing, the last call exactly 1); an empty
// sequence gets no call.
NussinovResult fold_nussinov_cpu(std::span<const std::uint8_t> sequence,
                                 const NussinovParams& params, ThreadPool* pool,
                                 const FoldProgress& on_progress = {});

}  // namespace tropic::rna

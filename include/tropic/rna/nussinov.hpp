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
#include <span>
#include <string>
#include <vector>

#include "tropic/core/outcome.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/rna/pair_weights.hpp"

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

// Folds one sequence (any length the memory allows) where `run` says: auto takes the GPU's long
// mode for records over 1,024 nt when a device holds them (choose_backend), else the CPU with
// the threads of run.pool. Throws ResourceError, before allocating, when the table fits neither
// (the message gives the longest length that fits). run.on_progress hears (0, fraction) after
// each tile diagonal of a CPU fold, from the calling thread; a GPU fold does not report. An
// exception thrown by the callback aborts the fold and propagates.
[[nodiscard]] NussinovResult fold_nussinov(std::span<const std::uint8_t> sequence,
                                           const NussinovParams& params,
                                           const RunOptions& run = {});

// Folds many sequences; one outcome per sequence, in input order. With auto, records over
// 1,024 nt go to the GPU's long mode when a device holds them, and the short ones to its batch
// mode when they add up to 2 M residues or more; everything else runs on the CPU: records of
// 2,000 nt or more one at a time on all threads, shorter ones one per thread. Every record is
// placed before any is folded: one that fits nowhere gets the refusal as its outcome (a
// ResourceError's message), and the others are folded. run.on_progress hears (index in
// `sequences`, fraction) from records folded one at a time on the CPU, from the calling thread;
// short records and GPU folds do not report.
[[nodiscard]] std::vector<Outcome<NussinovResult>> fold_nussinov_many(
    const std::vector<EncodedSequence>& sequences, const NussinovParams& params,
    const RunOptions& run = {});

// Validates params; throws InputError naming the bad value.
void validate(const NussinovParams& params);

// Score of a dot-bracket structure under params; throws InputError if it is unbalanced, pairs a
// forbidden pair or breaks min_loop. Independent of any DP table: tests use it to re-score.
[[nodiscard]] std::int64_t score_structure(std::span<const std::uint8_t> sequence,
                                           const std::string& structure,
                                           const NussinovParams& params);

}  // namespace tropic::rna

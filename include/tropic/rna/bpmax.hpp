#pragma once
// BPMax: the joint secondary structure of two RNAs by weighted base-pair maximisation, with
// intra- and inter-molecular pairs and no crossings.
//
// Strand 2 is given 5'->3' and reversed internally, r = reverse(s2). Indices are 0-based;
// S1, S2 are the weighted Nussinov tables of s1 and r with S(i,j) = 0 for j - i <= 3, else
// max(S(i+1,j-1) + w(i,j), max_{i<=k<j} S(i,k) + S(k+1,j)). Over i1 <= j1 on s1, i2 <= j2 on r:
//   F(i1,j1,i2,j2) = w(s1[i1], r[i2])                               if i1 = j1 and i2 = j2
//   otherwise the max of
//     0,  S1(i1,j1) + S2(i2,j2),
//     F(i1+1,j1-1,i2,j2) + w(s1[i1],s1[j1])                        if j1 - i1 >= 4
//     F(i1,j1,i2+1,j2-1) + w(r[i2],r[j2])                          if j2 - i2 >= 4
//     max_{i1<=k1<j1, i2<=k2<j2} F(i1,k1,i2,k2) + F(k1+1,j1,k2+1,j2)    (double reduction)
//     max_{k1} S1(i1,k1) + F(k1+1,j1,i2,j2),  F(i1,k1,i2,j2) + S1(k1+1,j1)
//     max_{k2} F(i1,j1,i2,k2) + S2(k2+1,j2),  S2(i2,k2) + F(i1,j1,k2+1,j2)
// The full score is F(0,N-1,0,M-1). With windows, F exists only for j1 - i1 < W1 and
// j2 - i2 < W2, and a site is a box (i1,j1,i2,j2) of that domain; the best site maximises F.
//
// Scores are integers in the weights' scaled units (bpmax_weights.hpp). Memory and work estimates,
// the memory plan and the engine's knobs for tests are private (src/rna/bpmax/).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "tropic/core/outcome.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/rna/bpmax_weights.hpp"

namespace tropic::rna {

// Intra-molecular pairs need j - i >= kBpmaxMinPairSpan.
inline constexpr std::size_t kBpmaxMinPairSpan = 4;

struct BpmaxParams {
    BpmaxWeights weights;
    std::size_t window1 = 0;  // 0, or at least the length of strand 1: unwindowed
    std::size_t window2 = 0;
    std::size_t top = 1;  // sites reported (the best non-overlapping ones)
};

enum class BpmaxPairKind { Intra1, Intra2, Inter };

// A base pair in the strands' own coordinates, 0-based, both strands 5'->3': Intra1 pairs
// s1[i] with s1[j] (i < j), Intra2 pairs s2[i] with s2[j] (i < j), Inter pairs s1[i] with s2[j].
struct BpmaxPair {
    BpmaxPairKind kind;
    std::size_t i, j;
    friend bool operator==(const BpmaxPair&, const BpmaxPair&) = default;
};

struct BpmaxSite {
    std::int64_t score = 0;  // scaled units
    // The box, 0-based inclusive, in each strand's own 5'->3' coordinates.
    std::size_t begin1 = 0, end1 = 0, begin2 = 0, end2 = 0;
    std::vector<BpmaxPair> pairs;  // sorted by kind (Intra1, Intra2, Inter), then i, then j
};

struct BpmaxResult {
    std::vector<BpmaxSite> sites;  // best first; at least one when both strands are non-empty
};

// Interaction of s1 with s2 (Base codes, both 5'->3') where `run` says. Sites are the `top` best
// non-overlapping boxes: best score first, then the smaller box (sum of both lengths), then the
// smaller begin1, then the smaller start on r (the larger end2 on s2), then the smaller end1. Two
// sites overlap when both their s1 ranges and their s2 ranges intersect. Beyond the first, sites
// of score 0 are not reported. Empty strands give no site.
//
// Memory is planned before anything is allocated: the pair's tables must fit run.max_memory
// (else the memory available now) wherever they are computed; when strand 2 is windowed and the
// whole tables do not fit, the CPU computes them block by block along strand 2, with the same
// result. A pair that cannot fit is a ResourceError whose message suggests windows that fit.
// Where it runs (choose_backend): cpu; cuda (the tables, site search and traceback on the
// device); auto, the device for pairs of at least 2e9 max-plus steps that it holds. Scores that
// could pass the integer range are an InputError. run.on_progress hears (0, fraction) from the
// calling thread after each diagonal of strand 1.
[[nodiscard]] BpmaxResult interact_bpmax(std::span<const std::uint8_t> s1,
                                         std::span<const std::uint8_t> s2,
                                         const BpmaxParams& params, const RunOptions& run = {});

// One pair of interact_bpmax_many, and how messages name it (e.g. "query 'a' against target
// 'b'"; empty: "pair <index>").
struct BpmaxPairInput {
    std::span<const std::uint8_t> s1, s2;
    std::string name;
};

// Many pairs at once, each as interact_bpmax computes it; one outcome per pair, in input order.
// Every pair is placed (and one that cannot fit, or whose scores could pass the integer range,
// given its error) before any is computed. Pairs for the GPU run a few at a time, each on its own
// host thread and CUDA stream (as many as the device's free memory holds at the largest); CPU
// pairs below 2e9 steps whose tables fit a share of the memory limit run side by side, one per
// thread of run.pool; the others one at a time on all its threads. A pair that fails does not
// stop the others. run.on_progress hears (index in `pairs`, fraction) from pairs computed one at
// a time, from the calling thread.
[[nodiscard]] std::vector<Outcome<BpmaxResult>> interact_bpmax_many(
    std::span<const BpmaxPairInput> pairs, const BpmaxParams& params, const RunOptions& run = {});

// Validates params; throws InputError naming the bad value.
void validate(const BpmaxParams& params);

// Score of a joint structure; throws InputError when a pair is out of range, a base has two
// partners, an intra pair spans less than kBpmaxMinPairSpan or pairs cross (intra pairs must nest
// on each strand, inter pairs run in the same order on s1 and r).
[[nodiscard]] std::int64_t score_bpmax_structure(std::span<const std::uint8_t> s1,
                                                 std::span<const std::uint8_t> s2,
                                                 const std::vector<BpmaxPair>& pairs,
                                                 const BpmaxWeights& weights);

// Dot-bracket of a site on "s1&s2" (s2 5'->3'): () intra pairs, [ on s1 and ] on s2 for inter.
[[nodiscard]] std::string bpmax_dot_bracket(std::size_t length1, std::size_t length2,
                                            const std::vector<BpmaxPair>& pairs);

}  // namespace tropic::rna

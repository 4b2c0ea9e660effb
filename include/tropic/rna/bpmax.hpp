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
// Scores are integers in the weights' scaled units (bpmax_weights.hpp).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tropic/core/backend.hpp"
#include "tropic/rna/bpmax_weights.hpp"

namespace tropic {
class ThreadPool;
}

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

using BpmaxProgress = std::function<void(double fraction)>;

struct BpmaxOptions {
    // Where the tables are filled: Cpu, Cuda (the whole fill on `device`; its double reduction
    // on the tropical engine's band kernel), or Auto (the GPU for large pairs when one exists).
    Backend backend = Backend::Cpu;
    int device = 0;
    ThreadPool* pool = nullptr;  // CPU threads; nullptr runs on the calling thread
    // Memory the tables may take, in bytes; 0 means no limit. Checked before allocating.
    std::size_t max_memory = 0;
    // Called on the calling thread after each s1 diagonal with the share of work done (0..1,
    // non-decreasing).
    BpmaxProgress on_progress;
    // Tables hold int16 scores where every score provably fits (half the memory, faster
    // products), else int32. True forces int32 (tests of that path).
    bool int32_only = false;
    // How error messages name the pair (e.g. its records); empty: "the pair".
    std::string pair_name;
    // Positions of strand 2 each block owns when F is computed block by block along strand 2
    // (windowed strand 2 only); 0 lets plan_bpmax choose. Results never depend on it.
    std::size_t block2 = 0;
};

// The windows actually used: 0 or a window of at least the length becomes the length.
std::size_t effective_window(std::size_t window, std::size_t length) noexcept;

// Bytes the CPU engine allocates for a pair of these lengths computed whole (tables, scratch).
std::size_t bpmax_memory_bytes(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                               unsigned threads, bool int32_only = false);

// Max-plus steps of a pair (the double reduction's band products and the S2 reductions of every
// cell): the work, for choosing how to schedule pairs and for benchmarks.
double bpmax_steps(std::size_t length1, std::size_t length2, const BpmaxParams& params);
// The double reduction's share of bpmax_steps: the band work of its products only.
double bpmax_double_reduction_steps(std::size_t length1, std::size_t length2,
                                    const BpmaxParams& params);

// How a pair is computed within max_memory (0: no limit): whole (block2 = 0), or, when strand 2
// is windowed and the whole tables do not fit, block by block along strand 2, each block owning
// block2 positions (at least W2) and holding block2 + W2 - 1 of them; bytes is the memory that
// takes. nullopt when even blocks of W2 positions do not fit.
struct BpmaxPlan {
    std::size_t block2 = 0;
    std::size_t bytes = 0;
};
std::optional<BpmaxPlan> plan_bpmax(std::size_t length1, std::size_t length2,
                                    const BpmaxParams& params, unsigned threads,
                                    std::size_t max_memory, bool int32_only = false);

// Throws ResourceError when the pair has no plan within max_memory (0: no limit); the message
// names the pair and suggests a --window2 (or --window1) that fits.
void check_bpmax_memory(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                        unsigned threads, std::size_t max_memory, const std::string& pair_name,
                        bool int32_only = false);

// True when interact_bpmax computes this pair on the GPU: Backend::Cuda (throws ResourceError
// without a usable device), or Backend::Auto with a device and at least 2e9 steps (bpmax_steps).
bool bpmax_on_gpu(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                  const BpmaxOptions& options);

// Device bytes the GPU path takes for the pair (tables, packed operands, strand tables); 0 in a
// build without CUDA.
std::size_t bpmax_device_bytes(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                               bool int32_only = false);

// Interaction of s1 with s2 (Base codes, both 5'->3'). Plans memory first (check_bpmax_memory,
// then plan_bpmax unless options.block2 is set); whole or in blocks, the result is the same.
// Sites are the
// `top` best non-overlapping boxes: best score first, then the smaller box (sum of both
// lengths), then the smaller begin1, then the smaller start on r (the larger end2 on s2), then
// the smaller end1. Two sites overlap when both their s1 ranges and their s2 ranges intersect.
// Beyond the first, sites of score 0 are not reported. Empty strands give no site.
BpmaxResult interact_bpmax(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                           const BpmaxParams& params, const BpmaxOptions& options = {});

// Validates params; throws InputError naming the bad value.
void validate(const BpmaxParams& params);

// Score of a joint structure; throws InputError when a pair is out of range, a base has two
// partners, an intra pair spans less than kBpmaxMinPairSpan or pairs cross (intra pairs must nest
// on each strand, inter pairs run in the same order on s1 and r).
std::int64_t score_bpmax_structure(std::span<const std::uint8_t> s1,
                                   std::span<const std::uint8_t> s2,
                                   const std::vector<BpmaxPair>& pairs,
                                   const BpmaxWeights& weights);

// Dot-bracket of a site on "s1&s2" (s2 5'->3'): () intra pairs, [ on s1 and ] on s2 for inter.
std::string bpmax_dot_bracket(std::size_t length1, std::size_t length2,
                              const std::vector<BpmaxPair>& pairs);

}  // namespace tropic::rna

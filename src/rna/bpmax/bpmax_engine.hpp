#pragma once
// The steps of interact_bpmax, shared by the one-pair and the many-pair entry points, and the
// knobs that only tests and benchmarks turn (private to src/rna, its tests and benchmarks).
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/internal/backend_choice.hpp"
#include "tropic/rna/bpmax.hpp"

namespace tropic::rna::detail {

struct Knobs {
    // Tables hold int16 scores where every score provably fits (half the memory, faster
    // products), else int32. True forces int32 (tests of that path).
    bool int32_only = false;
    // Positions of strand 2 each block owns when F is computed block by block along strand 2
    // (windowed strand 2 only); 0 lets plan_bpmax choose. Results never depend on it.
    std::size_t block2 = 0;
    // interact_bpmax_many computes pairs of fewer steps than this whole on one thread each, side
    // by side (the engine's products have too little work to share among threads below it), and
    // larger pairs one at a time on every thread. Tests lower it to reach both paths quickly.
    double small_pair_steps = 2e9;
};

// Where a pair of these lengths runs, decided before anything is computed: its scores must stay
// in the integer range (else InputError), its tables must fit the chooser's host budget with
// `threads` filling them wherever they are computed (else ResourceError with the windows that
// fit), then choose_backend. `name` names the pair in messages.
Backend place_pair(std::size_t length1, std::size_t length2, const BpmaxParams& params,
                   BackendChooser& chooser, unsigned threads, const Knobs& knobs,
                   const std::string& name);

// Computes a placed pair on `backend` with the threads of run.pool, whole or (CPU) in the blocks
// of its plan within host_limit; progress reported as `item`.
BpmaxResult compute_pair(Backend backend, std::span<const std::uint8_t> s1,
                         std::span<const std::uint8_t> s2, const BpmaxParams& params,
                         const RunOptions& run, std::size_t host_limit, std::size_t item,
                         const Knobs& knobs, const std::string& name);

// interact_bpmax with the knobs.
BpmaxResult interact(std::span<const std::uint8_t> s1, std::span<const std::uint8_t> s2,
                     const BpmaxParams& params, const RunOptions& run, const Knobs& knobs = {},
                     const std::string& name = {});

// interact_bpmax_many with the knobs.
std::vector<Outcome<BpmaxResult>> interact_many(std::span<const BpmaxPairInput> pairs,
                                                const BpmaxParams& params, const RunOptions& run,
                                                const Knobs& knobs = {});

}  // namespace tropic::rna::detail

#pragma once
// Overlapping hairpins of one sequence and strand become one locus, represented by its best
// hairpin; loci leave in genome order (start, then '+' before '-').
//
// Hairpins arrive in the order of their windows, sorted by window start (both strands). A
// hairpin lies inside its window, so once the windows have reached start s no later hairpin
// starts before s: a locus ending at or before s is complete, and a complete locus can leave
// once no open locus and no later hairpin can start before it.
#include <cstdint>
#include <vector>

#include "tropic/mirna/mirscan.hpp"

namespace tropic::mirna::detail {

// Which of two hairpins of a locus represents it: the one that passed the feature filter, then
// the higher score (before significance), the lower MFE, the longer, the leftmost.
[[nodiscard]] bool better_hairpin(const MirnaCandidate& a, const MirnaCandidate& b);

class LocusMerger {
  public:
    void add(MirnaCandidate hairpin);
    // Windows from now on start at `window_start` or later; complete loci move to `out`.
    void advance(std::uint64_t window_start, std::vector<MirnaCandidate>& out);
    // The sequence is done: every locus moves to `out`, in order.
    void finish(std::vector<MirnaCandidate>& out);

  private:
    struct Locus {
        std::uint64_t begin = 0;
        std::uint64_t end = 0;
        MirnaCandidate best;
    };
    void release(std::uint64_t bound, bool everything, std::vector<MirnaCandidate>& out);
    std::vector<Locus> open_;
    std::vector<Locus> complete_;
};

}  // namespace tropic::mirna::detail

#pragma once
// The filter cascade that a candidate passes before extension: the tiled bound on the read's
// first max_edits + 1 tiles, then the exact banded edit distance (the wavefront). Each stage is a
// lower bound of E that stops early (the bound of a read prefix is a bound for the read: an
// alignment of the read contains one of the prefix), so a rejected candidate certainly has
// E > max_edits and a passing one has E <= max_edits (the last stage is exact): the extension
// sees only real hits.
//
// The order is measured (docs/map.md, "Filters", bench/map/bench_map_filters): on 150-base
// candidates with a budget of 12 the tiled prefix rejects random candidates in ~0.7 us where the
// wavefront takes ~1 us, and the prefix caps what the tiled stage costs a true hit; the
// letter-count bound rejects only ~4% of random candidates for ~0.2 us, more than it saves, so
// the cascade leaves it out (rejected_count stays 0; nucleotide_count_bound remains for callers
// whose reads are long against their budget).
#include <cstdint>

#include "map/filter/banded_window.hpp"
#include "map/filter/lmer_distance_table.hpp"

namespace tropic::map::detail {

// Which stage rejected a candidate, or that it passed: what every backend reports per candidate.
enum class FilterOutcome : std::uint8_t { Passed = 0, RejectedCount, RejectedTiled, RejectedExact };

// How many candidates were tested and how many each stage rejected.
struct FilterCounts {
    std::uint64_t tested = 0, rejected_count = 0, rejected_tiled = 0, rejected_exact = 0;

    // Adds another's counts (e.g. one thread's) to these.
    FilterCounts& operator+=(const FilterCounts& other) {
        tested += other.tested;
        rejected_count += other.rejected_count;
        rejected_tiled += other.rejected_tiled;
        rejected_exact += other.rejected_exact;
        return *this;
    }
    void add(FilterOutcome outcome) {
        ++tested;
        rejected_count += outcome == FilterOutcome::RejectedCount;
        rejected_tiled += outcome == FilterOutcome::RejectedTiled;
        rejected_exact += outcome == FilterOutcome::RejectedExact;
    }
    [[nodiscard]] std::uint64_t passed() const {
        return tested - rejected_count - rejected_tiled - rejected_exact;
    }
};

class CandidateFilter {
  public:
    // The tile length of the tiled bound (docs/map.md, "Filters": its measurement).
    static constexpr int kTileLength = 5;

    CandidateFilter();  // builds the l-mer distance table (~1 MB)

    // True iff the candidate's edit distance E <= max_edits; counts the stage that rejected it.
    // Thread-safe (const, no shared scratch).
    [[nodiscard]] bool passes(const BandedWindow& candidate, int max_edits,
                              FilterCounts& counts) const;
    // The stage that rejects the candidate, or Passed (E <= max_edits).
    [[nodiscard]] FilterOutcome outcome(const BandedWindow& candidate, int max_edits) const;

    [[nodiscard]] const LmerDistanceTable& table() const { return table_; }

  private:
    LmerDistanceTable table_;
};

}  // namespace tropic::map::detail

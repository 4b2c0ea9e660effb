#pragma once
// Every hit of one read: seeds on both strands, merged into candidate windows, filtered
// losslessly, then extended with affine gaps. Also the rescue of a mate inside a window.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "map/extend/extend_read.hpp"
#include "map/filter/candidate_batch.hpp"
#include "map/filter/candidate_filter.hpp"
#include "map/filter/merge_diagonals.hpp"
#include "tropic/core/sequence.hpp"
#include "tropic/map/map_params.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic::map::detail {

struct StrandHit {
    ReadHit hit;
    bool reverse = false;  // the read's reverse complement aligned (SAM flag 0x10)
    std::size_t contig = 0;
    bool operator==(const StrandHit&) const = default;
};

// A read's codes as sequenced and reverse-complemented: the two strands a hit can be on.
struct EncodedRead {
    std::vector<std::uint8_t> forward, reverse;
    EncodedRead() = default;
    explicit EncodedRead(const SequenceRecord& read);
};

struct HitCounts {
    std::uint64_t candidates = 0, extended = 0;
    FilterCounts filters;

    HitCounts& operator+=(const HitCounts& other) {
        candidates += other.candidates;
        extended += other.extended;
        filters += other.filters;
        return *this;
    }
};

// Best first: score, then the forward strand, then the leftmost position (a fixed order, so that
// every backend and thread count picks the same hit among equals).
[[nodiscard]] bool better_hit(const StrandHit& a, const StrandHit& b) noexcept;

// A read's slot in a CandidateBatch: its forward strand at 2 r, its reverse complement at 2 r + 1.
[[nodiscard]] constexpr std::uint32_t strand_slot(std::size_t read, bool reverse) noexcept {
    return static_cast<std::uint32_t>(2 * read + (reverse ? 1 : 0));
}

class HitFinder {
  public:
    HitFinder(const ReferenceIndex& index, const MapParams& params);

    // The candidate windows of `read` (one strand, its codes in the orientation tried) into
    // `out`, each naming `slot` as its read: seeds merged into diagonal ranges, each range's
    // window inside its contig.
    void collect(std::span<const std::uint8_t> read, std::uint32_t slot,
                 std::vector<FlatCandidate>& out, HitCounts& counts) const;

    // The distinct hits, best first, scoring at least params.min_score, of the candidates that
    // passed the filters (outcomes[k] for candidates[k]); a candidate's strand is its slot's.
    [[nodiscard]] std::vector<StrandHit> extend(const CandidateBatch& batch,
                                                std::span<const FlatCandidate> candidates,
                                                std::span<const FilterOutcome> outcomes,
                                                HitCounts& counts) const;

    // The best alignment of `oriented` (the read in the strand wanted) inside [begin, end) of
    // `contig`, scoring at least params.min_score: a mate's rescue near its partner.
    [[nodiscard]] std::optional<StrandHit> rescue(std::span<const std::uint8_t> oriented,
                                                  bool reverse, std::size_t contig,
                                                  std::int64_t begin, std::int64_t end,
                                                  HitCounts& counts) const;

    [[nodiscard]] const ReferenceIndex& index() const noexcept { return index_; }

  private:
    const ReferenceIndex& index_;
    MapParams params_;
};

}  // namespace tropic::map::detail

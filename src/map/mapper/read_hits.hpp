#pragma once
// Every hit of one read: seeds on both strands, merged into candidate windows, filtered
// losslessly, then extended with affine gaps. Also the rescue of a mate inside a window.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "map/extend/extend_read.hpp"
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
};

// Best first: score, then the forward strand, then the leftmost position (a fixed order, so that
// every backend and thread count picks the same hit among equals).
[[nodiscard]] bool better_hit(const StrandHit& a, const StrandHit& b) noexcept;

class HitFinder {
  public:
    HitFinder(const ReferenceIndex& index, const MapParams& params);

    // The read's distinct hits scoring at least params.min_score, best first. `forward` is the
    // read as sequenced, `reverse` its reverse complement.
    [[nodiscard]] std::vector<StrandHit> find(std::span<const std::uint8_t> forward,
                                              std::span<const std::uint8_t> reverse,
                                              HitCounts& counts) const;

    // The best alignment of `oriented` (the read in the strand wanted) inside [begin, end) of
    // `contig`, scoring at least params.min_score: a mate's rescue near its partner.
    [[nodiscard]] std::optional<StrandHit> rescue(std::span<const std::uint8_t> oriented,
                                                  bool reverse, std::size_t contig,
                                                  std::int64_t begin, std::int64_t end,
                                                  HitCounts& counts) const;

  private:
    void find_on_strand(std::span<const std::uint8_t> read, bool reverse,
                        std::vector<StrandHit>& hits, HitCounts& counts) const;

    const ReferenceIndex& index_;
    MapParams params_;
    CandidateFilter filter_;
};

}  // namespace tropic::map::detail

#pragma once
// SAM records of mapped reads. A placed read: RNAME its contig, POS its first aligned base,
// CIGAR with soft clips, SEQ and QUAL reverse-complemented and reversed on the reverse strand,
// tags NM, MD, AS, XS (the second best's score, when there is one), RG. Pairs add RNEXT, PNEXT,
// TLEN, the mate flags and the mate's CIGAR (MC) and MAPQ (MQ); an unplaced read with a placed
// mate takes the mate's RNAME and POS, as the SAM specification recommends.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "map/mapper/read_hits.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/core/sequence.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic::map::detail {

struct Placement {
    StrandHit hit;
    int mapq = 0;
    std::optional<int> second_score;  // XS
    // The read fits about as well a few bases away in its own window (a tandem repeat): a mate
    // cannot tell those places apart, so pairing does not raise the MAPQ.
    bool shifted = false;
};

// The record of a single read; `placement` nullptr: unmapped.
[[nodiscard]] AlignmentRecord single_read_record(const SequenceRecord& read,
                                                 const Placement* placement,
                                                 const ReferenceIndex& index,
                                                 const std::string& read_group_id);

// The records of a pair, the first read's first. `proper` marks both as a proper pair (0x2).
[[nodiscard]] std::array<AlignmentRecord, 2> pair_records(const SequenceRecord& first,
                                                          const Placement* first_placement,
                                                          const SequenceRecord& second,
                                                          const Placement* second_placement,
                                                          bool proper, const ReferenceIndex& index,
                                                          const std::string& read_group_id);

// The secondary records of a read whose primary hit is `primary`, one of `hits`: up to `count`
// of the other hits, best first (better_hit), scoring at least kSecondaryScoreRatio of the
// primary's, each with flag 0x100 and MAPQ 0, SEQ and QUAL as its strand reads them. For a read of
// a pair, `mate` is the mate's primary record (the pair flags, mate fields and TLEN come from it)
// and `first` says which read of the pair this is; nullptr for single reads.
[[nodiscard]] std::vector<AlignmentRecord> secondary_records(
    const SequenceRecord& read, std::vector<StrandHit> hits, const StrandHit& primary, int count,
    const AlignmentRecord* mate, bool first, const ReferenceIndex& index,
    const std::string& read_group_id);

// The output order: each group of `group` primary records (a read, or a pair's two) followed
// by secondary[g], the group's secondary records.
[[nodiscard]] std::vector<AlignmentRecord> with_secondary(
    std::vector<AlignmentRecord> primary, std::vector<std::vector<AlignmentRecord>>& secondary,
    std::size_t group);

}  // namespace tropic::map::detail

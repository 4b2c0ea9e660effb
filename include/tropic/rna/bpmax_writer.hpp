#pragma once
// BPMax interaction sites as text (layout: docs/rri.md): one text block or one JSON line per pair
// of a query and a target.
#include <string>

#include "tropic/core/sequence.hpp"
#include "tropic/rna/bpmax.hpp"

namespace tropic::rna {

// Per site, best first:
//   >QUERY&TARGET length1=N length2=M score=S site=B1-E1&B2-E2 rank=K
//   SITE_OF_QUERY&SITE_OF_TARGET
//   STRUCTURE
// with 1-based inclusive coordinates on each strand 5'->3'. A pair without any site (an empty
// strand) prints the header line with score=0 and no site.
void append_bpmax_text(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                       const BpmaxResult& result, const BpmaxWeights& weights);

// {"query","target","length1","length2","model","sites":[{"rank","score","begin1","end1",
// "begin2","end2","sequence","structure","pairs":[{"type","i","j"}]}]} and a newline.
void append_bpmax_json(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                       const BpmaxResult& result, const BpmaxWeights& weights);

}  // namespace tropic::rna

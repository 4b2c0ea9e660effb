// BED6: a line per candidate, 0-based half-open, the score scaled to BED's 0..1000.
#include <fmt/format.h>

#include <iterator>

#include "tropic/mirna/mirscan_writer.hpp"

namespace tropic::mirna {

void append_mirscan_bed(std::string& out, const MirnaCandidate& candidate) {
    fmt::format_to(std::back_inserter(out), "{}\t{}\t{}\t{}\t{}\t{}\n", candidate.sequence_name,
                   candidate.start, candidate.end, candidate_name(candidate),
                   bed_score(candidate.score), candidate.strand);
}

}  // namespace tropic::mirna

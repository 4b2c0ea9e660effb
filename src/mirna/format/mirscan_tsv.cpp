// tsv: a line per candidate under the header's column names, every feature included.
#include <fmt/format.h>

#include <iterator>

#include "mirna/format/feature_text.hpp"
#include "tropic/mirna/mirscan_writer.hpp"

namespace tropic::mirna {

void append_mirscan_tsv(std::string& out, const MirnaCandidate& candidate, bool with_reads) {
    fmt::format_to(std::back_inserter(out), "{}\t{}\t{}\t{}\t", candidate.sequence_name,
                   candidate.start + 1, candidate.end, candidate_name(candidate));
    detail::append_number(out, candidate.score, "NA");
    fmt::format_to(std::back_inserter(out), "\t{}\t{}\t{}", candidate.strand, candidate.windows,
                   candidate.passed_filter ? 1 : 0);
    for (double value : detail::feature_values(candidate, with_reads)) {
        out += '\t';
        detail::append_number(out, value, "NA");
    }
    fmt::format_to(std::back_inserter(out), "\t{}\t{}\n", candidate.sequence, candidate.structure);
}

}  // namespace tropic::mirna

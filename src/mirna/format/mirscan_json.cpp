// JSON lines: an object per candidate, the features in an object of their own (so that no
// feature name can clash with the candidate's own keys).
#include <fmt/format.h>

#include <iterator>

#include "core/internal/json_text.hpp"
#include "mirna/format/feature_text.hpp"
#include "tropic/mirna/mirscan_writer.hpp"

namespace tropic::mirna {

void append_mirscan_json(std::string& out, const MirnaCandidate& candidate, bool with_reads) {
    auto to = std::back_inserter(out);
    out += "{\"chrom\":";
    append_json_string(out, candidate.sequence_name);
    fmt::format_to(to, ",\"start\":{},\"end\":{},\"name\":", candidate.start + 1, candidate.end);
    append_json_string(out, candidate_name(candidate));
    out += ",\"score\":";
    detail::append_number(out, candidate.score, "null");
    fmt::format_to(to, ",\"strand\":\"{}\",\"windows\":{},\"passed_filter\":{},\"features\":{{",
                   candidate.strand, candidate.windows, candidate.passed_filter);
    const std::vector<std::string>& names = detail::cached_feature_names(with_reads);
    const std::vector<double> values = detail::feature_values(candidate, with_reads);
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) out += ',';
        append_json_string(out, names[i]);
        out += ':';
        detail::append_number(out, values[i], "null");
    }
    out += "},\"sequence\":";
    append_json_string(out, candidate.sequence);
    out += ",\"structure\":";
    append_json_string(out, candidate.structure);
    out += "}\n";
}

}  // namespace tropic::mirna

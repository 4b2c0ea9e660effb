// What every mirscan layout shares: names, the header, the choice of writer.
#include <fmt/format.h>

#include <cmath>
#include <iterator>

#include "mirna/format/feature_text.hpp"
#include "tropic/mirna/mirscan_writer.hpp"

namespace tropic::mirna {

std::string_view format_name(MirscanFormat format) noexcept {
    switch (format) {
        case MirscanFormat::Bed:
            return "bed";
        case MirscanFormat::Gff3:
            return "gff3";
        case MirscanFormat::Tsv:
            return "tsv";
        case MirscanFormat::Json:
            return "json";
    }
    return "bed";
}

std::optional<MirscanFormat> parse_mirscan_format(std::string_view name) noexcept {
    for (MirscanFormat format :
         {MirscanFormat::Bed, MirscanFormat::Gff3, MirscanFormat::Tsv, MirscanFormat::Json})
        if (name == format_name(format)) return format;
    return std::nullopt;
}

std::string candidate_name(const MirnaCandidate& candidate) {
    return fmt::format("{}:{}-{}:{}", candidate.sequence_name, candidate.start + 1, candidate.end,
                       candidate.strand);
}

int bed_score(double score) noexcept {
    if (!(score > 0)) return 0;  // NaN too
    if (score >= 1) return 1000;
    return static_cast<int>(std::lround(score * 1000));
}

void append_mirscan_header(std::string& out, MirscanFormat format, bool with_reads) {
    if (format == MirscanFormat::Gff3) out += "##gff-version 3\n";
    if (format != MirscanFormat::Tsv) return;
    out += "#chrom\tstart\tend\tname\tscore\tstrand\twindows\tpassed_filter";
    for (const std::string& name : detail::cached_feature_names(with_reads)) {
        out += '\t';
        out += name;
    }
    out += "\tsequence\tstructure\n";
}

void append_mirscan(std::string& out, MirscanFormat format, const MirnaCandidate& candidate,
                    bool with_reads) {
    switch (format) {
        case MirscanFormat::Bed:
            append_mirscan_bed(out, candidate);
            return;
        case MirscanFormat::Gff3:
            append_mirscan_gff3(out, candidate, with_reads);
            return;
        case MirscanFormat::Tsv:
            append_mirscan_tsv(out, candidate, with_reads);
            return;
        case MirscanFormat::Json:
            append_mirscan_json(out, candidate, with_reads);
            return;
    }
}

}  // namespace tropic::mirna

// BLAST's tabular layout (-outfmt 6), its numbers printed as NCBI's formatter prints them.
#include <fmt/format.h>

#include <iterator>

#include "align/format/text_fields.hpp"
#include "tropic/align/alignment_writer.hpp"

namespace tropic::align {

namespace {

// C's "%.0e" writes at least two exponent digits ("3e-05"), which fmt's "{:.0e}" also does.
std::string exponent_form(double value, int digits) {
    return fmt::format("{:.{}e}", value, digits);
}

}  // namespace

std::string blast6_evalue(double evalue) {
    if (evalue < 1.0e-180) return "0.0";
    if (evalue < 0.0009) return exponent_form(evalue, 0);
    if (evalue < 0.1) return fmt::format("{:.3f}", evalue);
    if (evalue < 1.0) return fmt::format("{:.2f}", evalue);
    if (evalue < 10.0) return fmt::format("{:.1f}", evalue);
    return fmt::format("{:.0f}", evalue);
}

std::string blast6_bit_score(double bits) {
    if (bits > 99999) return exponent_form(bits, 3);
    if (bits > 99.9) return fmt::format("{}", static_cast<long>(bits));
    return fmt::format("{:.1f}", bits);
}

void append_blast6(std::string& out, const SequenceRecord& query, const SequenceRecord& target,
                   const PairAlignment& alignment, const AlignParams& params,
                   const AlignmentTextOptions& options) {
    detail::require_traceback(params, "blast6");
    if (alignment.cigar.empty()) return;  // no hit, no line
    std::string evalue_text = "NA", bits_text = "NA";
    const auto query_length = static_cast<std::int64_t>(query.residues.size());
    if (options.statistics) {
        const std::int64_t n = options.evalue_residues
                                   ? static_cast<std::int64_t>(*options.evalue_residues)
                                   : static_cast<std::int64_t>(target.residues.size());
        evalue_text = blast6_evalue(evalue(*options.statistics, alignment.score, query_length, n));
        bits_text = blast6_bit_score(bit_score(*options.statistics, alignment.score));
    }
    // BLAST's minus-strand lines: the query's range on its own strand, the subject's reversed.
    const bool minus = options.minus_strand;
    const std::int64_t qstart =
        minus ? query_length - alignment.query_end + 1 : alignment.query_begin + 1;
    const std::int64_t qend = minus ? query_length - alignment.query_begin : alignment.query_end;
    const std::int64_t sstart = minus ? alignment.target_end : alignment.target_begin + 1;
    const std::int64_t send = minus ? alignment.target_begin + 1 : alignment.target_end;
    fmt::format_to(std::back_inserter(out), "{}\t{}\t{:.3f}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
                   query.name, target.name, 100.0 * detail::identity_fraction(alignment),
                   alignment.columns(), alignment.mismatches, alignment.gap_opens, qstart, qend,
                   sstart, send, evalue_text, bits_text);
}

}  // namespace tropic::align

// The output layouts by name, the CIGAR as written, and the one switch over the text layouts.
#include <fmt/format.h>

#include "tropic/align/alignment_writer.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

namespace {

constexpr AlignmentOutput kOutputs[] = {AlignmentOutput::Tsv,    AlignmentOutput::Json,
                                        AlignmentOutput::Sam,    AlignmentOutput::Paf,
                                        AlignmentOutput::Blast6, AlignmentOutput::Pair};

}  // namespace

std::string_view output_name(AlignmentOutput output) noexcept {
    switch (output) {
        case AlignmentOutput::Tsv:
            return "tsv";
        case AlignmentOutput::Json:
            return "json";
        case AlignmentOutput::Sam:
            return "sam";
        case AlignmentOutput::Paf:
            return "paf";
        case AlignmentOutput::Blast6:
            return "blast6";
        case AlignmentOutput::Pair:
            return "pair";
    }
    return "tsv";
}

std::optional<AlignmentOutput> parse_output(std::string_view name) noexcept {
    for (AlignmentOutput output : kOutputs)
        if (name == output_name(output)) return output;
    return std::nullopt;
}

std::vector<CigarElement> output_cigar(const std::vector<CigarElement>& cigar, bool cigar_m) {
    if (!cigar_m) return cigar;
    std::vector<CigarElement> merged;
    merged.reserve(cigar.size());
    for (CigarElement element : cigar) {
        if (element.op == CigarOp::SequenceMatch || element.op == CigarOp::SequenceMismatch)
            element.op = CigarOp::Match;
        if (!merged.empty() && merged.back().op == element.op)
            merged.back().length += element.length;
        else
            merged.push_back(element);
    }
    return merged;
}

void append_alignment(AlignmentOutput output, std::string& out, const SequenceRecord& query,
                      const SequenceRecord& target, const PairAlignment& alignment,
                      const AlignParams& params, const AlignmentTextOptions& options) {
    switch (output) {
        case AlignmentOutput::Tsv:
            return append_tsv(out, query, target, alignment, params, options);
        case AlignmentOutput::Json:
            return append_json(out, query, target, alignment, params, options);
        case AlignmentOutput::Paf:
            return append_paf(out, query, target, alignment, params, options);
        case AlignmentOutput::Blast6:
            return append_blast6(out, query, target, alignment, params, options);
        case AlignmentOutput::Pair:
            return append_pair(out, query, target, alignment, params, options);
        case AlignmentOutput::Sam:
            break;
    }
    throw InternalError("append_alignment: SAM records go through sam_record and AlignmentWriter");
}

}  // namespace tropic::align

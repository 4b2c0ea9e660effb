// Pairwise alignments as SAM records: the targets are the references, the queries the reads.
#include "tropic/align/sam_alignment.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/record_error.hpp"
#include "tropic/version.hpp"

namespace tropic::align {

AlignmentHeader sam_header(const std::vector<ReferenceSequence>& targets,
                           std::string_view command_line, const std::string& source) {
    std::map<std::string_view, std::size_t> seen;
    for (std::size_t k = 0; k < targets.size(); ++k) {
        if (!source.empty())
            if (const auto problem = sam_reference_name_problem(targets[k].name))
                throw record_error(source, k + 1, targets[k].name, *problem);
        auto [at, fresh] = seen.emplace(targets[k].name, k);
        if (!fresh)
            throw InputError(fmt::format(
                "targets {} and {} are both named '{}': SAM output needs distinct target names "
                "(its references)",
                at->second + 1, k + 1, targets[k].name));
    }
    AlignmentHeader header = AlignmentHeader::from_references(targets);
    std::string line(command_line);
    std::replace(line.begin(), line.end(), '\t', ' ');
    header.add_line(fmt::format("@PG\tID:tropic\tPN:tropic\tVN:{}\tCL:{}", kVersion, line));
    return header;
}

void check_sam_alphabet(Alphabet alphabet, AlignmentFormat format) {
    if (format == AlignmentFormat::Bam && alphabet == Alphabet::Protein)
        throw InputError(
            "BAM stores sequences in a 4-bit code that holds nucleotides only, not protein: write "
            "protein alignments as SAM text (-o FILE.sam, or stdout) or in another --format");
}

void check_sam_query(const SequenceRecord& query, const std::string& path, std::size_t index) {
    if (const auto problem = sam_query_name_problem(query.name))
        throw record_error(path, index, query.name, *problem);
}

AlignmentRecord sam_record(const SequenceRecord& query, const SequenceRecord& target,
                           const PairAlignment& alignment, const AlignmentTextOptions& options) {
    AlignmentRecord record;
    record.name = query.name;
    record.sequence = query.residues;
    record.qualities = query.qualities;
    if (alignment.cigar.empty()) {  // nothing aligned: an unmapped read
        record.flag = sam_flag::kUnmapped;
        record.mapq = 0;
        return record;
    }
    record.reference_name = target.name;
    record.position = alignment.target_begin;
    record.mapq = 255;
    const auto clip = [&record](std::int64_t length) {
        if (length > 0)
            record.cigar.push_back({CigarOp::SoftClip, static_cast<std::uint32_t>(length)});
    };
    clip(alignment.query_begin);
    for (const CigarElement& element : output_cigar(alignment.cigar, options.cigar_m))
        record.cigar.push_back(element);
    clip(static_cast<std::int64_t>(query.residues.size()) - alignment.query_end);
    record.aux.push_back({"NM", std::int64_t{alignment.mismatches + alignment.gap_residues}});
    record.aux.push_back({"AS", std::int64_t{alignment.score}});
    return record;
}

}  // namespace tropic::align

// Search hits through the pairwise writers: the per-hit options (strand) and SAM's flags.
#include <algorithm>

#include "tropic/align/sam_alignment.hpp"
#include "tropic/align/search_writer.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

AlignmentTextOptions search_text_options(const AlignmentTextOptions& base,
                                         std::uint64_t database_residues) {
    AlignmentTextOptions options = base;
    options.evalue_residues = database_residues;
    options.strand_field = true;
    return options;
}

void append_search_hits(AlignmentOutput output, std::string& out, const SequenceRecord& query,
                        std::span<const SequenceRecord> targets, const QueryHits& hits,
                        const AlignParams& params, const AlignmentTextOptions& options) {
    if (targets.size() != hits.hits.size())
        throw InternalError("append_search_hits: one target record per hit");
    AlignmentTextOptions hit_options = options;
    for (std::size_t h = 0; h < hits.hits.size(); ++h) {
        hit_options.minus_strand = hits.hits[h].strand == Strand::Minus;
        append_alignment(output, out, query, targets[h], hits.hits[h].alignment, params,
                         hit_options);
    }
}

std::vector<AlignmentRecord> search_sam_records(const SequenceRecord& query,
                                                std::span<const SequenceRecord> targets,
                                                const QueryHits& hits,
                                                const AlignmentTextOptions& options) {
    if (targets.size() != hits.hits.size())
        throw InternalError("search_sam_records: one target record per hit");
    std::vector<AlignmentRecord> records;
    if (hits.hits.empty()) {
        records.push_back(sam_record(query, SequenceRecord{}, PairAlignment{}, options));
        return records;
    }
    // SAM holds a reverse-strand read as the reference's strand shows it: the query's reverse
    // complement, which is also what a minus hit's alignment aligned.
    std::optional<SequenceRecord> reversed;
    for (std::size_t h = 0; h < hits.hits.size(); ++h) {
        const SearchHit& hit = hits.hits[h];
        const bool minus = hit.strand == Strand::Minus;
        if (minus && !reversed) {
            reversed = query;
            reversed->residues = reverse_complement_dna(query.residues);
            std::reverse(reversed->qualities.begin(), reversed->qualities.end());
        }
        AlignmentRecord record =
            sam_record(minus ? *reversed : query, targets[h], hit.alignment, options);
        if (minus) record.flag |= sam_flag::kReverse;
        if (h > 0) record.flag |= sam_flag::kSecondary;
        records.push_back(std::move(record));
    }
    return records;
}

}  // namespace tropic::align

#include "map/record/map_records.hpp"

#include <algorithm>

#include "tropic/core/dna_encoding.hpp"
#include "tropic/map/mapper.hpp"

namespace tropic::map::detail {

namespace {

void add_tag(AlignmentRecord& record, const char* tag, AuxValue value) {
    record.aux.push_back(AuxField{tag, std::move(value)});
}

// The read's own fields: name, SEQ, QUAL, and with a placement the alignment and its tags.
AlignmentRecord base_record(const SequenceRecord& read, const Placement* placement,
                            const ReferenceIndex& index, const std::string& read_group_id) {
    AlignmentRecord record;
    record.name = map::template_name(read.name);
    record.sequence = read.residues;
    record.qualities = read.qualities;
    if (!placement) {
        record.flag = sam_flag::kUnmapped;
        record.mapq = 0;
    } else {
        const StrandHit& hit = placement->hit;
        const ReferenceContig& contig = index.contigs()[hit.contig];
        if (hit.reverse) {
            record.flag |= sam_flag::kReverse;
            record.sequence = reverse_complement_dna(std::string_view(read.residues));
            std::reverse(record.qualities.begin(), record.qualities.end());
        }
        record.reference_id = static_cast<std::int32_t>(hit.contig);
        record.reference_name = contig.name;
        record.position = hit.hit.reference_begin - static_cast<std::int64_t>(contig.start);
        record.mapq = static_cast<std::uint8_t>(placement->mapq);
        record.cigar = hit.hit.cigar;
        add_tag(record, "NM", std::int64_t{hit.hit.edit_distance});
        add_tag(record, "MD", hit.hit.md);
        add_tag(record, "AS", std::int64_t{hit.hit.score});
        if (placement->second_score) add_tag(record, "XS", std::int64_t{*placement->second_score});
    }
    if (!read_group_id.empty()) add_tag(record, "RG", read_group_id);
    return record;
}

// The mate's fields of `record`, whose read is placed or not; `mate` is the mate's own record.
void add_mate(AlignmentRecord& record, const AlignmentRecord& mate) {
    const bool placed = !(record.flag & sam_flag::kUnmapped);
    const bool mate_placed = !(mate.flag & sam_flag::kUnmapped);
    if (!mate_placed) record.flag |= sam_flag::kMateUnmapped;
    if (mate.flag & sam_flag::kReverse) record.flag |= sam_flag::kMateReverse;
    if (!placed && mate_placed) {  // the unplaced read sits at its mate's place
        record.reference_id = mate.reference_id;
        record.reference_name = mate.reference_name;
        record.position = mate.position;
    }
    if (mate_placed) {
        record.mate_reference_id = mate.reference_id;
        record.mate_reference_name = mate.reference_name;
        record.mate_position = mate.position;
        add_tag(record, "MC", cigar_string(mate.cigar));
        add_tag(record, "MQ", std::int64_t{mate.mapq});
    } else if (placed) {  // the unplaced mate sits here
        record.mate_reference_id = record.reference_id;
        record.mate_reference_name = record.reference_name;
        record.mate_position = record.position;
    }
}

// SAM's TLEN: from the leftmost to the rightmost mapped base of the two reads, positive for the
// leftmost read (the first read's when both start together), 0 unless both are placed on one
// contig.
std::int64_t template_length(std::int64_t begin, std::int64_t end, std::int64_t mate_begin,
                             std::int64_t mate_end) {
    const std::int64_t span = std::max(end, mate_end) - std::min(begin, mate_begin);
    return begin <= mate_begin ? span : -span;
}

void set_template_lengths(AlignmentRecord& first, AlignmentRecord& second, const Placement* a,
                          const Placement* b) {
    if (!a || !b || a->hit.contig != b->hit.contig) return;
    first.template_length = template_length(a->hit.hit.reference_begin, a->hit.hit.reference_end,
                                            b->hit.hit.reference_begin, b->hit.hit.reference_end);
    second.template_length = -first.template_length;
}

}  // namespace

AlignmentRecord single_read_record(const SequenceRecord& read, const Placement* placement,
                                   const ReferenceIndex& index, const std::string& read_group_id) {
    return base_record(read, placement, index, read_group_id);
}

std::array<AlignmentRecord, 2> pair_records(const SequenceRecord& first,
                                            const Placement* first_placement,
                                            const SequenceRecord& second,
                                            const Placement* second_placement, bool proper,
                                            const ReferenceIndex& index,
                                            const std::string& read_group_id) {
    std::array<AlignmentRecord, 2> records{
        base_record(first, first_placement, index, read_group_id),
        base_record(second, second_placement, index, read_group_id)};
    const std::uint16_t common = sam_flag::kPaired | (proper ? sam_flag::kProperPair : 0);
    records[0].flag |= common | sam_flag::kFirstInPair;
    records[1].flag |= common | sam_flag::kSecondInPair;
    const AlignmentRecord first_alone = records[0];
    add_mate(records[0], records[1]);
    add_mate(records[1], first_alone);
    set_template_lengths(records[0], records[1], first_placement, second_placement);
    return records;
}

std::vector<AlignmentRecord> secondary_records(const SequenceRecord& read,
                                               std::vector<StrandHit> hits,
                                               const StrandHit& primary, int count,
                                               const AlignmentRecord* mate, bool first,
                                               const ReferenceIndex& index,
                                               const std::string& read_group_id) {
    std::vector<AlignmentRecord> records;
    std::sort(hits.begin(), hits.end(), better_hit);
    const double least = kSecondaryScoreRatio * primary.hit.score;
    for (const StrandHit& hit : hits) {
        if (static_cast<int>(records.size()) == count) break;
        if (hit == primary || hit.hit.score < least) continue;
        const Placement placement{hit, 0, std::nullopt, false};
        AlignmentRecord record = base_record(read, &placement, index, read_group_id);
        record.flag |= sam_flag::kSecondary;
        if (mate) {
            record.flag |=
                sam_flag::kPaired | (first ? sam_flag::kFirstInPair : sam_flag::kSecondInPair);
            add_mate(record, *mate);
            if ((mate->flag & sam_flag::kUnmapped) && mate->reference_id >= 0) {
                // The unplaced mate sits at this read's primary place, not at this hit.
                record.mate_reference_id = mate->reference_id;
                record.mate_reference_name = mate->reference_name;
                record.mate_position = mate->position;
            }
            if (!(mate->flag & sam_flag::kUnmapped) && mate->reference_id == record.reference_id)
                record.template_length = template_length(
                    record.position, record.position + cigar_reference_length(record.cigar),
                    mate->position, mate->position + cigar_reference_length(mate->cigar));
        }
        records.push_back(std::move(record));
    }
    return records;
}

std::vector<AlignmentRecord> with_secondary(std::vector<AlignmentRecord> primary,
                                            std::vector<std::vector<AlignmentRecord>>& secondary,
                                            std::size_t group) {
    std::size_t extra = 0;
    for (const auto& records : secondary) extra += records.size();
    if (extra == 0) return primary;
    std::vector<AlignmentRecord> out;
    out.reserve(primary.size() + extra);
    for (std::size_t g = 0; g < secondary.size(); ++g) {
        for (std::size_t k = g * group; k < (g + 1) * group; ++k)
            out.push_back(std::move(primary[k]));
        for (AlignmentRecord& record : secondary[g]) out.push_back(std::move(record));
    }
    return out;
}

}  // namespace tropic::map::detail

namespace tropic::map {

std::string template_name(const std::string& read_name) {
    if (read_name.size() > 2 && read_name[read_name.size() - 2] == '/' &&
        (read_name.back() == '1' || read_name.back() == '2'))
        return read_name.substr(0, read_name.size() - 2);
    return read_name;
}

}  // namespace tropic::map

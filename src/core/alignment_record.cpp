#include "tropic/core/alignment_record.hpp"

#include <htslib/sam.h>

namespace tropic {

static_assert(static_cast<int>(CigarOp::Match) == BAM_CMATCH &&
              static_cast<int>(CigarOp::Insertion) == BAM_CINS &&
              static_cast<int>(CigarOp::Deletion) == BAM_CDEL &&
              static_cast<int>(CigarOp::Skip) == BAM_CREF_SKIP &&
              static_cast<int>(CigarOp::SoftClip) == BAM_CSOFT_CLIP &&
              static_cast<int>(CigarOp::HardClip) == BAM_CHARD_CLIP &&
              static_cast<int>(CigarOp::Padding) == BAM_CPAD &&
              static_cast<int>(CigarOp::SequenceMatch) == BAM_CEQUAL &&
              static_cast<int>(CigarOp::SequenceMismatch) == BAM_CDIFF);

namespace {

// htslib's table of which operations consume the query (bit 1) and the reference (bit 2).
bool consumes_query(CigarOp op) noexcept {
    return (bam_cigar_type(static_cast<int>(op)) & 1) != 0;
}

bool consumes_reference(CigarOp op) noexcept {
    return (bam_cigar_type(static_cast<int>(op)) & 2) != 0;
}

}  // namespace

char cigar_letter(CigarOp op) noexcept {
    auto index = static_cast<unsigned>(op);
    return index <= BAM_CDIFF ? BAM_CIGAR_STR[index] : '?';
}

std::string cigar_string(std::span<const CigarElement> cigar) {
    if (cigar.empty()) return "*";
    std::string text;
    for (const CigarElement& e : cigar) {
        text += std::to_string(e.length);
        text += cigar_letter(e.op);
    }
    return text;
}

std::int64_t cigar_query_length(std::span<const CigarElement> cigar) noexcept {
    std::int64_t length = 0;
    for (const CigarElement& e : cigar)
        if (consumes_query(e.op)) length += e.length;
    return length;
}

std::int64_t cigar_reference_length(std::span<const CigarElement> cigar) noexcept {
    std::int64_t length = 0;
    for (const CigarElement& e : cigar)
        if (consumes_reference(e.op)) length += e.length;
    return length;
}

const AuxValue* AlignmentRecord::find_aux(std::string_view tag) const noexcept {
    for (const AuxField& field : aux)
        if (field.tag == tag) return &field.value;
    return nullptr;
}

}  // namespace tropic

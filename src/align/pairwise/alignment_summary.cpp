// Mode names, parameter checks, and what is read off a CIGAR: its counts and its score.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "tropic/align/pairwise.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

std::string_view mode_name(AlignMode mode) noexcept {
    switch (mode) {
        case AlignMode::Local:
            return "local";
        case AlignMode::Global:
            return "global";
        case AlignMode::Glocal:
            return "glocal";
        case AlignMode::Overlap:
            return "overlap";
    }
    return "local";
}

std::optional<AlignMode> parse_mode(std::string_view name) noexcept {
    for (AlignMode mode :
         {AlignMode::Local, AlignMode::Global, AlignMode::Glocal, AlignMode::Overlap})
        if (name == mode_name(mode)) return mode;
    return std::nullopt;
}

void validate(const AlignParams& params) {
    validate(params.scoring);
}

void summarize_cigar(PairAlignment& alignment) {
    alignment.matches = alignment.mismatches = alignment.gap_opens = alignment.gap_residues = 0;
    for (const CigarElement& element : alignment.cigar) {
        switch (element.op) {
            case CigarOp::SequenceMatch:
                alignment.matches += element.length;
                break;
            case CigarOp::SequenceMismatch:
                alignment.mismatches += element.length;
                break;
            case CigarOp::Insertion:
            case CigarOp::Deletion:
                alignment.gap_residues += element.length;
                ++alignment.gap_opens;
                break;
            default:
                throw InternalError(fmt::format("alignment CIGAR holds a '{}' operation",
                                                cigar_letter(element.op)));
        }
    }
}

std::int64_t rescore(std::span<const std::uint8_t> query, std::span<const std::uint8_t> target,
                     const PairAlignment& alignment, const Scoring& scoring) {
    std::int64_t score = 0;
    std::int64_t i = alignment.query_begin, j = alignment.target_begin;
    const auto at = [](std::span<const std::uint8_t> s, std::int64_t k) {
        if (k < 0 || k >= static_cast<std::int64_t>(s.size()))
            throw InternalError("rescore: the CIGAR runs past the end of a sequence");
        return s[static_cast<std::size_t>(k)];
    };
    for (const CigarElement& element : alignment.cigar) {
        const std::int64_t length = element.length;
        switch (element.op) {
            case CigarOp::Match:
            case CigarOp::SequenceMatch:
            case CigarOp::SequenceMismatch:
                for (std::int64_t k = 0; k < length; ++k, ++i, ++j)
                    score += scoring.matrix.score(at(query, i), at(target, j));
                break;
            case CigarOp::Insertion:
                score -= scoring.gaps.open + length * scoring.gaps.extend;
                i += length;
                break;
            case CigarOp::Deletion:
                score -= scoring.gaps.open + length * scoring.gaps.extend;
                j += length;
                break;
            default:
                throw InternalError("rescore: unexpected CIGAR operation");
        }
    }
    if (i != alignment.query_end || j != alignment.target_end)
        throw InternalError("rescore: the CIGAR does not span the reported ranges");
    return score;
}

}  // namespace tropic::align

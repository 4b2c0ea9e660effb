#include "map/extend/extend_read.hpp"

#include "map/extend/end_clip.hpp"
#include "map/extend/glocal_alignment.hpp"
#include "map/extend/md_tag.hpp"

namespace tropic::map::detail {

namespace {

void append_run(std::vector<CigarElement>& cigar, CigarOp op, std::uint32_t length) {
    if (length == 0) return;
    if (!cigar.empty() && cigar.back().op == op)
        cigar.back().length += length;
    else
        cigar.push_back({op, length});
}

}  // namespace

std::optional<ReadHit> extend_read(std::span<const std::uint8_t> read,
                                   std::span<const std::uint8_t> window, std::int64_t window_start,
                                   const MapScoring& scoring, DiagonalBand band) {
    if (read.empty() || window.empty()) return std::nullopt;
    thread_local GlocalPath path;
    align_glocal(read, window, scoring, path, kMaxDirectCells, band);
    const auto target_begin = static_cast<std::size_t>(path.target_begin);
    const std::vector<AlignedColumn>& columns = path.columns;
    const std::optional<ClipChoice> clip = choose_clip(columns, scoring.clip_penalty);
    if (!clip || clip->score <= 0) return std::nullopt;

    ReadHit hit;
    hit.score = static_cast<std::int32_t>(clip->score);
    if (path.shifted_score) hit.shifted_score = hit.score - (path.score - *path.shifted_score);
    std::uint32_t clipped_front = 0, clipped_back = 0;
    std::size_t reference_offset = target_begin, reference_length = 0;
    for (std::size_t k = 0; k < columns.size(); ++k) {
        const CigarOp op = columns[k].op;
        const bool in_read = op != CigarOp::Deletion;
        if (k < clip->begin) {
            clipped_front += in_read ? 1 : 0;
            reference_offset += op == CigarOp::Insertion ? 0 : 1;
        } else if (k >= clip->end) {
            clipped_back += in_read ? 1 : 0;
        } else {
            append_run(hit.cigar, op, 1);
            reference_length += op == CigarOp::Insertion ? 0 : 1;
        }
    }
    if (clipped_front > 0) hit.cigar.insert(hit.cigar.begin(), {CigarOp::SoftClip, clipped_front});
    append_run(hit.cigar, CigarOp::SoftClip, clipped_back);
    hit.reference_begin = window_start + static_cast<std::int64_t>(reference_offset);
    hit.reference_end = hit.reference_begin + static_cast<std::int64_t>(reference_length);
    const std::span<const std::uint8_t> reference =
        window.subspan(reference_offset, reference_length);
    hit.edit_distance = edit_distance(read, reference, hit.cigar);
    hit.md = md_string(read, reference, hit.cigar);
    return hit;
}

}  // namespace tropic::map::detail

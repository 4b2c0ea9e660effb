#include "align/syntenic/syntenic_traceback.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

#include "align/pairwise/trace_rule.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail {

namespace {

// The segments of a path, collected from its end backwards.
class ReverseSegments {
  public:
    ReverseSegments(std::int64_t m, std::int64_t n) : aligned_end_i_(m), aligned_end_j_(n) {}

    void add(CigarOp op, std::uint32_t count = 1) {
        if (count == 0) return;
        if (!runs_.empty() && runs_.back().op == op)
            runs_.back().length += count;
        else
            runs_.push_back({op, count});
    }
    // The path entered a block that ends at (i, j).
    void block_ends(std::int64_t i, std::int64_t j) {
        close_aligned(i, j);
        block_end_i_ = i;
        block_end_j_ = j;
    }
    // The block began at (i, j).
    void block_begins(std::int64_t i, std::int64_t j) {
        SyntenicSegment block;
        block.kind = SyntenicSegment::Kind::Block;
        block.query_begin = i;
        block.query_end = block_end_i_;
        block.target_begin = j;
        block.target_end = block_end_j_;
        segments_.push_back(std::move(block));
        aligned_end_i_ = i;
        aligned_end_j_ = j;
    }
    // The path reached the origin: the segments first to last.
    std::vector<SyntenicSegment> finish() {
        close_aligned(0, 0);
        return {segments_.rbegin(), segments_.rend()};
    }

  private:
    void close_aligned(std::int64_t i, std::int64_t j) {
        if (runs_.empty()) return;
        SyntenicSegment aligned;
        aligned.query_begin = i;
        aligned.query_end = aligned_end_i_;
        aligned.target_begin = j;
        aligned.target_end = aligned_end_j_;
        aligned.cigar.assign(runs_.rbegin(), runs_.rend());
        segments_.push_back(std::move(aligned));
        runs_.clear();
    }

    std::vector<CigarElement> runs_;
    std::vector<SyntenicSegment> segments_;
    std::int64_t aligned_end_i_, aligned_end_j_;
    std::int64_t block_end_i_ = 0, block_end_j_ = 0;
};

}  // namespace

SyntenicAlignment syntenic_score_only(const SyntenicCell& last, const SyntenicCosts& costs) {
    SyntenicAlignment result;
    result.score = syntenic_end(last, costs).score;
    return result;
}

SyntenicAlignment trace_syntenic(const SyntenicProblem& p, const SyntenicCell& last,
                                 const SyntenicCheckpoints& checkpoints) {
    std::vector<std::uint8_t> dirs;
    // A tile's last row and its left column, which the fill writes: allocated once, indexed by
    // DP index as the checkpoints.
    SyntenicLine bottom, left;
    for (auto* line : {&bottom.s, &bottom.gap, &bottom.h})
        line->resize(static_cast<std::size_t>(p.n + 1));
    for (auto* line : {&left.s, &left.gap, &left.h})
        line->resize(static_cast<std::size_t>(p.m + 1));
    const SyntenicTileDirections directions = [&](const TileBounds& bounds, std::int64_t b,
                                                  std::int64_t c) {
        const SyntenicLine& row = checkpoints.rows[b];
        const SyntenicLine& column = checkpoints.columns[c];
        std::copy(column.s.begin() + bounds.r0, column.s.begin() + bounds.r1,
                  left.s.begin() + bounds.r0);
        std::copy(column.gap.begin() + bounds.r0, column.gap.begin() + bounds.r1,
                  left.gap.begin() + bounds.r0);
        std::copy(column.h.begin() + bounds.r0, column.h.begin() + bounds.r1,
                  left.h.begin() + bounds.r0);
        dirs.resize(static_cast<std::size_t>((bounds.r1 - bounds.r0) * (bounds.c1 - bounds.c0)));
        const SyntenicEdges edges{row.s.data(),    row.gap.data(),    row.h.data(),
                                  bottom.s.data(), bottom.gap.data(), bottom.h.data(),
                                  left.s.data(),   left.gap.data(),   left.h.data()};
        fill_syntenic_directions(p, bounds, edges, dirs.data());
        return static_cast<const std::uint8_t*>(dirs.data());
    };
    return trace_syntenic(p, last, checkpoints.block_rows, checkpoints.block_columns, directions);
}

SyntenicAlignment trace_syntenic(const SyntenicProblem& p, const SyntenicCell& last,
                                 std::int64_t block_rows, std::int64_t block_columns,
                                 const SyntenicTileDirections& directions) {
    const SyntenicEnd end = syntenic_end(last, p.costs);
    const bool dna = p.matrix->alphabet == Alphabet::Dna;
    ReverseSegments segments(p.m, p.n);
    std::int64_t i = p.m, j = p.n;
    SyntenicState state = SyntenicState::S;
    if (end.in_block) {
        state = SyntenicState::H;
        segments.block_ends(i, j);
    }
    while (i > 0 && j > 0) {
        // The tile holding (i, j), filled again up to row i and column j.
        const std::int64_t b = (i - 1) / block_rows;
        const std::int64_t c = (j - 1) / block_columns;
        const TileBounds bounds{1 + b * block_rows, i + 1, 1 + c * block_columns, j + 1};
        const std::uint8_t* dirs = directions(bounds, b, c);
        const std::int64_t r0 = bounds.r0, c0 = bounds.c0, width = j + 1 - c0;
        while (i >= r0 && j >= c0) {
            const std::uint8_t q = p.query[i - 1], t = p.target[j - 1];
            switch (syntenic_trace_step(dirs[(i - r0) * width + (j - c0)], state, i, j)) {
                case SyntenicMove::Aligned:
                    segments.add(aligned_op(q, t, dna));
                    break;
                case SyntenicMove::QueryGap:
                    segments.add(CigarOp::Insertion);
                    break;
                case SyntenicMove::TargetGap:
                    segments.add(CigarOp::Deletion);
                    break;
                case SyntenicMove::Turn:
                    if (state == SyntenicState::H) segments.block_ends(i, j);
                    break;
                case SyntenicMove::BlockStep:
                    break;
                case SyntenicMove::BlockBegins:
                    segments.block_begins(i, j);
                    break;
            }
        }
    }
    switch (syntenic_boundary_rest(state, i, j, p.costs)) {
        case SyntenicRest::Nothing:
            break;
        case SyntenicRest::Gap:
            if (j == 0)
                segments.add(CigarOp::Insertion, static_cast<std::uint32_t>(i));
            else
                segments.add(CigarOp::Deletion, static_cast<std::uint32_t>(j));
            break;
        case SyntenicRest::Block:
            if (state != SyntenicState::H) segments.block_ends(i, j);
            segments.block_begins(0, 0);
            break;
    }
    SyntenicAlignment result;
    result.score = end.score;
    result.segments = segments.finish();
    summarize_syntenic(p, result);
    std::int64_t total = -result.end_charges;
    for (const SyntenicSegment& segment : result.segments) total += segment.score;
    if (total != result.score)
        throw InternalError("syntenic traceback: the segments score " + std::to_string(total) +
                            ", the matrix " + std::to_string(result.score));
    return result;
}

std::int64_t aligned_segment_score(const SyntenicProblem& p, const SyntenicSegment& segment) {
    const std::int64_t alpha = p.costs.open_extend - p.costs.extend, beta = p.costs.extend;
    std::int64_t score = 0, i = segment.query_begin, j = segment.target_begin;
    for (const CigarElement& element : segment.cigar) {
        const std::int64_t length = element.length;
        switch (element.op) {
            case CigarOp::SequenceMatch:
            case CigarOp::SequenceMismatch:
                if (i + length > segment.query_end || j + length > segment.target_end)
                    throw std::invalid_argument("an aligned segment's CIGAR runs past its ranges");
                for (std::int64_t k = 0; k < length; ++k, ++i, ++j)
                    score += p.matrix->score(p.query[i], p.target[j]);
                break;
            case CigarOp::Insertion:
                score -= alpha + length * beta;
                i += length;
                break;
            case CigarOp::Deletion:
                score -= alpha + length * beta;
                j += length;
                break;
            default:
                throw std::invalid_argument(
                    "an aligned segment's CIGAR holds an operation other "
                    "than =, X, I and D");
        }
    }
    if (i != segment.query_end || j != segment.target_end)
        throw std::invalid_argument("an aligned segment's CIGAR does not span its ranges");
    return score;
}

void summarize_syntenic(const SyntenicProblem& p, SyntenicAlignment& alignment) {
    alignment.matches = alignment.mismatches = alignment.gap_opens = alignment.gap_residues = 0;
    alignment.blocks = 0;
    for (SyntenicSegment& segment : alignment.segments) {
        if (segment.kind == SyntenicSegment::Kind::Block) {
            segment.score = -p.costs.block;
            ++alignment.blocks;
            continue;
        }
        segment.score = aligned_segment_score(p, segment);
        for (const CigarElement& element : segment.cigar) {
            if (element.op == CigarOp::SequenceMatch) alignment.matches += element.length;
            if (element.op == CigarOp::SequenceMismatch) alignment.mismatches += element.length;
            if (element.op == CigarOp::Insertion || element.op == CigarOp::Deletion) {
                alignment.gap_residues += element.length;
                ++alignment.gap_opens;
            }
        }
    }
    alignment.end_charges = 0;
    if (p.costs.charged_ends) {
        const auto& s = alignment.segments;
        if (s.empty() || s.front().kind != SyntenicSegment::Kind::Block)
            alignment.end_charges += p.costs.block;
        if (s.empty() || s.back().kind != SyntenicSegment::Kind::Block)
            alignment.end_charges += p.costs.block;
    }
}

}  // namespace tropic::align::detail

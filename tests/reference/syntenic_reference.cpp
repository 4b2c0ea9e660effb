#include "reference/syntenic_reference.hpp"

#include <algorithm>
#include <stdexcept>
#include <vector>

namespace tropic::test {

using align::SyntenicAlignment;
using align::SyntenicParams;
using align::SyntenicSegment;

namespace {

// One piece of an alignment: a column (Pair, QueryGap, TargetGap) or a block of dq x dt residues.
enum class PieceKind { Pair, QueryGap, TargetGap, Block };
struct Piece {
    PieceKind kind;
    std::int64_t dq, dt;
};

std::int64_t score_pieces(std::span<const std::uint8_t> q, std::span<const std::uint8_t> t,
                          const std::vector<Piece>& pieces, const SyntenicParams& params) {
    const std::int64_t alpha = params.scoring.gaps.open, beta = params.scoring.gaps.extend;
    const std::int64_t d = params.block_cost;
    std::int64_t score = 0;
    std::size_t i = 0, j = 0;
    for (std::size_t k = 0; k < pieces.size(); ++k) {
        const Piece& piece = pieces[k];
        const bool continues = k > 0 && pieces[k - 1].kind == piece.kind;
        switch (piece.kind) {
            case PieceKind::Pair:
                score += params.scoring.matrix.score(q[i], t[j]);
                break;
            case PieceKind::QueryGap:
            case PieceKind::TargetGap:
                score -= (continues ? 0 : alpha) + beta;
                break;
            case PieceKind::Block:
                score -= d;
                break;
        }
        i += static_cast<std::size_t>(piece.dq);
        j += static_cast<std::size_t>(piece.dt);
    }
    if (i != q.size() || j != t.size()) throw std::logic_error("pieces do not cover the pair");
    if (params.block_ends == align::BlockEnds::Charged) {
        if (pieces.empty() || pieces.front().kind != PieceKind::Block) score -= d;
        if (pieces.empty() || pieces.back().kind != PieceKind::Block) score -= d;
    }
    return score;
}

void enumerate(std::span<const std::uint8_t> q, std::span<const std::uint8_t> t,
               const SyntenicParams& params, std::int64_t i, std::int64_t j,
               std::vector<Piece>& pieces, std::int64_t& best) {
    const auto m = static_cast<std::int64_t>(q.size()), n = static_cast<std::int64_t>(t.size());
    if (i == m && j == n) best = std::max(best, score_pieces(q, t, pieces, params));
    const auto extend = [&](Piece piece) {
        pieces.push_back(piece);
        enumerate(q, t, params, i + piece.dq, j + piece.dt, pieces, best);
        pieces.pop_back();
    };
    if (i < m && j < n) extend({PieceKind::Pair, 1, 1});
    if (i < m) extend({PieceKind::QueryGap, 1, 0});
    if (j < n) extend({PieceKind::TargetGap, 0, 1});
    if (pieces.empty() || pieces.back().kind != PieceKind::Block)
        for (std::int64_t dq = 0; i + dq <= m; ++dq)
            for (std::int64_t dt = 0; j + dt <= n; ++dt) extend({PieceKind::Block, dq, dt});
}

using Matrix = std::vector<std::vector<std::int64_t>>;

}  // namespace

std::int64_t syntenic_brute_force_score(std::span<const std::uint8_t> query,
                                        std::span<const std::uint8_t> target,
                                        const SyntenicParams& params) {
    std::vector<Piece> pieces;
    std::int64_t best = INT64_MIN;
    enumerate(query, target, params, 0, 0, pieces, best);
    return best;
}

std::int64_t syntenic_definition_score(std::span<const std::uint8_t> query,
                                       std::span<const std::uint8_t> target,
                                       const SyntenicAlignment& alignment,
                                       const SyntenicParams& params) {
    std::vector<Piece> pieces;
    std::int64_t i = 0, j = 0;
    for (const SyntenicSegment& segment : alignment.segments) {
        if (segment.query_begin != i || segment.target_begin != j)
            throw std::logic_error("segments out of order");
        if (segment.kind == SyntenicSegment::Kind::Block) {
            pieces.push_back({PieceKind::Block, segment.query_end - i, segment.target_end - j});
        } else {
            for (const CigarElement& e : segment.cigar)
                for (std::uint32_t k = 0; k < e.length; ++k) {
                    if (e.op == CigarOp::Insertion)
                        pieces.push_back({PieceKind::QueryGap, 1, 0});
                    else if (e.op == CigarOp::Deletion)
                        pieces.push_back({PieceKind::TargetGap, 0, 1});
                    else
                        pieces.push_back({PieceKind::Pair, 1, 1});
                }
        }
        i = segment.query_end;
        j = segment.target_end;
    }
    return score_pieces(query, target, pieces, params);
}

SyntenicAlignment syntenic_reference(std::span<const std::uint8_t> q,
                                     std::span<const std::uint8_t> t,
                                     const SyntenicParams& params) {
    const auto m = static_cast<std::int64_t>(q.size()), n = static_cast<std::int64_t>(t.size());
    const std::int64_t alpha = params.scoring.gaps.open, beta = params.scoring.gaps.extend;
    const std::int64_t d = params.block_cost;
    const bool charged = params.block_ends == align::BlockEnds::Charged;
    const auto c = [&](std::int64_t i, std::int64_t j) {
        return std::int64_t{params.scoring.matrix.score(q[i - 1], t[j - 1])};
    };
    const std::vector<std::int64_t> row(n + 1);
    Matrix S(m + 1, row), D(m + 1, row), I(m + 1, row), H(m + 1, row);
    S[0][0] = charged ? -d : 0;
    D[0][0] = I[0][0] = S[0][0] - alpha;
    H[0][0] = -d;
    for (std::int64_t i = 1; i <= m; ++i) {
        D[i][0] = D[i - 1][0] - beta;
        H[i][0] = -d;
        S[i][0] = std::max(D[i][0], H[i][0]);
        I[i][0] = S[i][0] - alpha;
    }
    for (std::int64_t j = 1; j <= n; ++j) {
        I[0][j] = I[0][j - 1] - beta;
        H[0][j] = -d;
        S[0][j] = std::max(I[0][j], H[0][j]);
        D[0][j] = S[0][j] - alpha;
    }
    for (std::int64_t i = 1; i <= m; ++i)
        for (std::int64_t j = 1; j <= n; ++j) {
            D[i][j] = std::max(D[i - 1][j] - beta, S[i - 1][j] - alpha - beta);
            I[i][j] = std::max(I[i][j - 1] - beta, S[i][j - 1] - alpha - beta);
            H[i][j] = std::max({H[i][j - 1], H[i - 1][j], S[i][j - 1] - d, S[i - 1][j] - d});
            S[i][j] = std::max({S[i - 1][j - 1] + c(i, j), D[i][j], I[i][j], H[i][j]});
        }
    SyntenicAlignment result;
    bool in_block = false;
    if (!charged) {
        result.score = S[m][n];
    } else if (S[m][n] - d >= H[m][n]) {
        result.score = S[m][n] - d;
    } else {
        result.score = H[m][n];
        in_block = true;
    }
    if (params.score_only) return result;

    // The traceback, collecting segments backwards.
    enum class State { S, D, I, H };
    State state = in_block ? State::H : State::S;
    std::vector<SyntenicSegment> backwards;
    std::vector<CigarOp> ops;  // the current aligned segment's operations, last first
    std::int64_t end_i = m, end_j = n;
    const auto close_aligned = [&](std::int64_t i, std::int64_t j) {
        if (ops.empty()) return;
        SyntenicSegment segment;
        segment.query_begin = i;
        segment.query_end = end_i;
        segment.target_begin = j;
        segment.target_end = end_j;
        for (auto op = ops.rbegin(); op != ops.rend(); ++op) {
            if (!segment.cigar.empty() && segment.cigar.back().op == *op)
                ++segment.cigar.back().length;
            else
                segment.cigar.push_back({*op, 1});
        }
        backwards.push_back(segment);
        ops.clear();
    };
    const auto add_block = [&](std::int64_t i0, std::int64_t j0, std::int64_t i1, std::int64_t j1) {
        SyntenicSegment block;
        block.kind = SyntenicSegment::Kind::Block;
        block.query_begin = i0;
        block.query_end = i1;
        block.target_begin = j0;
        block.target_end = j1;
        backwards.push_back(block);
        end_i = i0;
        end_j = j0;
    };
    std::int64_t i = m, j = n, block_i = m, block_j = n;
    const bool dna = params.scoring.matrix.alphabet == Alphabet::Dna;
    const std::uint8_t unknown = dna ? 4 : 22;
    for (;;) {
        if (state == State::S) {
            if (i == 0 && j == 0) break;
            if (i > 0 && j > 0 && S[i][j] == S[i - 1][j - 1] + c(i, j)) {
                ops.push_back(q[i - 1] == t[j - 1] && q[i - 1] != unknown
                                  ? CigarOp::SequenceMatch
                                  : CigarOp::SequenceMismatch);
                --i;
                --j;
            } else if (i > 0 && S[i][j] == D[i][j]) {
                state = State::D;
            } else if (j > 0 && S[i][j] == I[i][j]) {
                state = State::I;
            } else {
                state = State::H;
                close_aligned(i, j);
                block_i = i;
                block_j = j;
            }
        } else if (state == State::D) {
            if (i == 0) {  // D(0, j) = S(0, j) - alpha: the gap opened there
                state = State::S;
                continue;
            }
            ops.push_back(CigarOp::Insertion);
            const bool extends = j == 0 || D[i][j] == D[i - 1][j] - beta;
            if (!extends) state = State::S;
            --i;
        } else if (state == State::I) {
            if (j == 0) {
                state = State::S;
                continue;
            }
            ops.push_back(CigarOp::Deletion);
            const bool extends = i == 0 || I[i][j] == I[i][j - 1] - beta;
            if (!extends) state = State::S;
            --j;
        } else {
            if (i == 0 || j == 0) {  // the block began at the origin
                add_block(0, 0, block_i, block_j);
                i = j = 0;
                break;
            }
            if (H[i][j] == H[i][j - 1]) {
                --j;
            } else if (H[i][j] == H[i - 1][j]) {
                --i;
            } else if (H[i][j] == S[i][j - 1] - d) {
                add_block(i, j - 1, block_i, block_j);
                --j;
                state = State::S;
            } else {
                add_block(i - 1, j, block_i, block_j);
                --i;
                state = State::S;
            }
        }
    }
    close_aligned(0, 0);
    result.segments.assign(backwards.rbegin(), backwards.rend());

    // Segment scores, counts and end charges.
    for (SyntenicSegment& segment : result.segments) {
        if (segment.kind == SyntenicSegment::Kind::Block) {
            segment.score = -d;
            ++result.blocks;
            continue;
        }
        std::int64_t a = segment.query_begin, b = segment.target_begin;
        for (const CigarElement& e : segment.cigar) {
            if (e.op == CigarOp::Insertion || e.op == CigarOp::Deletion) {
                segment.score -= alpha + beta * e.length;
                ++result.gap_opens;
                result.gap_residues += e.length;
                (e.op == CigarOp::Insertion ? a : b) += e.length;
                continue;
            }
            for (std::uint32_t k = 0; k < e.length; ++k, ++a, ++b)
                segment.score += params.scoring.matrix.score(q[a], t[b]);
            (e.op == CigarOp::SequenceMatch ? result.matches : result.mismatches) += e.length;
        }
    }
    if (charged) {
        const auto& s = result.segments;
        if (s.empty() || s.front().kind != SyntenicSegment::Kind::Block) result.end_charges += d;
        if (s.empty() || s.back().kind != SyntenicSegment::Kind::Block) result.end_charges += d;
    }
    return result;
}

}  // namespace tropic::test

#pragma once
// The alignment rows of the pair layout (EMBOSS's srspair), shared by the pairwise and the
// syntenic pair views: the query, match and target lines of a CIGAR, printed in blocks of 60
// columns with the positions of each line's first and last residue.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "tropic/align/scoring.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/core/sequence.hpp"

namespace tropic::align::detail {

inline constexpr std::size_t kPairBlockColumns = 60;
inline constexpr std::size_t kPairMinNameWidth = 13;  // EMBOSS's

// The three rows of an aligned stretch, column by column ('|' identical, ':' a positive score,
// '.' otherwise, ' ' a gap), and how many pairs score above 0.
struct PairRows {
    std::string query, marks, target;
    std::int64_t positives = 0;
};

// The rows of `cigar` ('=', 'X', 'I', 'D'), starting at 0-based query_begin and target_begin.
[[nodiscard]] PairRows pair_rows(const SequenceRecord& query, const SequenceRecord& target,
                                 std::int64_t query_begin, std::int64_t target_begin,
                                 std::span<const CigarElement> cigar,
                                 const SubstitutionMatrix& matrix);

// The header's "# Matrix:" and "# Gap_penalty:" lines.
void append_pair_scoring(std::string& out, const Scoring& scoring);

// "n/total (pct%)" as EMBOSS writes it.
[[nodiscard]] std::string pair_share(std::int64_t n, std::int64_t total);

// The rows in blocks of 60 columns, the names padded to `width`; query_done and target_done are
// the residues before the rows (0-based begins) and advance past them.
void append_pair_blocks(std::string& out, std::string_view query_name, std::string_view target_name,
                        std::size_t width, const PairRows& rows, std::int64_t& query_done,
                        std::int64_t& target_done);

}  // namespace tropic::align::detail

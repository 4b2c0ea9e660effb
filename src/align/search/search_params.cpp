// The parameters of a search: their checks, the smallest hit score and the E-value over a whole
// database.
#include <fmt/format.h>

#include "tropic/align/search.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

void validate(const SearchParams& params, Alphabet alphabet) {
    validate(params.align);
    if (params.top == 0) throw InputError("--top must be at least 1 (hits per query)");
    if (params.both_strands && alphabet != Alphabet::Dna)
        throw InputError("both strands (--strand both) are searched for DNA only; protein has one");
    if (params.max_evalue) {
        if (!(*params.max_evalue >= 0))
            throw InputError(fmt::format("the E-value limit {} is not a number of at least 0",
                                         *params.max_evalue));
        if (params.align.mode != AlignMode::Local)
            throw InputError(fmt::format(
                "E-values describe local alignments: an E-value limit needs --mode local, not {}",
                mode_name(params.align.mode)));
        if (!karlin_altschul(params.align.scoring))
            throw InputError(fmt::format(
                "no published Karlin-Altschul parameters for {} with gap open {} and extend {}, "
                "so no E-values: drop the E-value limit or use scores the tables list "
                "(docs/align.md)",
                params.align.scoring.matrix.name, params.align.scoring.gaps.open,
                params.align.scoring.gaps.extend));
    }
}

std::int64_t minimum_hit_score(const SearchParams& params) {
    if (params.min_score) return *params.min_score;
    // A local alignment of score 0 is empty: no hit. The other modes align every pair.
    return params.align.mode == AlignMode::Local ? 1 : INT64_MIN;
}

double search_evalue(const KarlinAltschul& statistics, std::int64_t score,
                     std::int64_t query_length, std::uint64_t database_residues) {
    // The pair's formula with the whole database as the target.
    return evalue(statistics, score, query_length, static_cast<std::int64_t>(database_residues));
}

}  // namespace tropic::align

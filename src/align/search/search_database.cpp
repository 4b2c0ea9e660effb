// search() over a Database: its storage as the search's targets (search_targets.hpp).
#include <fmt/format.h>

#include <vector>

#include "align/search/search_targets.hpp"
#include "tropic/align/search.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

SearchStats search(std::span<const std::span<const std::uint8_t>> queries, const Database& database,
                   const SearchParams& params, const RunOptions& options,
                   const std::function<void(QueryHits&&)>& on_query,
                   const SearchProgress& progress) {
    if (params.align.scoring.matrix.alphabet != database.alphabet())
        throw InputError(fmt::format("the scoring is for {} but the database '{}' holds {}",
                                     alphabet_name(params.align.scoring.matrix.alphabet),
                                     database.source(), alphabet_name(database.alphabet())));
    std::vector<std::uint64_t> ordinals(database.size());
    for (std::size_t k = 0; k < ordinals.size(); ++k) ordinals[k] = database.ordinal(k);
    detail::SearchTargets targets;
    targets.view = {database.all_residues(), database.offsets()};
    targets.ordinals = ordinals;
    targets.total_residues = database.total_residues();
    targets.longest = database.longest();
    return detail::search_targets(queries, targets, params, options, on_query, progress);
}

}  // namespace tropic::align

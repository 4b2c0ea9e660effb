// search() over a Database: its storage as the search's targets (search_targets.hpp).
#include <fmt/format.h>

#include <memory>
#include <optional>
#include <vector>

#include "align/search/search_targets.hpp"
#include "tropic/align/search.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

struct Searcher::State {
    std::vector<std::uint64_t> ordinals;
    detail::SearchTargets targets;
    std::optional<detail::SearchEngine> engine;
};

Searcher::Searcher(const Database& database, const SearchParams& params, const RunOptions& options)
    : state_(std::make_unique<State>()) {
    if (params.align.scoring.matrix.alphabet != database.alphabet())
        throw InputError(fmt::format("the scoring is for {} but the database '{}' holds {}",
                                     alphabet_name(params.align.scoring.matrix.alphabet),
                                     database.source(), alphabet_name(database.alphabet())));
    state_->ordinals.resize(database.size());
    for (std::size_t k = 0; k < database.size(); ++k) state_->ordinals[k] = database.ordinal(k);
    detail::SearchTargets& targets = state_->targets;
    targets.view = {database.all_residues(), database.offsets()};
    targets.ordinals = state_->ordinals;
    targets.total_residues = database.total_residues();
    targets.longest = database.longest();
    state_->engine.emplace(targets, params, options);
}

Searcher::~Searcher() = default;

SearchStats Searcher::search(std::span<const std::span<const std::uint8_t>> queries,
                             const std::function<void(QueryHits&&)>& on_query,
                             const SearchProgress& progress) {
    return state_->engine->run(queries, on_query, progress);
}

SearchStats search(std::span<const std::span<const std::uint8_t>> queries, const Database& database,
                   const SearchParams& params, const RunOptions& options,
                   const std::function<void(QueryHits&&)>& on_query,
                   const SearchProgress& progress) {
    return Searcher(database, params, options).search(queries, on_query, progress);
}

}  // namespace tropic::align

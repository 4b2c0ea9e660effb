#pragma once
// What search() needs of a database, apart from the Database class: the targets back to back in
// storage order (ascending length) and each one's ordinal (its position in the input, which
// breaks ties between hits). search() builds one from a Database; tests build one from plain
// sequences without a file.
#include <cstdint>
#include <functional>
#include <span>

#include "align/batch/batch_cuda.hpp"
#include "tropic/align/search.hpp"

namespace tropic::align::detail {

struct SearchTargets {
    batch::TargetView view;
    std::span<const std::uint64_t> ordinals;  // view.count() of them
    std::uint64_t total_residues = 0;         // the E-value's database size
    std::uint64_t longest = 0;
};

// search() over `targets` (see search.hpp); SearchHit::target indexes the view.
SearchStats search_targets(std::span<const std::span<const std::uint8_t>> queries,
                           const SearchTargets& targets, const SearchParams& params,
                           const RunOptions& options,
                           const std::function<void(QueryHits&&)>& on_query,
                           const SearchProgress& progress);

}  // namespace tropic::align::detail

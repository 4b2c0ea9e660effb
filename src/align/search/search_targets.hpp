#pragma once
// What search() needs of a database, apart from the Database class: the targets back to back in
// storage order (ascending length) and each one's ordinal (its position in the input, which
// breaks ties between hits). search() builds one from a Database; tests build one from plain
// sequences without a file.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "align/search/cuda/device_scanner.hpp"
#include "align/search/targets.hpp"
#include "tropic/align/search.hpp"

namespace tropic::align::detail {

struct SearchTargets {
    TargetView view;
    std::span<const std::uint64_t> ordinals;  // view.count() of them
    std::uint64_t total_residues = 0;         // the E-value's database size
    std::uint64_t longest = 0;
};

// The search of one set of targets with fixed parameters, for queries in one call or many
// (Searcher); the device's copy of the targets, once made, serves every call. The targets,
// parameters and options must outlive it. Throws InputError for invalid parameters.
class SearchEngine {
  public:
    SearchEngine(const SearchTargets& targets, const SearchParams& params,
                 const RunOptions& options);
    ~SearchEngine();
    SearchEngine(const SearchEngine&) = delete;
    SearchEngine& operator=(const SearchEngine&) = delete;

    // search() of search.hpp over these targets; SearchHit::target indexes the view.
    SearchStats run(std::span<const std::span<const std::uint8_t>> queries,
                    const std::function<void(QueryHits&&)>& on_query,
                    const SearchProgress& progress);

  private:
    Backend choose();
    void tell_cells(std::uint64_t cells);
    void run_batch(std::size_t first, std::size_t last, std::size_t count);
    void select(std::size_t first, std::vector<QueryHits>& results, std::size_t count);
    void align(std::size_t first, const std::vector<std::span<const std::uint8_t>>& scanned,
               std::vector<QueryHits>& results);
    std::vector<PairAlignment> align_pairs(std::span<const AlignPairInput> pairs);

    const SearchTargets& targets_;
    const SearchParams& params_;
    const RunOptions& options_;
    std::size_t strands_;
    std::optional<KarlinAltschul> statistics_;
    AlignParams scan_params_, align_params_;
    std::unique_ptr<batch::DeviceScanner> scanner_;
    std::vector<std::int32_t> scores_;
    // The call in progress.
    std::span<const std::span<const std::uint8_t>> queries_;
    const std::function<void(QueryHits&&)>* on_query_ = nullptr;
    const SearchProgress* progress_ = nullptr;
    std::uint64_t cells_total_ = 0, cells_done_ = 0;
    std::size_t batch_queries_ = 1;
    SearchStats stats_;
};

// SearchEngine(targets, params, options).run(queries, on_query, progress).
SearchStats search_targets(std::span<const std::span<const std::uint8_t>> queries,
                           const SearchTargets& targets, const SearchParams& params,
                           const RunOptions& options,
                           const std::function<void(QueryHits&&)>& on_query,
                           const SearchProgress& progress);

}  // namespace tropic::align::detail

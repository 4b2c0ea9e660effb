#pragma once
// Database search: every query against every sequence of a Database (database.hpp), with
// pairwise.hpp's scoring, modes and tie rule. Two passes:
//   1. the scan: the score of every (query, database sequence) pair, score only;
//   2. the hits: per query the best `top` sequences by (score descending, then database order,
//      i.e. the ordinal, ascending; the plus strand before the minus strand), kept only when
//      they pass min_score and max_evalue, each then aligned in full (CIGAR and coordinates),
//      exactly as align_pair aligns that pair.
// Both passes run on the CPU (SIMD kernels over every thread) or on a CUDA device; the hits are
// the same either way.
//
// DNA on both strands aligns the reverse complement of the query as a second query; its hits
// have strand Minus and their alignment is that of the reverse-complemented query against the
// database sequence (as SAM and PAF describe a reverse-strand hit).
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "tropic/align/database.hpp"
#include "tropic/align/karlin_altschul.hpp"
#include "tropic/align/pairwise.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::align {

enum class Strand : std::uint8_t { Plus, Minus };

struct SearchParams {
    AlignParams align;  // mode and scoring; score_only is ignored (hits are always aligned)
    std::size_t top = 10;
    // Hits scoring below this are dropped. Unset: 1 in local mode (an empty alignment is no hit),
    // no minimum in the other modes.
    std::optional<std::int64_t> min_score;
    // Hits with a larger E-value are dropped; needs statistics (local mode, published
    // Karlin-Altschul parameters): Searcher throws InputError otherwise.
    std::optional<double> max_evalue;
    bool both_strands = false;  // DNA only
};

// Throws InputError for contradicting parameters (both strands with protein, top 0, an E-value
// limit without statistics).
void validate(const SearchParams& params, Alphabet alphabet);

// The smallest score a hit may have under `params` (min_score or the mode's default).
[[nodiscard]] std::int64_t minimum_hit_score(const SearchParams& params);

struct SearchHit {
    std::size_t target = 0;  // the database sequence, in storage order (Database::name(target))
    Strand strand = Strand::Plus;
    PairAlignment alignment;  // of the query (reverse-complemented for Minus) against the target
    double evalue = 0, bits = 0;  // meaningful when statistics exist
};

struct QueryHits {
    std::size_t query = 0;  // index into the queries passed in
    std::vector<SearchHit> hits;
};

// The E-value of a search: Karlin-Altschul with m the query's length and n the database's total
// residues (the search space of the whole database, as BLAST counts it, without BLAST's
// finite-size correction).
[[nodiscard]] double search_evalue(const KarlinAltschul& statistics, std::int64_t score,
                                   std::int64_t query_length, std::uint64_t database_residues);

struct SearchProgress {
    // Cells (query residues x database residues) scanned so far and in all; called from the
    // thread that runs Searcher::search, now and then.
    std::function<void(std::uint64_t cells_done, std::uint64_t cells_total)> on_scan;
};

struct SearchStats {
    std::uint64_t cells = 0;     // scanned
    double scan_seconds = 0;     // the scan's wall time (both strands)
    double align_seconds = 0;    // the hits' alignments
    std::uint64_t rescored = 0;  // pairs scored again with wider lanes after an overflow
    Backend backend = Backend::Cpu;
};

namespace detail {
struct SearchTargets;
}

// Searches queries (residue codes of the database's alphabet) against every sequence of a
// database, for queries that come in one call or several (a query file read in batches): what
// the calls share, the device's copy of the database above all, is set up once. The database,
// parameters and options must outlive it. The constructor throws InputError for invalid
// parameters or scoring of another alphabet than the database's.
class Searcher {
  public:
    Searcher(const Database& database, const SearchParams& params, const RunOptions& options);
    // Over targets laid out as a database stores them, without a file (tests and benchmarks);
    // SearchHit::target indexes targets.view. The targets' memory must outlive it.
    Searcher(const detail::SearchTargets& targets, const SearchParams& params,
             const RunOptions& options);
    ~Searcher();
    Searcher(const Searcher&) = delete;
    Searcher& operator=(const Searcher&) = delete;

    // Results come per query in input order; `on_query` is called with each query's hits as soon
    // as they are final (queries are scanned in batches, so calls come batch by batch, in order);
    // QueryHits::query indexes this call's queries. Returns the stats of this call. Throws
    // InputError for a query with a code beyond the matrix, ResourceError when memory cannot hold
    // the work (the message says what would fit).
    SearchStats search(std::span<const std::span<const std::uint8_t>> queries,
                       const std::function<void(QueryHits&&)>& on_query,
                       const SearchProgress& progress = {});

  private:
    class State;
    std::unique_ptr<State> state_;
};

}  // namespace tropic::align

// Searcher: the scan of every query against every target (CPU or device), the top hits of each
// query by the tie rule, and their full alignments (CPU or device), batch by batch of queries.
// The one place where the search chooses a backend.
#include "tropic/align/search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

#include "align/pairwise/pair_checks.hpp"
#include "align/search/cuda/device_scanner.hpp"
#include "align/search/scan_cpu.hpp"
#include "align/search/targets.hpp"
#include "align/search/top_hits.hpp"
#include "core/internal/backend_choice.hpp"
#include "core/internal/device_shares.hpp"
#include "core/internal/memory_fit.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align {

namespace {

// The scores of one batch of queries (one int32 per query, strand and target) take at most this
// much: large enough that a batch of queries shares each pass over the database, small beside
// the memory of any machine that searches a large database.
constexpr std::uint64_t kBatchScoreBytes = std::uint64_t{256} << 20;
// Auto sends a search of this many cells or more to the device: score-only work, where align's
// measurement (align_pair.cpp: ~3 x 10^9 cells) puts the crossover with the context's start.
constexpr double kAutoCudaMinCells = 3e9;

double seconds_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

// The search of one set of targets with fixed parameters; the device's copy of the targets, once
// made, serves every call.
class Searcher::State {
  public:
    State(const detail::SearchTargets& targets, const SearchParams& params,
          const RunOptions& options);
    State(const Database& database, const SearchParams& params, const RunOptions& options);

    SearchStats run(std::span<const std::span<const std::uint8_t>> queries,
                    const std::function<void(QueryHits&&)>& on_query,
                    const SearchProgress& progress);

  private:
    Backend choose();
    void tell_cells(std::uint64_t cells);
    void scan_on_devices(const std::vector<std::span<const std::uint8_t>>& scanned,
                         std::size_t count);
    void run_batch(std::size_t first, std::size_t last, std::size_t count);
    void select(std::size_t first, std::vector<QueryHits>& results, std::size_t count);
    void align(std::size_t first, const std::vector<std::span<const std::uint8_t>>& scanned,
               std::vector<QueryHits>& results);
    std::vector<PairAlignment> align_pairs(std::span<const AlignPairInput> pairs);

    std::vector<std::uint64_t> ordinals_;  // a Database's, which targets_.ordinals views
    detail::SearchTargets targets_;
    const SearchParams& params_;
    const RunOptions& options_;
    std::size_t strands_;
    std::optional<KarlinAltschul> statistics_;
    AlignParams scan_params_, align_params_;
    // One scanner, with its copy of the targets, per device of the run; the shares of one
    // device take turns (for_each_device_share), so they use its scanner one at a time.
    std::map<int, std::unique_ptr<detail::cuda::DeviceScanner>> scanners_;
    std::mutex cells_mutex_;  // the scan's counts, which every device's share adds to
    std::vector<std::int32_t> scores_;
    // The call in progress.
    std::span<const std::span<const std::uint8_t>> queries_;
    const std::function<void(QueryHits&&)>* on_query_ = nullptr;
    const SearchProgress* progress_ = nullptr;
    std::uint64_t cells_total_ = 0, cells_done_ = 0;
    std::size_t batch_queries_ = 1;
    SearchStats stats_;
};

Searcher::State::State(const detail::SearchTargets& targets, const SearchParams& params,
                       const RunOptions& options)
    : targets_(targets),
      params_(params),
      options_(options),
      strands_(params.both_strands ? 2 : 1),
      statistics_(params.align.mode == AlignMode::Local ? karlin_altschul(params.align.scoring)
                                                        : std::nullopt) {
    validate(params_, params_.align.scoring.matrix.alphabet);
    scan_params_ = params.align;
    scan_params_.score_only = true;
    align_params_ = params.align;
    align_params_.score_only = false;
}

// A database's storage as the targets.
Searcher::State::State(const Database& database, const SearchParams& params,
                       const RunOptions& options)
    : State(detail::SearchTargets{}, params, options) {
    ordinals_.resize(database.size());
    for (std::size_t k = 0; k < database.size(); ++k) ordinals_[k] = database.ordinal(k);
    targets_.view = {database.all_residues(), database.offsets()};
    targets_.ordinals = ordinals_;
    targets_.total_residues = database.total_residues();
    targets_.longest = database.longest();
}

SearchStats Searcher::State::run(std::span<const std::span<const std::uint8_t>> queries,
                                 const std::function<void(QueryHits&&)>& on_query,
                                 const SearchProgress& progress) {
    queries_ = queries;
    on_query_ = &on_query;
    progress_ = &progress;
    stats_ = {};
    cells_done_ = 0;
    const Scoring& scoring = params_.align.scoring;
    std::uint64_t query_residues = 0, longest = 0;
    for (std::size_t q = 0; q < queries_.size(); ++q) {
        detail::check_codes(queries_[q], scoring.matrix, fmt::format("query {}", q + 1));
        query_residues += queries_[q].size();
        longest = std::max<std::uint64_t>(longest, queries_[q].size());
    }
    if (!queries_.empty() && targets_.longest > 0)
        detail::check_score_range(static_cast<std::int64_t>(longest),
                                  static_cast<std::int64_t>(targets_.longest), scoring);
    cells_total_ = query_residues * strands_ * targets_.total_residues;
    stats_.backend = choose();

    const std::size_t count = targets_.view.count();
    for (std::size_t first = 0; first < queries_.size(); first += batch_queries_)
        run_batch(first, std::min(queries_.size(), first + batch_queries_), count);
    return stats_;
}

// The batch size (the scores it holds fit kBatchScoreBytes and the host) and the backend.
Backend Searcher::State::choose() {
    const std::uint64_t row_bytes =
        std::uint64_t{4} * strands_ * std::max<std::size_t>(1, targets_.view.count());
    const std::uint64_t budget =
        std::min(kBatchScoreBytes, host_budget(options_.max_memory).bytes / 2);
    batch_queries_ = static_cast<std::size_t>(std::clamp<std::uint64_t>(
        budget / row_bytes, 1, std::max<std::size_t>(1, queries_.size())));
    WorkEstimate work;
    work.what = fmt::format("a search of {} quer{} against {} sequences", queries_.size(),
                            queries_.size() == 1 ? "y" : "ies", targets_.view.count());
    work.steps = static_cast<double>(cells_total_);
    work.auto_min_steps = kAutoCudaMinCells;
    work.host_bytes = row_bytes * batch_queries_;
    // The device scanner checks its own memory (it streams a database larger than the
    // device), so the choice asks the device for nothing.
    work.device_bytes = 0;
    work.suggest = [](const MemoryBudget&) {
        return std::string(
            "search a smaller database (the scores of one query take 4 bytes "
            "per database sequence and strand)");
    };
    const Backend backend = choose_backend(options_, work);
    if (backend != Backend::Cuda || targets_.view.count() == 0 || !scanners_.empty())
        return backend;
    // The devices' copies of the database serve every later call as well. Auto falls back to the
    // CPU when a device cannot even stream the database (the scanner says why).
    try {
        for (int device : tropic::detail::batch_devices(options_))
            if (!scanners_.contains(device))
                scanners_[device] = std::make_unique<detail::cuda::DeviceScanner>(
                    targets_.view, scan_params_, device);
    } catch (const ResourceError& error) {
        scanners_.clear();
        if (options_.backend != Backend::Auto) throw;
        notify(options_, fmt::format("the search runs on the CPU: the device cannot scan it ({})",
                                     error.what()));
        return Backend::Cpu;
    }
    return backend;
}

void Searcher::State::tell_cells(std::uint64_t cells) {
    const std::lock_guard lock(cells_mutex_);
    cells_done_ += cells;
    stats_.cells += cells;
    if (progress_->on_scan) progress_->on_scan(cells_done_, cells_total_);
}

void Searcher::State::run_batch(std::size_t first, std::size_t last, std::size_t count) {
    // Scan queries: each query, then (both strands) its reverse complement.
    std::vector<std::vector<std::uint8_t>> minus;
    std::vector<std::span<const std::uint8_t>> scanned;
    if (strands_ == 2) minus.reserve(last - first);
    for (std::size_t q = first; q < last; ++q) {
        scanned.push_back(queries_[q]);
        if (strands_ == 2) {
            minus.push_back(reverse_complement_dna(queries_[q]));
            scanned.push_back(minus.back());
        }
    }
    scores_.resize(scanned.size() * count);
    const auto start = std::chrono::steady_clock::now();
    const auto on_cells = [this](std::uint64_t cells) { tell_cells(cells); };
    if (stats_.backend == Backend::Cuda && !scanners_.empty()) {
        scan_on_devices(scanned, count);
    } else if (count > 0) {
        stats_.rescored += detail::scan_cpu(scanned, targets_.view, scan_params_, options_.pool,
                                            scores_, on_cells);
    }
    stats_.scan_seconds += seconds_since(start);

    std::vector<QueryHits> results(last - first);
    select(first, results, count);
    align(first, scanned, results);
    for (QueryHits& hits : results) (*on_query_)(std::move(hits));
}

// The scanned rows in contiguous shares over the run's devices, balanced by their lengths, each
// share's scores in its rows of scores_: the same scores as one device's.
void Searcher::State::scan_on_devices(const std::vector<std::span<const std::uint8_t>>& scanned,
                                      std::size_t count) {
    std::vector<double> costs;
    costs.reserve(scanned.size());
    for (const auto& row : scanned) costs.push_back(static_cast<double>(row.size()));
    const auto on_cells = [this](std::uint64_t cells) { tell_cells(cells); };
    tropic::detail::for_each_device_share(
        options_, costs, [&](const RunOptions& share_run, std::size_t begin, std::size_t end) {
            detail::cuda::DeviceScanner& scanner = *scanners_.at(share_run.device);
            const std::uint64_t before = scanner.rescored();
            scanner.scan(std::span(scanned).subspan(begin, end - begin),
                         std::span(scores_).subspan(begin * count, (end - begin) * count),
                         on_cells);
            const std::uint64_t rescored = scanner.rescored() - before;
            const std::lock_guard lock(cells_mutex_);
            stats_.rescored += rescored;
        });
}

// Each query's hits by the tie rule, filtered by score and E-value, not yet aligned (the
// alignment's score, which equals the scan's, is kept in alignment.score for the check).
void Searcher::State::select(std::size_t first, std::vector<QueryHits>& results,
                             std::size_t count) {
    const std::int64_t min_score = minimum_hit_score(params_);
    const auto select_one = [&](std::size_t b) {
        std::vector<std::span<const std::int32_t>> rows;
        for (std::size_t s = 0; s < strands_; ++s)
            rows.push_back(
                std::span<const std::int32_t>(scores_).subspan((b * strands_ + s) * count, count));
        QueryHits& out = results[b];
        out.query = first + b;
        const auto length = static_cast<std::int64_t>(queries_[first + b].size());
        for (const detail::HitCandidate& candidate :
             detail::top_candidates(rows, targets_.ordinals, params_.top, min_score)) {
            SearchHit hit;
            hit.target = candidate.target;
            hit.strand = candidate.strand;
            hit.alignment.score = candidate.score;
            if (statistics_) {
                hit.evalue =
                    search_evalue(*statistics_, candidate.score, length, targets_.total_residues);
                hit.bits = bit_score(*statistics_, candidate.score);
            }
            // E-values fall as scores rise, so the best hits that pass are the best passing.
            if (params_.max_evalue && hit.evalue > *params_.max_evalue) break;
            out.hits.push_back(std::move(hit));
        }
    };
    parallel_for(options_.pool, 0, results.size(), select_one);
}

// The hits' full alignments, on the backend of the scan, each checked against its scan score.
void Searcher::State::align(std::size_t first,
                            const std::vector<std::span<const std::uint8_t>>& scanned,
                            std::vector<QueryHits>& results) {
    std::vector<AlignPairInput> pairs;
    for (std::size_t b = 0; b < results.size(); ++b)
        for (const SearchHit& hit : results[b].hits) {
            const std::size_t row = b * strands_ + (hit.strand == Strand::Minus ? 1 : 0);
            const std::uint64_t begin = targets_.view.offsets[hit.target];
            const std::uint64_t end = targets_.view.offsets[hit.target + 1];
            pairs.push_back({scanned[row], targets_.view.residues.subspan(begin, end - begin),
                             fmt::format("query {} against database sequence {}", first + b + 1,
                                         targets_.ordinals[hit.target] + 1)});
        }
    const auto start = std::chrono::steady_clock::now();
    std::vector<PairAlignment> alignments = align_pairs(pairs);
    stats_.align_seconds += seconds_since(start);
    std::size_t k = 0;
    for (QueryHits& result : results)
        for (SearchHit& hit : result.hits) {
            if (alignments[k].score != hit.alignment.score)
                throw InternalError(fmt::format(
                    "{}: the scan scored {} but the alignment {} ({} scan)", pairs[k].what,
                    hit.alignment.score, alignments[k].score, to_string(stats_.backend)));
            hit.alignment = std::move(alignments[k++]);
        }
}

std::vector<PairAlignment> Searcher::State::align_pairs(std::span<const AlignPairInput> pairs) {
    // align_many on the scan's backend: on the device its short pairs go to align_pairs_cuda in
    // batches and a long one to align_pair there; on the CPU they share the threads.
    RunOptions run = options_;
    run.on_progress = nullptr;
    run.backend = stats_.backend;
    std::vector<Outcome<PairAlignment>> outcomes = align_many(pairs, align_params_, run);
    std::vector<PairAlignment> alignments(pairs.size());
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
        outcomes[k].rethrow_error();
        alignments[k] = std::move(outcomes[k].result);
    }
    return alignments;
}

Searcher::Searcher(const Database& database, const SearchParams& params,
                   const RunOptions& options) {
    if (params.align.scoring.matrix.alphabet != database.alphabet())
        throw InputError(fmt::format("the scoring is for {} but the database '{}' holds {}",
                                     alphabet_name(params.align.scoring.matrix.alphabet),
                                     database.source(), alphabet_name(database.alphabet())));
    state_ = std::make_unique<State>(database, params, options);
}

Searcher::Searcher(const detail::SearchTargets& targets, const SearchParams& params,
                   const RunOptions& options)
    : state_(std::make_unique<State>(targets, params, options)) {}

Searcher::~Searcher() = default;

SearchStats Searcher::search(std::span<const std::span<const std::uint8_t>> queries,
                             const std::function<void(QueryHits&&)>& on_query,
                             const SearchProgress& progress) {
    return state_->run(queries, on_query, progress);
}

}  // namespace tropic::align

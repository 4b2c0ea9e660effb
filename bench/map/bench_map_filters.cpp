// The read mapper's candidate filters (src/map/filter) on 150-base candidates (Google Benchmark):
// the time each filter takes per candidate and the fraction of candidates it rejects.
//
//   bench_map_filters [Google Benchmark flags]
//
// Candidates: a 150-base read against a window of 150 + 2e bases with the band [0, 2e], e = 12
// (ceil(0.08 * 150), MapParams' default budget), as a seed hit on the window's centre diagonal
// gives them. Kinds (1000 candidates each, fixed seeds):
//   unrelated   read and window independent and uniform
//   seeded      unrelated, but sharing a 12-base exact seed on the centre diagonal (the false
//               candidates a seed of that length brings)
//   hits        the read copied from the window's centre with 0..8% edits (each a substitution,
//               an insertion or a deletion): candidates that should pass
//   near        the same with 8..20% edits: most just over the budget, the hardest to reject
// Filters: count (nucleotide_count_bound), tiled_l4 / tiled_l5 (tiled_bound with 4- and 5-mer
// tables, stop_above = e), exact (banded_edit_distance, stop_above = e), cascade
// (CandidateFilter::passes: tiled l = 5 on the read's first max_edits + 1 tiles, then exact), and
// for comparison count_then_exact and tiled_l5_then_exact (the tiled bound on the whole read).
// Counters: ns_per_candidate; rejected = the fraction of candidates the filter (alone) rejects;
// for the cascade also by_count, by_tiled, by_exact (fractions rejected by each stage).
// bench-quick-filter: seeded
#include <benchmark/benchmark.h>

#include <functional>
#include <random>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "map/filter/banded_edit_distance.hpp"
#include "map/filter/candidate_filter.hpp"
#include "map/filter/lmer_distance_table.hpp"
#include "map/filter/nucleotide_count_bound.hpp"
#include "map/filter/tiled_bound.hpp"
#include "support/random_rna.hpp"

namespace {

namespace detail = tropic::map::detail;
using Seq = std::vector<std::uint8_t>;

constexpr int kReadLength = 150;
constexpr int kMaxEdits = 12;
constexpr int kCandidates = 1000;
constexpr int kSeedLength = 12;

struct Candidate {
    Seq read, window;
    detail::BandedWindow view() const { return {read, window, 0, 2 * kMaxEdits}; }
};

enum class Kind { unrelated, seeded, hits, near };

// The read copied from window[kMaxEdits, kMaxEdits + 150) with edits at rate `rate`.
Seq edited_copy(std::mt19937_64& rng, const Seq& window, double rate) {
    std::uniform_real_distribution<double> unit(0, 1);
    std::uniform_int_distribution<int> base(0, 3), kind(0, 2), other(1, 3);
    Seq read;
    for (int j = kMaxEdits; static_cast<int>(read.size()) < kReadLength; ++j) {
        const std::uint8_t b = window[static_cast<std::size_t>(j) % window.size()];
        if (unit(rng) >= rate) {
            read.push_back(b);
            continue;
        }
        switch (kind(rng)) {
            case 0:
                read.push_back(static_cast<std::uint8_t>((b + other(rng)) % 4));
                break;
            case 1:
                read.push_back(b);
                read.push_back(static_cast<std::uint8_t>(base(rng)));
                break;
            default:
                break;
        }
    }
    read.resize(kReadLength);
    return read;
}

std::vector<Candidate> make_candidates(Kind kind) {
    std::mt19937_64 rng(static_cast<std::uint64_t>(kind) + 11);
    std::vector<Candidate> candidates(kCandidates);
    for (Candidate& c : candidates) {
        c.window = tropic::test::random_rna(rng, kReadLength + 2 * kMaxEdits);
        if (kind == Kind::hits || kind == Kind::near) {
            const double low = kind == Kind::hits ? 0 : 0.08;
            const double high = kind == Kind::hits ? 0.08 : 0.2;
            c.read =
                edited_copy(rng, c.window, std::uniform_real_distribution<double>(low, high)(rng));
            continue;
        }
        c.read = tropic::test::random_rna(rng, kReadLength);
        if (kind == Kind::seeded) {
            const int at = std::uniform_int_distribution<int>(0, kReadLength - kSeedLength)(rng);
            for (int k = 0; k < kSeedLength; ++k) c.read[at + k] = c.window[kMaxEdits + at + k];
        }
    }
    return candidates;
}

// Times `rejects` over all candidates; counters ns_per_candidate and rejected.
void bench_filter(benchmark::State& state, const std::vector<Candidate>* candidates,
                  const std::function<bool(const detail::BandedWindow&)>* rejects) {
    std::uint64_t rejected = 0;
    for (auto _ : state) {
        rejected = 0;
        for (const Candidate& c : *candidates) rejected += (*rejects)(c.view());
        benchmark::DoNotOptimize(rejected);
    }
    const double n = static_cast<double>(candidates->size());
    state.counters["ns_per_candidate"] = benchmark::Counter(
        n * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["rejected"] = static_cast<double>(rejected) / n;
}

void bench_cascade(benchmark::State& state, const std::vector<Candidate>* candidates,
                   const detail::CandidateFilter* filter) {
    detail::FilterCounts counts;
    for (auto _ : state) {
        counts = {};
        for (const Candidate& c : *candidates)
            benchmark::DoNotOptimize(filter->passes(c.view(), kMaxEdits, counts));
    }
    const double n = static_cast<double>(candidates->size());
    state.counters["ns_per_candidate"] = benchmark::Counter(
        n * 1e-9, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
    state.counters["rejected"] = 1.0 - static_cast<double>(counts.passed()) / n;
    state.counters["by_count"] = static_cast<double>(counts.rejected_count) / n;
    state.counters["by_tiled"] = static_cast<double>(counts.rejected_tiled) / n;
    state.counters["by_exact"] = static_cast<double>(counts.rejected_exact) / n;
}

}  // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    static const detail::CandidateFilter filter;
    static const detail::LmerDistanceTable table4(4);
    using Rejects = std::function<bool(const detail::BandedWindow&)>;
    static const std::vector<std::pair<std::string, Rejects>> filters = {
        {"count", [](const auto& c) { return detail::nucleotide_count_bound(c) > kMaxEdits; }},
        {"tiled_l4",
         [](const auto& c) { return detail::tiled_bound(table4, c, kMaxEdits) > kMaxEdits; }},
        {"tiled_l5",
         [](const auto& c) {
             return detail::tiled_bound(filter.table(), c, kMaxEdits) > kMaxEdits;
         }},
        {"exact",
         [](const auto& c) { return detail::banded_edit_distance(c, kMaxEdits) > kMaxEdits; }},
        {"count_then_exact",
         [](const auto& c) {
             return detail::nucleotide_count_bound(c) > kMaxEdits ||
                    detail::banded_edit_distance(c, kMaxEdits) > kMaxEdits;
         }},
        {"tiled_l5_then_exact",
         [](const auto& c) {
             return detail::tiled_bound(filter.table(), c, kMaxEdits) > kMaxEdits ||
                    detail::banded_edit_distance(c, kMaxEdits) > kMaxEdits;
         }},
    };
    static const std::vector<std::pair<std::string, std::vector<Candidate>>> kinds = {
        {"unrelated", make_candidates(Kind::unrelated)},
        {"seeded", make_candidates(Kind::seeded)},
        {"hits", make_candidates(Kind::hits)},
        {"near", make_candidates(Kind::near)},
    };
    for (const auto& [kind, candidates] : kinds) {
        for (const auto& [name, rejects] : filters)
            tropic::bench::with_repetitions(
                benchmark::RegisterBenchmark(("filters/" + kind + "/" + name).c_str(), bench_filter,
                                             &candidates, &rejects))
                ->Unit(benchmark::kMicrosecond);
        tropic::bench::with_repetitions(
            benchmark::RegisterBenchmark(("filters/" + kind + "/cascade").c_str(), bench_cascade,
                                         &candidates, &filter))
            ->Unit(benchmark::kMicrosecond);
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

#pragma once
// What the mirscan benchmark drivers share: a synthetic genome and one timed scan.
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "support/planted_genome.hpp"
#include "tropic/mirna/mirscan.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::bench {

// `mbp` million bases of background (41% G+C, the human genome's share) with a precursor-like
// hairpin planted every 20 kb on a random strand, in records of at most 50 Mbp.
inline std::vector<SequenceRecord> synthetic_genome(std::size_t mbp) {
    std::mt19937_64 rng(2026);
    std::vector<SequenceRecord> records;
    std::size_t left = mbp * 1'000'000;
    for (int r = 1; left > 0; ++r) {
        std::size_t length = std::min<std::size_t>(left, 50'000'000);
        records.push_back({"chr" + std::to_string(r),
                           test::planted_genome(rng, length, static_cast<int>(length / 20'000))});
        left -= length;
    }
    return records;
}

struct CountingSink : mirna::MirscanSink {
    void candidate(const mirna::MirnaCandidate&) override { ++candidates; }
    std::uint64_t candidates = 0;
};

// One scan of `genome` with the default parameters; counters: Mbp/s (both strands scanned),
// windows/s, and the hours a 3.1 Gbp genome would take at that rate.
inline void scan_genome(benchmark::State& state, const std::vector<SequenceRecord>& genome,
                        const RunOptions& run) {
    mirna::MirscanParams params;
    mirna::MirscanSummary summary;
    double seconds = 0;
    try {
        seconds = run_wall_timed(state, [&] {
            CountingSink sink;
            summary = mirna::mirscan_records(genome, rna::turner2004_params(), params, run, sink);
        });
    } catch (const std::exception& error) {
        state.SkipWithError(error.what());
        return;
    }
    const double mbp = static_cast<double>(summary.bases) / 1e6;
    state.counters["mbp_per_second"] = mbp / seconds;
    state.counters["windows_per_second"] = static_cast<double>(summary.windows) / seconds;
    state.counters["hours_for_3_1_gbp"] = 3100.0 / (mbp / seconds) / 3600.0;
    state.counters["windows"] = static_cast<double>(summary.windows);
    state.counters["hairpins"] = static_cast<double>(summary.hairpins);
    state.counters["loci"] = static_cast<double>(summary.loci);
    state.counters["filtered"] = static_cast<double>(summary.filtered);
    state.counters["shuffles"] = static_cast<double>(summary.shuffles);
    state.counters["candidates"] = static_cast<double>(summary.candidates);
    state.counters["window_fold_s"] = summary.seconds_windows;
    state.counters["hairpin_fold_s"] = summary.seconds_hairpins;
    state.counters["shuffle_fold_s"] = summary.seconds_shuffles;
}

}  // namespace tropic::bench

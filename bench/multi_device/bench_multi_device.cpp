// Scaling over several GPUs (RunOptions::devices): the batch workloads the issue measures, each on
// device 0 alone, then 0,1 and 0,1,2,3 (those the host has; the others are skipped), and on two
// logical devices of device 0 ("0,0": the split's own cost, no second GPU). In-process rates after
// a warm-up that starts every device's context and copies the database or reference there; the
// `speedup` counter is the device-0 time over this time. Synthetic data made in the run, sized for
// a few seconds per workload on one H100:
//   fold:   100,000 random 200-nt RNAs, MFE (Turner 2004, dangles 2), rate in seq/s;
//   search: 48 DNA queries of 1,000 bp, both strands, local, top 10, against 200,000 random
//           sequences of 500-1,500 bp (200 M bp), rate in cells/s;
//   map:    60,000 single reads of 150 bases (2 % errors) against a 20 Mbp genome with diverged
//           repeats, rate in reads/s.
// Every configuration's results are checked against device 0's (identical, or the run fails).
#include <fmt/format.h>

#include <chrono>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "bench_support.hpp"
#include "map/map_test_genome.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "support/search_database.hpp"
#include "support/temp_dir.hpp"
#include "tropic/align/search.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/map/mapper.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/model_details.hpp"

namespace tropic::bench {
namespace {

using Seq = std::vector<std::uint8_t>;

ThreadPool& pool() {
    static ThreadPool threads(0);
    return threads;
}

RunOptions on_devices(const std::vector<int>& devices) {
    RunOptions run;
    run.backend = Backend::Cuda;
    run.pool = &pool();
    run.device = devices.front();
    if (devices.size() > 1) run.devices = devices;
    run.on_notice = [](const Notice&) {};
    return run;
}

RunOptions cpu_run() {
    RunOptions run;
    run.backend = Backend::Cpu;
    run.pool = &pool();
    return run;
}

std::string device_list(const std::vector<int>& devices) {
    return fmt::format("{}", fmt::join(devices, ","));
}

// Whether the host has every device of the list; skips the benchmark when not.
bool have_devices(benchmark::State& state, const std::vector<int>& devices) {
    for (int d : devices)
        if (d >= cuda_device_count()) {
            state.SkipWithError(
                fmt::format("device {} not present ({} found)", d, cuda_device_count()).c_str());
            return false;
        }
    return true;
}

// Times `body` once per iteration; sets the rate counter (`what` per second) and the speedup
// over the workload's first configuration (device 0 alone, registered and run first).
template <class Body>
void timed(benchmark::State& state, const std::vector<int>& devices, const std::string& workload,
           double items, const char* what, const Body& body) {
    static std::map<std::string, double> one_device_seconds;
    const double seconds = run_wall_timed(state, body);
    if (devices == std::vector<int>{0}) one_device_seconds[workload] = seconds;
    state.counters[what] = benchmark::Counter(items / seconds);
    if (one_device_seconds.contains(workload))
        state.counters["speedup"] = one_device_seconds[workload] / seconds;
}

// --- fold ---

struct FoldData {
    std::vector<Seq> seqs;
    rna::EnergyParams params = rna::ModelDetails{}.energy_params();
    std::vector<Outcome<rna::MfeResult>> reference;
};

FoldData& fold_data() {
    static FoldData data = [] {
        FoldData d;
        std::mt19937_64 rng(11);
        for (int k = 0; k < 100'000; ++k) d.seqs.push_back(test::random_rna(rng, 200));
        return d;
    }();
    return data;
}

void fold_batch(benchmark::State& state, std::vector<int> devices) {
    if (!have_devices(state, devices)) return;
    FoldData& data = fold_data();
    const RunOptions run = on_devices(devices);
    const std::vector<Seq> warm(data.seqs.begin(), data.seqs.begin() + 2000);
    (void)rna::fold_mfe_many(warm, data.params, rna::MfeParams{}, run);
    std::vector<Outcome<rna::MfeResult>> out;
    timed(state, devices, "fold", static_cast<double>(data.seqs.size()), "seq_per_s",
          [&] { out = rna::fold_mfe_many(data.seqs, data.params, rna::MfeParams{}, run); });
    if (data.reference.empty()) data.reference = out;
    for (std::size_t k = 0; k < out.size(); ++k)
        if (out[k].result.structure != data.reference[k].result.structure ||
            out[k].result.energy != data.reference[k].result.energy) {
            state.SkipWithError(fmt::format("record {} differs from device 0's", k).c_str());
            return;
        }
}

// --- search ---

struct SearchData {
    std::vector<Seq> queries, targets;
    std::unique_ptr<test::SearchDatabase> db;
    align::SearchParams params;
    std::vector<align::QueryHits> reference;
    double cells = 0;
};

SearchData& search_data() {
    static SearchData data = [] {
        SearchData d;
        std::mt19937_64 rng(12);
        std::uniform_int_distribution<std::size_t> length(500, 1500);
        for (int k = 0; k < 48; ++k) d.queries.push_back(test::random_dna(rng, 1000));
        std::uint64_t residues = 0;
        for (int k = 0; k < 200'000; ++k) {
            d.targets.push_back(k % 500 == 0 ? test::mutate(rng, d.queries[k % 48], 4, 0.1, 0.02)
                                             : test::random_dna(rng, length(rng)));
            residues += d.targets.back().size();
        }
        d.db = std::make_unique<test::SearchDatabase>(d.targets);
        d.params.align = {align::AlignMode::Local, {align::dna_matrix(2, -3, -3), {5, 2}}, false};
        d.params.top = 10;
        d.params.both_strands = true;
        d.cells = 2.0 * 48 * 1000 * static_cast<double>(residues);
        return d;
    }();
    return data;
}

std::vector<align::QueryHits> search(align::Searcher& searcher, const std::vector<Seq>& queries) {
    std::vector<align::QueryHits> out;
    const std::vector<std::span<const std::uint8_t>> spans(queries.begin(), queries.end());
    searcher.search(spans, [&](align::QueryHits&& hits) { out.push_back(std::move(hits)); });
    return out;
}

bool same_hits(const std::vector<align::QueryHits>& a, const std::vector<align::QueryHits>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t q = 0; q < a.size(); ++q) {
        if (a[q].hits.size() != b[q].hits.size()) return false;
        for (std::size_t h = 0; h < a[q].hits.size(); ++h)
            if (a[q].hits[h].target != b[q].hits[h].target ||
                a[q].hits[h].alignment.score != b[q].hits[h].alignment.score ||
                a[q].hits[h].alignment.cigar != b[q].hits[h].alignment.cigar)
                return false;
    }
    return true;
}

void search_queries(benchmark::State& state, std::vector<int> devices) {
    if (!have_devices(state, devices)) return;
    SearchData& data = search_data();
    const RunOptions run = on_devices(devices);
    align::Searcher searcher(data.db->targets, data.params, run);
    // Every device's copy of the database is made by the first search.
    (void)search(searcher, {data.queries.begin(), data.queries.begin() + 4});
    std::vector<align::QueryHits> out;
    timed(state, devices, "search", data.cells, "cells_per_s",
          [&] { out = search(searcher, data.queries); });
    if (data.reference.empty()) data.reference = out;
    if (!same_hits(out, data.reference)) state.SkipWithError("hits differ from device 0's");
}

// --- map ---

struct MapData {
    test::TempDir dir{"tropic-bench-multi-device"};
    std::unique_ptr<map::ReferenceIndex> index;
    std::vector<SequenceRecord> reads;
    std::vector<AlignmentRecord> reference;
};

MapData& map_data() {
    static MapData data;
    if (!data.index) {
        std::mt19937_64 rng(13);
        const std::vector<std::string> contigs =
            test::repeat_contigs(rng, {8'000'000, 7'000'000, 5'000'000}, 0.05);
        data.index = std::make_unique<map::ReferenceIndex>(map::build_reference_index(
            data.dir.write("genome.fa", test::fasta_text(contigs)), map::IndexParams{}, cpu_run()));
        for (int k = 0; k < 60'000; ++k) {
            SequenceRecord read = test::plant_read(rng, contigs, 150, static_cast<int>(rng() % 4),
                                                   fmt::format("r{}", k))
                                      .read;
            read.qualities.assign(read.residues.size(), 'I');
            data.reads.push_back(std::move(read));
        }
    }
    return data;
}

void map_reads(benchmark::State& state, std::vector<int> devices) {
    if (!have_devices(state, devices)) return;
    MapData& data = map_data();
    const RunOptions run = on_devices(devices);
    map::Mapper mapper(*data.index, map::MapParams{}, "bench");
    map::MapSummary summary;
    // Every device's filter and copy of the reference are made by the first batch.
    (void)mapper.map_single(std::span(data.reads).first(2'000), run, summary);
    std::vector<AlignmentRecord> out;
    timed(state, devices, "map", static_cast<double>(data.reads.size()), "reads_per_s",
          [&] { out = mapper.map_single(data.reads, run, summary); });
    if (data.reference.empty()) data.reference = out;
    if (!(out == data.reference)) state.SkipWithError("records differ from device 0's");
}

// Each workload on device 0 (the reference of its speedups), 0,1, 0,1,2,3 and 0,0.
void register_all() {
    const std::vector<std::vector<int>> configurations = {{0}, {0, 1}, {0, 1, 2, 3}, {0, 0}};
    const std::pair<const char*, void (*)(benchmark::State&, std::vector<int>)> workloads[] = {
        {"fold_mfe_200nt_x100000", fold_batch},
        {"search_dna_48x1000bp_vs_200Mbp", search_queries},
        {"map_60000_reads_20Mbp", map_reads}};
    for (const auto& [name, run] : workloads)
        for (std::size_t c = 0; c < configurations.size(); ++c)
            benchmark::RegisterBenchmark(
                fmt::format("{}/devices:{}", name, device_list(configurations[c])).c_str(),
                [run, devices = configurations[c]](benchmark::State& state) {
                    run(state, devices);
                })
                ->UseManualTime()
                ->Iterations(1)
                ->Repetitions(3)
                ->DisplayAggregatesOnly(true)
                ->Unit(benchmark::kMillisecond);
}

}  // namespace
}  // namespace tropic::bench

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    if (!tropic::cuda_compiled() || tropic::cuda_device_count() == 0) {
        std::printf("SKIPPED: no CUDA device\n");
        return 0;
    }
    tropic::bench::register_all();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

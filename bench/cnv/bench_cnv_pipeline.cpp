// cn.mops' pipeline from counts (Google Benchmark), in-process: normalisation, local models,
// segmentation, calls and integer copy numbers, on synthetic cohorts (Poisson counts around a
// per-window mean, sample depths 0.7-1.3, planted CNVs of CN0/1/3/4 over 10-30 windows):
//   cnv_pipeline/bm_a/{cpu,cuda}        15 samples x 6.9 M windows in 3 sequences: the size of
//                                       gcn.MOPS' benchmark BM-A (cn.mops: ~95 min on one core
//                                       for these stages); counts generated before timing
//   cnv_pipeline/cohort_1000/{cpu,cuda}/W
//                                       1,000 samples x W windows in sequences of 125,000,
//                                       generated as the pipeline reads them (timed: `scan`)
//   cnv_pipeline/small/{cpu,cuda}       15 samples x 200,000 windows (the quick subset)
//   cnv_segment/fast/N                  cn.mops' fast segmentation of one sample's N sI/NI values
// Counters: windows_per_s, and each stage's seconds of the last repetition (scan, normalize,
// model, segment, call). The CUDA runs SKIP without a device.
// bench-quick-filter: small|cnv_segment/fast/100000
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <thread>
#include <vector>

#include "bench_support.hpp"
#include "tropic/cnv/pipeline.hpp"
#include "tropic/cnv/segmentation.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/thread_pool.hpp"

namespace {

using namespace tropic;

// Counts of one synthetic sequence, the same for the same (seed, index).
cnv::SequenceCounts synthetic_sequence(std::size_t index, std::size_t windows, std::size_t samples,
                                       std::uint64_t seed) {
    std::mt19937_64 rng(seed * 1000003 + index);
    cnv::SequenceCounts seq;
    seq.name = fmt::format("chr{}", index + 1);
    seq.start.resize(windows);
    seq.end.resize(windows);
    seq.counts.resize(windows * samples);
    std::vector<double> depth(samples);
    std::uniform_real_distribution<double> depth_of(0.7, 1.3);
    for (double& d : depth) d = depth_of(rng);
    std::vector<double> copy(windows * samples, 2.0);
    std::uniform_int_distribution<std::size_t> width_of(10, 30), sample_of(0, samples - 1);
    const double classes[] = {0.025, 1, 3, 4};
    for (std::size_t w = 0; w + 40 < windows; w += 5000) {
        const std::size_t s = sample_of(rng), width = width_of(rng);
        const double cn = classes[rng() % 4];
        for (std::size_t k = w; k < w + width; ++k) copy[k * samples + s] = cn;
    }
    // Counts drawn on every core (a 1,000-sample cohort has 10^8 per sequence), each stretch of
    // windows from its own generator, so the counts do not depend on the number of threads.
    constexpr std::size_t kStretch = 4096;
    const std::size_t stretches = (windows + kStretch - 1) / kStretch;
    auto draw = [&](std::size_t stretch) {
        std::mt19937_64 local(seed * 7919 + index * 104729 + stretch);
        std::lognormal_distribution<double> mean_of(std::log(60.0), 0.3);
        for (std::size_t w = stretch * kStretch; w < std::min(windows, (stretch + 1) * kStretch);
             ++w) {
            seq.start[w] = static_cast<std::int64_t>(w) * 1000;
            seq.end[w] = seq.start[w] + 1000;
            const double mean = mean_of(local);
            for (std::size_t s = 0; s < samples; ++s) {
                std::poisson_distribution<int> count(mean * depth[s] * copy[w * samples + s] / 2);
                seq.counts[w * samples + s] = count(local);
            }
        }
    };
    std::vector<std::thread> threads;
    const std::size_t workers = std::max(1u, std::thread::hardware_concurrency());
    for (std::size_t t = 0; t < workers; ++t)
        threads.emplace_back([&, t] {
            for (std::size_t stretch = t; stretch < stretches; stretch += workers) draw(stretch);
        });
    for (std::thread& thread : threads) thread.join();
    return seq;
}

// Sequences made as they are read, so that cohorts larger than memory can be run.
class SyntheticSource : public cnv::CountSource {
  public:
    SyntheticSource(std::size_t samples, std::size_t windows, std::size_t per_sequence)
        : samples_(samples), windows_(windows), per_sequence_(per_sequence) {
        for (std::size_t s = 0; s < samples; ++s) names_.push_back(fmt::format("S{}", s + 1));
    }
    const std::vector<std::string>& samples() const override { return names_; }
    bool next(cnv::SequenceCounts& sequence) override {
        const std::size_t first = next_ * per_sequence_;
        if (first >= windows_) return false;
        sequence =
            synthetic_sequence(next_, std::min(per_sequence_, windows_ - first), samples_, 7);
        ++next_;
        return true;
    }
    void rewind() override { next_ = 0; }

  private:
    std::size_t samples_, windows_, per_sequence_, next_ = 0;
    std::vector<std::string> names_;
};

class CountingSink : public cnv::CnvSink {
  public:
    void sequence(const cnv::SequenceResult& result) override { cnvs += result.cnvs.size(); }
    std::size_t cnvs = 0;
};

bool device_missing(benchmark::State& state, Backend backend) {
    if (backend == Backend::Cuda && cuda_device_count() == 0) {
        state.SkipWithError("SKIPPED: no CUDA device");
        return true;
    }
    return false;
}

void run_pipeline(benchmark::State& state, cnv::CountSource& source, std::size_t windows,
                  Backend backend) {
    if (device_missing(state, backend)) return;
    ThreadPool pool(0);
    RunOptions run;
    run.backend = backend;
    run.pool = &pool;
    run.max_memory = SIZE_MAX;
    cnv::CnmopsParams params;
    cnv::PipelineSummary summary;
    CountingSink sink;
    const double seconds =
        bench::run_wall_timed(state, [&] { summary = cnv::run_cnmops(source, params, sink, run); });
    state.counters["windows_per_s"] = static_cast<double>(windows) / seconds;
    state.counters["scan_s"] = summary.seconds.scan;
    state.counters["normalize_s"] = summary.seconds.normalize;
    state.counters["model_s"] = summary.seconds.model;
    state.counters["segment_s"] = summary.seconds.segment;
    state.counters["call_s"] = summary.seconds.call;
    state.counters["cnvs"] = static_cast<double>(summary.cnvs);
}

cnv::CountMatrix pregenerated(std::size_t samples, std::size_t windows, std::size_t sequences) {
    cnv::CountMatrix matrix;
    for (std::size_t s = 0; s < samples; ++s) matrix.samples.push_back(fmt::format("S{}", s + 1));
    for (std::size_t k = 0; k < sequences; ++k)
        matrix.sequences.push_back(synthetic_sequence(k, windows / sequences, samples, 11));
    return matrix;
}

void register_all() {
    for (Backend backend : {Backend::Cpu, Backend::Cuda}) {
        const char* name = backend == Backend::Cpu ? "cpu" : "cuda";
        benchmark::RegisterBenchmark(fmt::format("cnv_pipeline/small/{}", name).c_str(),
                                     [backend](benchmark::State& state) {
                                         static const cnv::CountMatrix m =
                                             pregenerated(15, 200000, 2);
                                         cnv::MemoryCountSource source(m);
                                         run_pipeline(state, source, 200000, backend);
                                     })
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1)
            ->Repetitions(3);
        benchmark::RegisterBenchmark(fmt::format("cnv_pipeline/bm_a/{}", name).c_str(),
                                     [backend](benchmark::State& state) {
                                         static const cnv::CountMatrix m =
                                             pregenerated(15, 6900000, 3);
                                         cnv::MemoryCountSource source(m);
                                         run_pipeline(state, source, 6900000, backend);
                                     })
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1)
            ->Repetitions(1);
        for (std::size_t windows : {250000, 3000000}) {
            benchmark::RegisterBenchmark(
                fmt::format("cnv_pipeline/cohort_1000/{}/{}", name, windows).c_str(),
                [backend, windows](benchmark::State& state) {
                    SyntheticSource source(1000, windows, 125000);
                    run_pipeline(state, source, windows, backend);
                })
                ->UseManualTime()
                ->Unit(benchmark::kMillisecond)
                ->Iterations(1)
                ->Repetitions(1);
        }
    }
    for (std::size_t n : {100000, 2300000}) {
        benchmark::RegisterBenchmark(
            fmt::format("cnv_segment/fast/{}", n).c_str(),
            [n](benchmark::State& state) {
                std::mt19937_64 rng(n);
                std::normal_distribution<double> noise(0, 0.15);
                std::vector<double> x(n);
                for (std::size_t i = 0; i < n; ++i)
                    x[i] = noise(rng) + ((i / 5000) % 7 == 3 ? -1.0 : 0.0);
                cnv::CnmopsParams params;
                std::size_t segments = 0;
                const double seconds = bench::run_wall_timed(
                    state, [&] { segments = cnv::segment_fast(x, params).size(); });
                state.counters["windows_per_s"] = static_cast<double>(n) / seconds;
                state.counters["segments"] = static_cast<double>(segments);
            })
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond)
            ->Iterations(1)
            ->Repetitions(3);
    }
}

}  // namespace

int main(int argc, char** argv) {
    register_all();
    benchmark::Initialize(&argc, argv);
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}

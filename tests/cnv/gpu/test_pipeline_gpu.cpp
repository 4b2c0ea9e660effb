// The whole pipeline with the model on the GPU gives the calls of the CPU run: identical CNVs
// (sample, windows, class), CNV regions with every sample's class, and window classes
// (integerCopyNumber), on every oracle case and on a larger random cohort with planted CNVs.
// The model's values are the same doubles on both (src/cnv/model/portable_math.hpp), which
// the larger cohort checks; segments are not listed (they follow from the values).
// Without a CUDA device every test SKIPs visibly.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>
#include <string>

#include "support/cnv_oracle.hpp"
#include "support/gpu_test.hpp"
#include "tropic/cnv/pipeline.hpp"

namespace tropic::cnv {
namespace {

// Every call of a run as text: segments with their classes, regions with theirs, window classes.
std::vector<std::string> calls_of(const test::CollectingSink& sink) {
    std::vector<std::string> out;
    for (const auto& seq : sink.sequences()) {
        for (const Segment& s : seq.result.cnvs)
            out.push_back(seq.counts.name + " cnv " + std::to_string(s.sample) + " " +
                          std::to_string(s.first) + "-" + std::to_string(s.last) + " " +
                          std::to_string(s.cn));
        for (const CnvRegion& r : seq.result.regions) {
            std::string line = seq.counts.name + " region " + std::to_string(r.first) + "-" +
                               std::to_string(r.last);
            for (int k : r.cn) line += " " + std::to_string(k);
            out.push_back(line);
        }
        std::string classes(seq.result.model.expected_class.begin(),
                            seq.result.model.expected_class.end());
        out.push_back(seq.counts.name + " classes " +
                      std::to_string(std::hash<std::string>{}(classes)));
    }
    return out;
}

class PipelineGpu : public test::GpuTest {
  protected:
    // The calls of a run; `values` (when given) receives every sI/NI, lambda and alpha.
    static std::vector<std::string> run_on(Backend backend, const CountMatrix& counts,
                                           const CnmopsParams& params,
                                           const std::vector<bool>& controls,
                                           std::vector<double>* values = nullptr) {
        test::CollectingSink sink;
        RunOptions run;
        run.backend = backend;
        run.pool = &pool();
        MemoryCountSource source(counts);
        run_cnmops(source, params, sink, run, controls);
        if (values) {
            for (const auto& seq : sink.sequences()) {
                const LocalModelResult& m = seq.result.model;
                values->insert(values->end(), m.sini.begin(), m.sini.end());
                values->insert(values->end(), m.lambda.begin(), m.lambda.end());
                values->insert(values->end(), m.alpha.begin(), m.alpha.end());
            }
        }
        return calls_of(sink);
    }
};

TEST_F(PipelineGpu, OracleCasesGiveTheCpuCalls) {
    int cases = 0;
    for (const std::string& dir : test::oracle_case_dirs()) {
        const test::OracleCase c = test::load_oracle_case(dir);
        SCOPED_TRACE(c.name);
        EXPECT_EQ(run_on(Backend::Cpu, c.counts, c.params, c.controls),
                  run_on(Backend::Cuda, c.counts, c.params, c.controls));
        ++cases;
    }
    EXPECT_GE(cases, 10);
}

TEST_F(PipelineGpu, LargerCohortGivesTheCpuCalls) {
    // 20 samples x 3 sequences of 20,000 windows, a CNV planted every 700 windows.
    std::mt19937_64 rng(20261124);
    CountMatrix m;
    for (int s = 0; s < 20; ++s) m.samples.push_back("S" + std::to_string(s + 1));
    for (int q = 0; q < 3; ++q) {
        SequenceCounts seq;
        seq.name = "chr" + std::to_string(q + 1);
        std::lognormal_distribution<double> mean_of(std::log(80.0), 0.4);
        std::vector<double> copy(20000 * 20, 2.0);
        for (std::size_t w = 100; w + 40 < 20000; w += 700) {
            const std::size_t s = rng() % 20, width = 5 + rng() % 30;
            const double cn[] = {0.0, 1.0, 3.0, 4.0};
            for (std::size_t k = w; k < w + width; ++k) copy[k * 20 + s] = cn[rng() % 4];
        }
        for (std::size_t w = 0; w < 20000; ++w) {
            seq.start.push_back(static_cast<std::int64_t>(w) * 1000);
            seq.end.push_back(static_cast<std::int64_t>(w + 1) * 1000);
            const double mean = mean_of(rng);
            for (std::size_t s = 0; s < 20; ++s) {
                std::poisson_distribution<int> count(mean * (0.8 + 0.02 * static_cast<double>(s)) *
                                                     (copy[w * 20 + s] + 0.05) / 2);
                seq.counts.push_back(count(rng));
            }
        }
        m.sequences.push_back(std::move(seq));
    }
    const CnmopsParams params;
    std::vector<double> cpu_values, gpu_values;
    const auto cpu = run_on(Backend::Cpu, m, params, {}, &cpu_values);
    const auto gpu = run_on(Backend::Cuda, m, params, {}, &gpu_values);
    EXPECT_GT(cpu.size(), 100u);
    // The model's arithmetic is the same on both (portable_math.hpp, no fused multiply-adds):
    // every value is the same double.
    ASSERT_EQ(cpu_values.size(), gpu_values.size());
    std::size_t differing = 0;
    for (std::size_t i = 0; i < cpu_values.size(); ++i)
        differing += cpu_values[i] == gpu_values[i] ? 0 : 1;
    EXPECT_EQ(differing, 0u) << "of " << cpu_values.size() << " model values";
    if (cpu != gpu) {
        // What differs, in a few lines rather than two long lists.
        std::vector<std::string> a = cpu, b = gpu, only_cpu, only_gpu;
        std::sort(a.begin(), a.end());
        std::sort(b.begin(), b.end());
        std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(only_cpu));
        std::set_difference(b.begin(), b.end(), a.begin(), a.end(), std::back_inserter(only_gpu));
        std::string report;
        for (std::size_t i = 0; i < std::min<std::size_t>(only_cpu.size(), 12); ++i)
            report += "\n  CPU only: " + only_cpu[i];
        for (std::size_t i = 0; i < std::min<std::size_t>(only_gpu.size(), 12); ++i)
            report += "\n  GPU only: " + only_gpu[i];
        ADD_FAILURE() << only_cpu.size() << " calls only on the CPU, " << only_gpu.size()
                      << " only on the GPU:" << report;
    }
}

}  // namespace
}  // namespace tropic::cnv

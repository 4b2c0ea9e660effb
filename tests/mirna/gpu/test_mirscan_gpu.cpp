// mirscan on the device gives the CPU's loci and candidates exactly (windows, hairpins and
// shuffles folded in device batches), on one device or spread over several.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "support/gpu_test.hpp"
#include "support/mirscan_sink.hpp"
#include "support/planted_genome.hpp"
#include "tropic/mirna/mirscan.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::mirna {
namespace {

void expect_same(const std::vector<MirnaCandidate>& gpu, const std::vector<MirnaCandidate>& cpu) {
    ASSERT_EQ(gpu.size(), cpu.size());
    for (std::size_t i = 0; i < gpu.size(); ++i) {
        SCOPED_TRACE(testing::Message() << "item " << i);
        EXPECT_EQ(gpu[i].sequence_name, cpu[i].sequence_name);
        EXPECT_EQ(gpu[i].start, cpu[i].start);
        EXPECT_EQ(gpu[i].end, cpu[i].end);
        EXPECT_EQ(gpu[i].strand, cpu[i].strand);
        EXPECT_EQ(gpu[i].structure, cpu[i].structure);
        EXPECT_EQ(gpu[i].features.hairpin.mfe, cpu[i].features.hairpin.mfe);
        EXPECT_EQ(gpu[i].score, cpu[i].score);
        ASSERT_EQ(gpu[i].features.significance.has_value(),
                  cpu[i].features.significance.has_value());
        if (gpu[i].features.significance) {
            EXPECT_EQ(gpu[i].features.significance->pvalue, cpu[i].features.significance->pvalue);
            EXPECT_EQ(gpu[i].features.significance->zscore, cpu[i].features.significance->zscore);
        }
    }
}

class MirscanGpu : public test::GpuTest {};

TEST_F(MirscanGpu, GenomeScanEqualsTheCpu) {
    std::mt19937_64 rng(21);
    std::vector<SequenceRecord> genome = {{"chr1", test::planted_genome(rng, 60000, 40)},
                                          {"chr2", test::planted_genome(rng, 9000, 6)}};
    MirscanParams params;
    params.shuffles = 30;
    params.batch_windows = 1500;  // several batches, loci crossing their boundaries
    const auto& energy = rna::turner2004_params();
    RunOptions cpu;
    cpu.backend = Backend::Cpu;
    cpu.pool = &pool();
    RunOptions gpu;
    gpu.backend = Backend::Cuda;
    gpu.pool = &pool();
    test::CollectingMirscanSink on_cpu, on_gpu;
    MirscanSummary a = mirscan_records(genome, energy, params, cpu, on_cpu);
    MirscanSummary b = mirscan_records(genome, energy, params, gpu, on_gpu);
    ASSERT_GT(a.filtered, 0u);
    EXPECT_EQ(a.windows, b.windows);
    EXPECT_EQ(a.shuffles, b.shuffles);
    expect_same(on_gpu.loci, on_cpu.loci);
    expect_same(on_gpu.candidates, on_cpu.candidates);
}

// Windows, hairpins and shuffles folded in shares over two and three logical devices on device
// 0 ("0,0", "0,0,0") give device 0's loci and candidates exactly.
TEST_F(MirscanGpu, GenomeScanOnSeveralDevicesEqualsOneDevice) {
    std::mt19937_64 rng(23);
    std::vector<SequenceRecord> genome = {{"chr1", test::planted_genome(rng, 40000, 25)}};
    MirscanParams params;
    params.shuffles = 20;
    params.batch_windows = 1500;
    const auto& energy = rna::turner2004_params();
    RunOptions one;
    one.backend = Backend::Cuda;
    one.pool = &pool();
    test::CollectingMirscanSink on_one;
    const MirscanSummary a = mirscan_records(genome, energy, params, one, on_one);
    ASSERT_GT(a.filtered, 0u);
    for (const std::vector<int>& devices : {std::vector<int>{0, 0}, std::vector<int>{0, 0, 0}}) {
        RunOptions several = one;
        several.devices = devices;
        test::CollectingMirscanSink on_several;
        const MirscanSummary b = mirscan_records(genome, energy, params, several, on_several);
        EXPECT_EQ(a.windows, b.windows);
        EXPECT_EQ(a.shuffles, b.shuffles);
        expect_same(on_several.loci, on_one.loci);
        expect_same(on_several.candidates, on_one.candidates);
    }
}

TEST_F(MirscanGpu, CharacterizedHairpinsEqualTheCpu) {
    std::mt19937_64 rng(22);
    std::vector<SequenceRecord> hairpins;
    for (int i = 0; i < 50; ++i)
        hairpins.push_back(
            {"h" + std::to_string(i), test::precursor_like_hairpin(rng, 20 + i % 15)});
    MirscanParams params;
    params.shuffles = 40;
    const auto& energy = rna::turner2004_params();
    RunOptions cpu;
    cpu.backend = Backend::Cpu;
    cpu.pool = &pool();
    RunOptions gpu = cpu;
    gpu.backend = Backend::Cuda;
    expect_same(characterize_hairpins(hairpins, energy, params, gpu),
                characterize_hairpins(hairpins, energy, params, cpu));
}

}  // namespace
}  // namespace tropic::mirna

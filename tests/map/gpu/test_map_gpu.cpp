// The GPU path of read mapping against the CPU's: the device filter's outcome equals the CPU
// cascade's for every candidate (real candidates of planted reads, and random windows and bands
// around them), and the mapper's records are identical on both backends, single reads and pairs,
// on a genome with diverged repeats and runs of N. SKIPs without a device.
#include <gtest/gtest.h>

#include <random>

#include "map/filter/device_filter.hpp"
#include "map/map_test_genome.hpp"
#include "map/mapper/batch_filter.hpp"
#include "map/mapper/read_hits.hpp"
#include "support/gpu_test.hpp"
#include "support/random_rna.hpp"
#include "support/temp_dir.hpp"
#include "tropic/map/mapper.hpp"

namespace tropic::map::detail {
namespace {

using test::GpuTest;

class MapGpu : public GpuTest {};

struct RepeatGenome {
    std::vector<std::string> contigs;
    test::TempDir dir{"tropic-map-gpu"};
    ReferenceIndex index;
    explicit RepeatGenome(std::mt19937_64& rng) {
        contigs = test::repeat_contigs(rng, {120000, 60000}, 0.03);
        index = build_reference_index(dir.write("genome.fa", test::fasta_text(contigs)),
                                      IndexParams{}, RunOptions{});
    }
};

// Planted reads of 60..250 bases with 0..15 edits, some with an N, and a few random ones.
std::vector<SequenceRecord> test_reads(std::mt19937_64& rng, const RepeatGenome& genome,
                                       int count) {
    std::vector<SequenceRecord> reads;
    for (int k = 0; k < count; ++k) {
        const std::size_t length = 60 + rng() % 191;
        const int edits = static_cast<int>(rng() % 16);
        SequenceRecord read =
            test::plant_read(rng, genome.contigs, length, edits, "r" + std::to_string(k)).read;
        if (rng() % 8 == 0) read.residues[rng() % read.residues.size()] = 'N';
        if (rng() % 20 == 0) read.residues = test::random_bases(rng, read.residues.size());
        read.qualities.assign(read.residues.size(), 'I');
        reads.push_back(std::move(read));
    }
    return reads;
}

TEST_F(MapGpu, DeviceFilterOutcomesEqualCpu) {
    const std::uint64_t seed = test::test_seed();
    SCOPED_TRACE(seed);
    std::mt19937_64 rng(seed);
    const RepeatGenome genome(rng);
    const MapParams params;
    const HitFinder finder(genome.index, params);
    const auto reads = test_reads(rng, genome, 3000);
    std::vector<EncodedRead> encoded;
    for (const SequenceRecord& read : reads) encoded.emplace_back(read);
    CandidateBatch batch;
    HitCounts counts;
    for (std::size_t r = 0; r < encoded.size(); ++r) {
        (void)batch.add_read(encoded[r].forward);
        (void)batch.add_read(encoded[r].reverse);
        finder.collect(encoded[r].forward, strand_slot(r, false), batch.candidates, counts);
        finder.collect(encoded[r].reverse, strand_slot(r, true), batch.candidates, counts);
    }
    // Random windows and bands of every width, and random budgets, on the same reads.
    const auto total = static_cast<std::uint32_t>(genome.index.total_length());
    for (int k = 0; k < 20000; ++k) {
        FlatCandidate c;
        c.read = static_cast<std::uint32_t>(rng() % (batch.read_offsets.size() - 1));
        const auto n = static_cast<std::int32_t>(batch.read(c.read).size());
        c.window_length = static_cast<std::uint32_t>(n + rng() % 120);
        c.window_begin = static_cast<std::uint32_t>(rng() % (total - c.window_length));
        c.delta_low = static_cast<std::int32_t>(rng() % 60) - 20;
        c.delta_high = c.delta_low + static_cast<std::int32_t>(rng() % 110);
        c.max_edits = static_cast<std::int32_t>(rng() % 25);
        if (k % 2 == 0 && !batch.candidates.empty()) {  // a real candidate, its budget changed
            c = batch.candidates[rng() % batch.candidates.size()];
            c.max_edits = static_cast<std::int32_t>(rng() % 25);
        }
        batch.candidates.push_back(c);
    }
    const CandidateFilter cpu;
    std::vector<FilterOutcome> expected(batch.candidates.size());
    std::vector<std::uint8_t> window;
    for (std::size_t k = 0; k < batch.candidates.size(); ++k) {
        const FlatCandidate& c = batch.candidates[k];
        genome.index.extract(c.window_begin, std::int64_t{c.window_begin} + c.window_length,
                             window);
        expected[k] =
            cpu.outcome({batch.read(c.read), window, c.delta_low, c.delta_high}, c.max_edits);
    }
    BatchFilter filter(genome.index);
    std::vector<std::uint32_t> on_device;
    for (std::uint32_t k = 0; k < batch.candidates.size(); ++k)
        if (filter.device_candidate(batch.candidates[k])) on_device.push_back(k);
    ASSERT_GT(on_device.size(), batch.candidates.size() / 2);
    DeviceCandidateFilter device(genome.index.packed_bases(), cpu.table(), 0);
    std::vector<FilterOutcome> outcomes(on_device.size());
    device.filter(batch, on_device, outcomes);
    int passed = 0, tiled = 0, exact = 0, wrong = 0;
    for (std::size_t k = 0; k < on_device.size(); ++k) {
        const FilterOutcome want = expected[on_device[k]];
        passed += want == FilterOutcome::Passed;
        tiled += want == FilterOutcome::RejectedTiled;
        exact += want == FilterOutcome::RejectedExact;
        if (outcomes[k] != want && ++wrong <= 5)
            ADD_FAILURE() << "candidate " << on_device[k] << ": device "
                          << static_cast<int>(outcomes[k]) << ", cpu " << static_cast<int>(want);
    }
    EXPECT_EQ(wrong, 0);
    // Every stage decided some candidates, so each kernel was put to the test.
    EXPECT_GT(passed, 100);
    EXPECT_GT(tiled, 100);
    EXPECT_GT(exact, 10);

    RunOptions on_cuda;
    on_cuda.backend = Backend::Cuda;
    on_cuda.pool = &pool();
    EXPECT_EQ(filter.filter(batch, on_cuda), expected);
}

TEST_F(MapGpu, RecordsEqualCpuForSingleReadsAndPairs) {
    const std::uint64_t seed = test::test_seed();
    SCOPED_TRACE(seed);
    std::mt19937_64 rng(seed);
    const RepeatGenome genome(rng);
    const auto first = test_reads(rng, genome, 4000);
    std::vector<SequenceRecord> second;
    for (const SequenceRecord& read : first) {
        SequenceRecord mate = read;
        mate.residues = test::reverse_complement(read.residues);
        second.push_back(std::move(mate));
    }
    RunOptions on_cpu, on_cuda;
    on_cpu.backend = Backend::Cpu;
    on_cuda.backend = Backend::Cuda;
    on_cpu.pool = on_cuda.pool = &pool();
    MapSummary cpu_summary, cuda_summary;
    Mapper cpu(genome.index, MapParams{}, "g"), cuda(genome.index, MapParams{}, "g");
    EXPECT_EQ(cpu.map_single(first, on_cpu, cpu_summary),
              cuda.map_single(first, on_cuda, cuda_summary));
    EXPECT_EQ(cpu.map_pairs(first, second, on_cpu, cpu_summary),
              cuda.map_pairs(first, second, on_cuda, cuda_summary));
    EXPECT_EQ(cpu_summary.mapped, cuda_summary.mapped);
    EXPECT_EQ(cpu_summary.extended, cuda_summary.extended);
    EXPECT_GT(cpu_summary.mapped, cpu_summary.reads / 2);
}

}  // namespace
}  // namespace tropic::map::detail

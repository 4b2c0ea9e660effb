// Several devices (RunOptions::devices) map as one device does: the device candidates of each
// batch in contiguous shares, one filter (with its copy of the reference) per device, the records
// identical to device 0 alone and to the CPU's, with two and three logical devices on device 0
// ("0,0", "0,0,0"), single reads and pairs. SKIPs without a device.
#include <gtest/gtest.h>

#include <random>

#include "map/map_test_genome.hpp"
#include "support/gpu_test.hpp"
#include "support/random_rna.hpp"
#include "support/temp_dir.hpp"
#include "tropic/map/mapper.hpp"

namespace tropic::map {
namespace {

class MultiDeviceMapGpu : public test::GpuTest {};

TEST_F(MultiDeviceMapGpu, RecordsEqualOneDeviceAndCpu) {
    const std::uint64_t seed = test::test_seed();
    SCOPED_TRACE(seed);
    std::mt19937_64 rng(seed);
    const std::vector<std::string> contigs = test::repeat_contigs(rng, {90000, 50000}, 0.03);
    test::TempDir dir{"tropic-map-devices"};
    const ReferenceIndex index = build_reference_index(
        dir.write("genome.fa", test::fasta_text(contigs)), IndexParams{}, RunOptions{});
    std::vector<SequenceRecord> first, second;
    for (int k = 0; k < 3000; ++k) {
        SequenceRecord read =
            test::plant_read(rng, contigs, 80 + rng() % 150, static_cast<int>(rng() % 12),
                             "r" + std::to_string(k))
                .read;
        read.qualities.assign(read.residues.size(), 'I');
        SequenceRecord mate = read;
        mate.residues = test::reverse_complement(read.residues);
        first.push_back(std::move(read));
        second.push_back(std::move(mate));
    }
    auto map_with = [&](Backend backend, std::vector<int> devices) {
        const RunOptions run = run_on(backend, std::move(devices));
        MapSummary summary;
        Mapper mapper(index, MapParams{}, "g");
        auto single = mapper.map_single(first, run, summary);
        auto pairs = mapper.map_pairs(first, second, run, summary);
        return std::make_pair(std::move(single), std::move(pairs));
    };
    const auto cpu = map_with(Backend::Cpu, {});
    const auto one = map_with(Backend::Cuda, {0});
    EXPECT_EQ(one, cpu);
    for (const std::vector<int>& devices : {std::vector<int>{0, 0}, std::vector<int>{0, 0, 0}})
        EXPECT_EQ(map_with(Backend::Cuda, devices), one);
}

}  // namespace
}  // namespace tropic::map

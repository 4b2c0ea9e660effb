// Known human precursors (25 miRBase 21 stem-loops, tests/data/mirna/) planted on both strands
// into a genome-like background are found: as hairpin loci nearly all of them, as candidates
// (default score) most of them, and the background alone gives few candidates. A regression
// guard for the whole pipeline's sensitivity; docs/mirscan.md has the full-set figures.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "support/mirscan_sink.hpp"
#include "support/planted_genome.hpp"
#include "tropic/core/sequence_reader.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/mirna/mirscan.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::mirna {
namespace {

std::string background(std::mt19937_64& rng, std::size_t n) {
    std::string s;
    while (s.size() < n) s += test::random_base(rng, 0.41);
    return s;
}

int found(const std::vector<test::PlantedHairpin>& planted,
          const std::vector<MirnaCandidate>& calls) {
    int hits = 0;
    for (const auto& p : planted)
        for (const auto& c : calls)
            if (c.strand == p.strand && c.start < p.end && p.start < c.end) {
                ++hits;
                break;
            }
    return hits;
}

TEST(MirscanRecall, PlantedMirbasePrecursorsAreFound) {
    std::vector<SequenceRecord> known;
    const std::string path = TROPIC_TEST_DATA_DIR "/mirna/mirbase21_hsa_sample.fa";
    SequenceReader reader(path);
    while (auto r = reader.next()) known.push_back(*r);
    ASSERT_EQ(known.size(), 25u);
    std::mt19937_64 rng(25);
    std::string genome;
    std::vector<test::PlantedHairpin> planted;
    for (std::size_t i = 0; i < known.size(); ++i) {
        genome += background(rng, 1000);
        bool reverse = i % 2 == 1;
        std::string h =
            reverse ? test::reverse_complement_rna(known[i].residues) : known[i].residues;
        planted.push_back({genome.size(), genome.size() + h.size(), reverse ? '-' : '+'});
        genome += h;
    }
    genome += background(rng, 1000);
    MirscanParams params;
    params.shuffles = 30;
    ThreadPool pool(0);
    RunOptions run;
    run.backend = Backend::Cpu;
    run.pool = &pool;
    test::CollectingMirscanSink planted_scan;
    (void)mirscan_records({{"planted", genome}}, rna::turner2004_params(), params, run,
                          planted_scan);
    const int loci = found(planted, planted_scan.loci);
    const int candidates = found(planted, planted_scan.candidates);
    std::cout << "planted 25: " << loci << " as loci, " << candidates << " as candidates\n";
    EXPECT_GE(loci, 23);        // 93.9% on all 1,881 human precursors
    EXPECT_GE(candidates, 11);  // 55.2% there

    test::CollectingMirscanSink empty_scan;
    std::mt19937_64 other(26);
    (void)mirscan_records({{"background", background(other, genome.size())}},
                          rna::turner2004_params(), params, run, empty_scan);
    std::cout << "background alone (" << genome.size() << " nt): " << empty_scan.candidates.size()
              << " candidates\n";
    // 160 per Mbp on 5.6 Mbp of the same background: about 8 here.
    EXPECT_LE(empty_scan.candidates.size(), 30u);
}

}  // namespace
}  // namespace tropic::mirna

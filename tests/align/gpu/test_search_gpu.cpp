// GPU == CPU for the database search: the device scan's scores equal the CPU scan's for every
// (query, target) pair, and a whole search (scan on DeviceScanner, hits through
// align_pairs_cuda) gives the CPU's hits and the same bytes in every text layout, in all four
// modes, DNA on both strands and protein, on random and related sets. Without a CUDA device every
// test SKIPs visibly.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "align/search/cuda/device_scanner.hpp"
#include "align/search/scan_cpu.hpp"
#include "support/gpu_test.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "support/search_database.hpp"
#include "tropic/align/search.hpp"
#include "tropic/align/search_writer.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;
constexpr AlignMode kModes[] = {AlignMode::Local, AlignMode::Global, AlignMode::Glocal,
                                AlignMode::Overlap};

class SearchGpu : public test::GpuTest {};

Scoring scoring_for(bool dna) {
    return dna ? Scoring{dna_matrix(2, -3, -3), {5, 2}}
               : Scoring{builtin_matrix("BLOSUM62"), {11, 1}};
}

// Queries, and targets of which some are mutated pieces of the queries (so that hits score well
// and the narrow lanes saturate now and then), lengths up to `longest`.
void make_set(std::mt19937_64& rng, bool dna, std::size_t longest, std::vector<Seq>& queries,
              std::vector<Seq>& targets) {
    std::uniform_int_distribution<std::size_t> length(1, longest);
    const auto random_seq = [&](std::size_t n) {
        return dna ? test::random_dna(rng, n, 0.01) : test::random_protein(rng, n, true);
    };
    for (int q = 0; q < 4; ++q) queries.push_back(random_seq(length(rng)));
    for (int t = 0; t < 300; ++t) {
        if (t % 3 == 0) {
            Seq related = test::mutate(rng, queries[t % queries.size()], dna ? 4 : 20, 0.1, 0.03);
            if (related.empty()) related.push_back(1);
            targets.push_back(std::move(related));
        } else {
            targets.push_back(random_seq(length(rng)));
        }
    }
    targets.push_back(targets[5]);  // a tie in score, broken by the ordinals
}

std::vector<QueryHits> search_on(Backend backend, const std::vector<Seq>& queries,
                                 const test::SearchDatabase& db, const SearchParams& params,
                                 ThreadPool* pool) {
    RunOptions options;
    options.backend = backend;
    options.pool = pool;
    std::vector<QueryHits> out;
    const std::vector<std::span<const std::uint8_t>> spans(queries.begin(), queries.end());
    Searcher(db.targets, params, options).search(spans, [&](QueryHits&& hits) {
        out.push_back(std::move(hits));
    });
    return out;
}

// Every text layout of the hits, as `tropic search` writes them.
std::string written(const std::vector<QueryHits>& results, const std::vector<Seq>& queries,
                    const test::SearchDatabase& db, const SearchParams& params, bool dna) {
    const Alphabet alphabet = dna ? Alphabet::Dna : Alphabet::Protein;
    AlignmentTextOptions options;
    options.statistics = karlin_altschul(params.align.scoring);
    options = search_text_options(options, db.targets.total_residues);
    std::string out;
    for (AlignmentOutput layout : {AlignmentOutput::Blast6, AlignmentOutput::Tsv,
                                   AlignmentOutput::Json, AlignmentOutput::Paf})
        for (const QueryHits& hits : results) {
            SequenceRecord query{"q" + std::to_string(hits.query),
                                 decode_residues(queries[hits.query], alphabet)};
            std::vector<SequenceRecord> targets;
            for (const SearchHit& hit : hits.hits) {
                const std::uint64_t begin = db.offsets[hit.target];
                targets.push_back(
                    {"t" + std::to_string(db.ordinals[hit.target]),
                     decode_residues(
                         std::span(db.residues).subspan(begin, db.offsets[hit.target + 1] - begin),
                         alphabet)});
            }
            append_search_hits(layout, out, query, targets, hits, params.align, options);
        }
    return out;
}

void expect_same_search(std::uint64_t seed, bool dna, AlignMode mode, ThreadPool& pool) {
    std::mt19937_64 rng(seed);
    std::vector<Seq> queries, targets;
    make_set(rng, dna, dna ? 600 : 400, queries, targets);
    const test::SearchDatabase db(targets);
    SearchParams params;
    params.align = {mode, scoring_for(dna), false};
    params.top = 25;
    params.both_strands = dna;
    const std::string where = "seed " + std::to_string(seed) + (dna ? " dna " : " protein ") +
                              std::string(mode_name(mode));

    // The scans, pair by pair.
    std::vector<std::span<const std::uint8_t>> spans(queries.begin(), queries.end());
    std::vector<std::int32_t> cpu(queries.size() * targets.size()), gpu(cpu.size());
    AlignParams scan = params.align;
    scan.score_only = true;
    detail::scan_cpu(spans, db.targets.view, scan, &pool, cpu);
    detail::cuda::DeviceScanner scanner(db.targets.view, scan, 0);
    scanner.scan(spans, gpu);
    for (std::size_t k = 0; k < cpu.size(); ++k)
        ASSERT_EQ(gpu[k], cpu[k]) << where << " query " << k / targets.size() << " target "
                                  << db.ordinals[k % targets.size()];

    // The whole search: the same hits and the same bytes written.
    const std::vector<QueryHits> on_cpu = search_on(Backend::Cpu, queries, db, params, &pool);
    const std::vector<QueryHits> on_gpu = search_on(Backend::Cuda, queries, db, params, nullptr);
    ASSERT_EQ(on_gpu.size(), on_cpu.size()) << where;
    for (std::size_t q = 0; q < on_cpu.size(); ++q) {
        ASSERT_EQ(on_gpu[q].hits.size(), on_cpu[q].hits.size()) << where << " query " << q;
        for (std::size_t h = 0; h < on_cpu[q].hits.size(); ++h) {
            const SearchHit &a = on_gpu[q].hits[h], &b = on_cpu[q].hits[h];
            const std::string at =
                where + " query " + std::to_string(q) + " hit " + std::to_string(h);
            EXPECT_EQ(a.target, b.target) << at;
            EXPECT_EQ(a.strand, b.strand) << at;
            PairAlignment x = a.alignment, y = b.alignment;
            x.score_bits = y.score_bits;  // the lanes that computed it may differ
            EXPECT_EQ(x, y) << at;
        }
    }
    EXPECT_EQ(written(on_gpu, queries, db, params, dna), written(on_cpu, queries, db, params, dna))
        << where;
}

TEST_F(SearchGpu, SameHitsAsCpu) {
    // 2247627237081976008: overlap ties between row m and a row above it on column n.
    for (const std::uint64_t seed : {test::test_seed(), std::uint64_t{5}, std::uint64_t{2024},
                                     std::uint64_t{2247627237081976008u}})
        for (bool dna : {true, false})
            for (AlignMode mode : kModes) expect_same_search(seed, dna, mode, pool());
}

// Queries scanned in pairs (one launch for two queries of similar length) and one at a time
// give the CPU scan's local scores, on queries of one and of several passes (pairs of equal and
// of unequal lengths, and one left without a partner), with hits that saturate the 16-bit lanes
// now and then.
TEST_F(SearchGpu, QueryPairsScoreAsCpu) {
    for (const std::uint64_t seed : {test::test_seed(), std::uint64_t{77}})
        for (bool dna : {true, false}) {
            std::mt19937_64 rng(seed);
            std::vector<Seq> queries, targets;
            make_set(rng, dna, dna ? 1500 : 1200, queries, targets);
            queries.push_back(queries[0]);                                  // an equal partner
            queries.push_back(Seq(queries[1].begin(), queries[1].begin() +  // 90% of one
                                                          queries[1].size() * 9 / 10 + 1));
            queries.push_back(test::random_protein(rng, 2100, true));  // three passes
            if (dna) queries.back() = test::random_dna(rng, 2100, 0.01);
            const test::SearchDatabase db(targets);
            const AlignParams scan{AlignMode::Local, scoring_for(dna), true};
            const std::vector<std::span<const std::uint8_t>> spans(queries.begin(), queries.end());
            std::vector<std::int32_t> cpu(queries.size() * targets.size()), gpu(cpu.size());
            detail::scan_cpu(spans, db.targets.view, scan, &pool(), cpu);
            detail::cuda::DeviceScanner scanner(db.targets.view, scan, 0);
            for (bool pairs : {true, false}) {
                detail::cuda::set_query_pairs(pairs);
                std::fill(gpu.begin(), gpu.end(), -7);
                scanner.scan(spans, gpu);
                for (std::size_t k = 0; k < cpu.size(); ++k)
                    ASSERT_EQ(gpu[k], cpu[k])
                        << "seed " << seed << (dna ? " dna" : " protein")
                        << (pairs ? " paired" : " alone") << " query " << k / targets.size()
                        << " target " << db.ordinals[k % targets.size()];
            }
            detail::cuda::set_query_pairs(true);
        }
}

}  // namespace
}  // namespace tropic::align

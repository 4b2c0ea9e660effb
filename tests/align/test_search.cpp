// The database search on the CPU: the scan's scores against align_pair's score-only scores, the
// hits against a brute-force search (tests/reference/search_reference), ties, both strands, the
// filters and thread-count invariance.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <numeric>
#include <random>

#include "align/search/scan_cpu.hpp"
#include "align/search/targets.hpp"
#include "align/search/top_hits.hpp"
#include "reference/search_reference.hpp"
#include "support/random_alignment.hpp"
#include "support/random_rna.hpp"
#include "support/search_database.hpp"
#include "support/temp_dir.hpp"
#include "tropic/align/search.hpp"
#include "tropic/align/search_writer.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::align {
namespace {

using Seq = std::vector<std::uint8_t>;
constexpr AlignMode kModes[] = {AlignMode::Local, AlignMode::Global, AlignMode::Glocal,
                                AlignMode::Overlap};

using TestDatabase = test::SearchDatabase;

std::vector<std::span<const std::uint8_t>> spans(const std::vector<Seq>& seqs) {
    return {seqs.begin(), seqs.end()};
}

std::vector<QueryHits> run_search(const std::vector<Seq>& queries, const TestDatabase& db,
                                  const SearchParams& params, ThreadPool* pool,
                                  SearchStats* stats = nullptr) {
    RunOptions options;
    options.backend = Backend::Cpu;
    options.pool = pool;
    std::vector<QueryHits> out;
    const auto query_spans = spans(queries);
    const SearchStats got =
        Searcher(db.targets, params, options).search(query_spans, [&](QueryHits&& h) {
            out.push_back(std::move(h));
        });
    if (stats) *stats = got;
    return out;
}

Scoring dna_scoring() {
    return {dna_matrix(2, -3, -3), {5, 2}};
}
Scoring protein_scoring() {
    return {builtin_matrix("BLOSUM62"), {11, 1}};
}

// Random targets with some related to the queries (mutated copies of pieces of them).
std::vector<Seq> make_targets(std::mt19937_64& rng, const std::vector<Seq>& queries, bool dna,
                              std::size_t count, std::size_t max_length) {
    std::uniform_int_distribution<std::size_t> length(1, max_length);
    std::uniform_real_distribution<double> unit(0, 1);
    std::vector<Seq> targets;
    for (std::size_t k = 0; k < count; ++k) {
        if (!queries.empty() && unit(rng) < 0.4) {
            const Seq& q = queries[rng() % queries.size()];
            const std::size_t from = rng() % q.size();
            Seq piece(q.begin() + static_cast<std::ptrdiff_t>(from), q.end());
            Seq related = test::mutate(rng, piece, dna ? 4 : 20, 0.15, 0.05);
            if (related.empty()) related.push_back(0);
            targets.push_back(std::move(related));
        } else {
            targets.push_back(dna ? test::random_dna(rng, length(rng), 0.02)
                                  : test::random_protein(rng, length(rng), true));
        }
    }
    return targets;
}

std::vector<Seq> make_queries(std::mt19937_64& rng, bool dna, std::size_t count,
                              std::size_t max_length) {
    std::uniform_int_distribution<std::size_t> length(1, max_length);
    std::vector<Seq> queries;
    for (std::size_t k = 0; k < count; ++k)
        queries.push_back(dna ? test::random_dna(rng, length(rng), 0.02)
                              : test::random_protein(rng, length(rng), true));
    return queries;
}

// Every scan score equals align_pair's score-only score.
void check_scan(std::mt19937_64& rng, bool dna, AlignMode mode, ThreadPool* pool) {
    const std::vector<Seq> queries = make_queries(rng, dna, 5, 300);
    const std::vector<Seq> targets = make_targets(rng, queries, dna, 60, 400);
    const TestDatabase db(targets);
    AlignParams params{mode, dna ? dna_scoring() : protein_scoring(), true};
    std::vector<std::int32_t> scores(queries.size() * targets.size());
    const auto query_spans = spans(queries);
    std::uint64_t cells = 0;
    detail::scan_cpu(query_spans, db.targets.view, params, pool, scores,
                     [&](std::uint64_t c) { cells += c; });
    std::uint64_t query_residues = 0;
    for (const Seq& q : queries) query_residues += q.size();
    EXPECT_EQ(cells, query_residues * db.residues.size());
    for (std::size_t q = 0; q < queries.size(); ++q)
        for (std::size_t t = 0; t < targets.size(); ++t) {
            const Seq& target = targets[db.ordinals[t]];
            ASSERT_EQ(scores[q * targets.size() + t], align_pair(queries[q], target, params).score)
                << (dna ? "dna " : "protein ") << mode_name(mode) << " query " << q << " target "
                << db.ordinals[t];
        }
}

TEST(AlignSearch, ScanEqualsAlignPairScoreOnly) {
    ThreadPool pool(3);
    for (const std::uint64_t seed : {test::test_seed(), std::uint64_t{1}, std::uint64_t{2026}}) {
        std::mt19937_64 rng(seed);
        for (bool dna : {true, false})
            for (AlignMode mode : kModes) check_scan(rng, dna, mode, &pool);
    }
}

// Scores that leave 8- and 16-bit lanes are refilled wider and stay exact.
TEST(AlignSearch, ScanRefillsSaturatedPairs) {
    std::mt19937_64 rng(test::test_seed());
    const Seq query = test::random_protein(rng, 900);
    std::vector<Seq> targets{query, test::mutate(rng, query, 20, 0.05, 0.01),
                             test::random_protein(rng, 700)};
    const TestDatabase db(targets);
    AlignParams params{AlignMode::Local, protein_scoring(), true};
    std::vector<std::int32_t> scores(targets.size());
    const std::vector<Seq> queries{query};
    const std::uint64_t rescored =
        detail::scan_cpu(spans(queries), db.targets.view, params, nullptr, scores);
    EXPECT_GE(rescored, 1u);
    for (std::size_t t = 0; t < targets.size(); ++t)
        EXPECT_EQ(scores[t], align_pair(query, targets[db.ordinals[t]], params).score);
}

void expect_same_hits(const std::vector<QueryHits>& got,
                      const std::vector<std::vector<reference::ReferenceHit>>& want,
                      const TestDatabase& db, const std::string& where) {
    ASSERT_EQ(got.size(), want.size()) << where;
    for (std::size_t q = 0; q < got.size(); ++q) {
        EXPECT_EQ(got[q].query, q) << where;
        ASSERT_EQ(got[q].hits.size(), want[q].size()) << where << " query " << q;
        for (std::size_t h = 0; h < want[q].size(); ++h) {
            const SearchHit& hit = got[q].hits[h];
            const std::string at =
                where + " query " + std::to_string(q) + " hit " + std::to_string(h);
            EXPECT_EQ(db.ordinals[hit.target], want[q][h].ordinal) << at;
            EXPECT_EQ(hit.strand, want[q][h].strand) << at;
            PairAlignment a = hit.alignment, b = want[q][h].alignment;
            a.score_bits = b.score_bits = 0;  // the lanes that computed it may differ
            EXPECT_EQ(a, b) << at;
        }
    }
}

void check_against_reference(std::uint64_t seed, bool dna, AlignMode mode, bool both,
                             ThreadPool* pool) {
    std::mt19937_64 rng(seed);
    const std::vector<Seq> queries = make_queries(rng, dna, 4, 120);
    std::vector<Seq> targets = make_targets(rng, queries, dna, 40, 150);
    // Deliberate ties: duplicated targets (equal scores, ordinals decide).
    targets.push_back(targets[3]);
    targets.insert(targets.begin() + 5, targets[7]);
    targets.push_back(queries[0]);
    targets.push_back(queries[0]);
    const TestDatabase db(targets);
    SearchParams params;
    params.align = {mode, dna ? dna_scoring() : protein_scoring(), false};
    params.top = 1 + rng() % 12;
    params.both_strands = both;
    const std::string where = "seed " + std::to_string(seed) + (dna ? " dna " : " protein ") +
                              std::string(mode_name(mode)) + (both ? " both strands" : "");
    expect_same_hits(run_search(queries, db, params, pool),
                     reference::search_reference(queries, targets, params), db, where);
}

TEST(AlignSearch, HitsEqualBruteForce) {
    ThreadPool pool(4);
    for (const std::uint64_t seed : {test::test_seed(), std::uint64_t{3}, std::uint64_t{77}})
        for (bool dna : {true, false})
            for (AlignMode mode : kModes) {
                check_against_reference(seed, dna, mode, false, &pool);
                if (dna) check_against_reference(seed, dna, mode, true, &pool);
            }
}

// Equal scores everywhere: the order is the ordinals', the plus strand before the minus.
TEST(AlignSearch, TieRule) {
    // A palindrome (its own reverse complement) scores the same on both strands.
    const Seq query = encode_dna("ACGTTAACGT");
    const std::vector<Seq> targets{encode_dna("TTTTTTTTTTTTTTTTTT"), query,
                                   encode_dna("GGACGTTAACGTGG"), query, encode_dna("ACGTTAACGT")};
    const TestDatabase db(targets);
    SearchParams params;
    params.align = {AlignMode::Local, dna_scoring(), false};
    params.top = 5;
    params.both_strands = true;
    const std::vector<QueryHits> hits = run_search({query}, db, params, nullptr);
    ASSERT_EQ(hits.size(), 1u);
    std::vector<std::pair<std::uint64_t, Strand>> order;
    for (const SearchHit& hit : hits[0].hits)
        order.emplace_back(db.ordinals[hit.target], hit.strand);
    const std::vector<std::pair<std::uint64_t, Strand>> want{{1, Strand::Plus},
                                                             {1, Strand::Minus},
                                                             {2, Strand::Plus},
                                                             {2, Strand::Minus},
                                                             {3, Strand::Plus}};
    EXPECT_EQ(order, want);
}

TEST(AlignSearch, TopCandidatesKeepTheBestByTheTieRule) {
    std::mt19937_64 rng(test::test_seed());
    for (int round = 0; round < 50; ++round) {
        const std::size_t n = 1 + rng() % 200;
        std::vector<std::int32_t> plus(n), minus(n);
        std::vector<std::uint64_t> ordinals(n);
        std::iota(ordinals.begin(), ordinals.end(), 0);
        std::shuffle(ordinals.begin(), ordinals.end(), rng);
        for (std::size_t t = 0; t < n; ++t) {
            plus[t] = static_cast<std::int32_t>(rng() % 8);
            minus[t] = static_cast<std::int32_t>(rng() % 8);
        }
        const std::size_t top = 1 + rng() % 20;
        const std::int64_t min_score = static_cast<std::int64_t>(rng() % 4);
        const std::vector<std::span<const std::int32_t>> rows{plus, minus};
        std::vector<detail::HitCandidate> all;
        for (std::size_t t = 0; t < n; ++t) {
            if (plus[t] >= min_score) all.push_back({plus[t], ordinals[t], Strand::Plus, t});
            if (minus[t] >= min_score) all.push_back({minus[t], ordinals[t], Strand::Minus, t});
        }
        std::sort(all.begin(), all.end(), detail::ranks_before);
        all.resize(std::min(all.size(), top));
        const auto got = detail::top_candidates(rows, ordinals, top, min_score);
        ASSERT_EQ(got.size(), all.size());
        for (std::size_t k = 0; k < got.size(); ++k) {
            EXPECT_EQ(got[k].target, all[k].target);
            EXPECT_EQ(got[k].strand, all[k].strand);
        }
    }
}

// A minus-strand hit is the alignment of the query's reverse complement, done by hand.
TEST(AlignSearch, MinusStrandIsTheReverseComplementAligned) {
    std::mt19937_64 rng(test::test_seed());
    const Seq query = test::random_dna(rng, 200);
    const Seq reverse = reverse_complement_dna(query);
    const std::vector<Seq> targets{test::random_dna(rng, 300),
                                   test::mutate(rng, reverse, 4, 0.05, 0.02)};
    const TestDatabase db(targets);
    SearchParams params;
    params.align = {AlignMode::Local, dna_scoring(), false};
    params.top = 1;
    params.both_strands = true;
    const std::vector<QueryHits> hits = run_search({query}, db, params, nullptr);
    ASSERT_EQ(hits[0].hits.size(), 1u);
    const SearchHit& hit = hits[0].hits[0];
    EXPECT_EQ(hit.strand, Strand::Minus);
    EXPECT_EQ(db.ordinals[hit.target], 1u);
    PairAlignment want = align_pair(reverse, targets[1], params.align);
    want.score_bits = hit.alignment.score_bits;
    EXPECT_EQ(hit.alignment, want);
    EXPECT_EQ(reverse_complement_dna(reverse), query);
    EXPECT_EQ(reverse_complement_dna(std::string_view("ACGTNRYKMBVDHSW")), "WSDHBVKMRYNACGT");
}

TEST(AlignSearch, MinScoreAndEvalueFilter) {
    std::mt19937_64 rng(test::test_seed());
    const std::vector<Seq> queries = make_queries(rng, false, 3, 150);
    const std::vector<Seq> targets = make_targets(rng, queries, false, 50, 200);
    const TestDatabase db(targets);
    SearchParams params;
    params.align = {AlignMode::Local, protein_scoring(), false};
    params.top = 20;
    params.min_score = 40;
    expect_same_hits(run_search(queries, db, params, nullptr),
                     reference::search_reference(queries, targets, params), db, "min-score");
    for (const QueryHits& q : run_search(queries, db, params, nullptr))
        for (const SearchHit& hit : q.hits) EXPECT_GE(hit.alignment.score, 40);
    params.min_score.reset();
    params.max_evalue = 1e-3;
    const std::vector<QueryHits> hits = run_search(queries, db, params, nullptr);
    expect_same_hits(hits, reference::search_reference(queries, targets, params), db, "evalue");
    const KarlinAltschul statistics = *karlin_altschul(params.align.scoring);
    for (std::size_t q = 0; q < hits.size(); ++q)
        for (const SearchHit& hit : hits[q].hits) {
            EXPECT_LE(hit.evalue, 1e-3);
            EXPECT_DOUBLE_EQ(hit.evalue, search_evalue(statistics, hit.alignment.score,
                                                       static_cast<std::int64_t>(queries[q].size()),
                                                       db.residues.size()));
            EXPECT_DOUBLE_EQ(hit.bits, bit_score(statistics, hit.alignment.score));
        }
}

TEST(AlignSearch, ThreadCountDoesNotChangeHits) {
    std::mt19937_64 rng(test::test_seed());
    const std::vector<Seq> queries = make_queries(rng, true, 6, 200);
    const std::vector<Seq> targets = make_targets(rng, queries, true, 300, 250);
    const TestDatabase db(targets);
    SearchParams params;
    params.align = {AlignMode::Local, dna_scoring(), false};
    params.both_strands = true;
    ThreadPool one(1), four(4);
    SearchStats stats;
    const auto a = run_search(queries, db, params, &one, &stats);
    const auto b = run_search(queries, db, params, &four);
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t q = 0; q < a.size(); ++q) {
        ASSERT_EQ(a[q].hits.size(), b[q].hits.size());
        for (std::size_t h = 0; h < a[q].hits.size(); ++h) {
            EXPECT_EQ(a[q].hits[h].target, b[q].hits[h].target);
            EXPECT_EQ(a[q].hits[h].strand, b[q].hits[h].strand);
            EXPECT_EQ(a[q].hits[h].alignment, b[q].hits[h].alignment);
        }
    }
    std::uint64_t residues = 0;
    for (const Seq& q : queries) residues += q.size();
    EXPECT_EQ(stats.cells, 2 * residues * db.residues.size());
    EXPECT_EQ(stats.backend, Backend::Cpu);
}

TEST(AlignSearch, ValidateRefusesContradictions) {
    SearchParams params;
    params.align = {AlignMode::Local, protein_scoring(), false};
    params.both_strands = true;
    EXPECT_THROW(validate(params, Alphabet::Protein), InputError);
    params.both_strands = false;
    params.top = 0;
    EXPECT_THROW(validate(params, Alphabet::Protein), InputError);
    params.top = 10;
    params.max_evalue = 1.0;
    EXPECT_NO_THROW(validate(params, Alphabet::Protein));
    params.align.mode = AlignMode::Global;
    EXPECT_THROW(validate(params, Alphabet::Protein), InputError);
    params.align.mode = AlignMode::Local;
    params.align.scoring.gaps = {3, 3};  // no published parameters
    EXPECT_THROW(validate(params, Alphabet::Protein), InputError);
    EXPECT_EQ(minimum_hit_score(params), 1);
    params.align.mode = AlignMode::Glocal;
    EXPECT_EQ(minimum_hit_score(params), INT64_MIN);
    params.min_score = -5;
    EXPECT_EQ(minimum_hit_score(params), -5);
}

TEST(AlignSearch, QueryCodeBeyondTheMatrixIsRefused) {
    const std::vector<Seq> targets{encode_dna("ACGT")};
    const TestDatabase db(targets);
    SearchParams params;
    params.align = {AlignMode::Local, dna_scoring(), false};
    EXPECT_THROW(run_search({Seq{0, 1, 9}}, db, params, nullptr), InputError);
}

// Through a Database: a Searcher fed in one call and one fed in two give the hits of the targets
// laid out by hand (a database's storage order is theirs).
TEST(AlignSearch, DatabaseAndSearcherGiveTheSameHits) {
    std::mt19937_64 rng(test::test_seed());
    const std::vector<Seq> queries = make_queries(rng, true, 5, 150);
    const std::vector<Seq> targets = make_targets(rng, queries, true, 80, 200);
    test::TempDir dir("tropic-search");
    const std::string fasta = (dir.path() / "db.fa").string();
    {
        std::ofstream out(fasta);
        for (std::size_t t = 0; t < targets.size(); ++t)
            out << ">t" << t << "\n" << decode_residues(targets[t], Alphabet::Dna) << "\n";
    }
    DatabaseParams make;
    make.alphabet = Alphabet::Dna;
    const Database database = Database::from_fasta(fasta, make);
    const TestDatabase by_hand(targets);
    SearchParams params;
    params.align = {AlignMode::Local, dna_scoring(), false};
    params.both_strands = true;
    RunOptions options;
    options.backend = Backend::Cpu;
    const auto query_spans = spans(queries);
    std::vector<QueryHits> whole, in_two;
    Searcher(database, params, options).search(query_spans, [&](QueryHits&& h) {
        whole.push_back(std::move(h));
    });
    Searcher searcher(database, params, options);
    for (const auto part : {std::span(query_spans).first(2), std::span(query_spans).subspan(2)})
        searcher.search(part, [&](QueryHits&& h) {
            h.query += in_two.size() < 2 ? 0 : 2;
            in_two.push_back(std::move(h));
        });
    const std::vector<QueryHits> want = run_search(queries, by_hand, params, nullptr);
    ASSERT_EQ(whole.size(), want.size());
    ASSERT_EQ(in_two.size(), want.size());
    for (std::size_t q = 0; q < want.size(); ++q) {
        EXPECT_EQ(whole[q].query, q);
        EXPECT_EQ(in_two[q].query, q);
        ASSERT_EQ(whole[q].hits.size(), want[q].hits.size());
        ASSERT_EQ(in_two[q].hits.size(), want[q].hits.size());
        for (std::size_t h = 0; h < want[q].hits.size(); ++h)
            for (const SearchHit* hit : {&whole[q].hits[h], &in_two[q].hits[h]}) {
                EXPECT_EQ(database.ordinal(hit->target), by_hand.ordinals[want[q].hits[h].target]);
                EXPECT_EQ(hit->strand, want[q].hits[h].strand);
                EXPECT_EQ(hit->alignment, want[q].hits[h].alignment);
            }
    }
    // Scoring of the other alphabet is refused.
    params.align.scoring = protein_scoring();
    params.both_strands = false;
    EXPECT_THROW(Searcher(database, params, options), InputError);
}

}  // namespace
}  // namespace tropic::align

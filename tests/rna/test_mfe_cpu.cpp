// MFE folding: the CPU engine against the plain reference and brute force, and its structures
// re-scored by the evaluator.
#include <gtest/gtest.h>

#include <functional>
#include <mutex>
#include <random>
#include <string>
#include <vector>

#include "reference/mfe_reference.hpp"
#include "rna/mfe/mfe_cpu.hpp"
#include "support/outcome_results.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/energy_eval.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/structure_constraint.hpp"

namespace {

using tropic::rna::Dangles;
using tropic::rna::MfeParams;

const tropic::rna::EnergyParams& P = tropic::rna::turner2004_params();

MfeParams with(Dangles d) {
    MfeParams mfe_params;
    mfe_params.dangles = d;
    return mfe_params;
}

// Every valid structure of the sequence (pairs GC, AU, GU; hairpins of 3 or more), as strings.
void enumerate(const std::vector<std::uint8_t>& s, std::size_t from, std::string& structure,
               const std::function<void()>& visit) {
    // Position `from` is the first undecided one; brackets are placed left to right by choosing
    // the partner of each opening position among later free positions.
    const std::size_t n = s.size();
    if (from >= n) {
        visit();
        return;
    }
    if (structure[from] != ' ') {
        enumerate(s, from + 1, structure, visit);
        return;
    }
    structure[from] = '.';
    enumerate(s, from + 1, structure, visit);
    // Pair `from` with l: everything between must be decided inside, so l must not cross any
    // pair already placed; only free, undecided positions qualify, and nothing placed beyond.
    for (std::size_t l = from + 1; l < n; ++l) {
        if (structure[l] != ' ') break;  // a later position is already closed: no crossing
        if (l < from + 4 || tropic::rna::pair_type(s[from], s[l]) == 0) continue;
        structure[from] = '(';
        structure[l] = ')';
        enumerate(s, from + 1, structure, visit);
        structure[l] = ' ';
    }
    structure[from] = ' ';
}

// Partner of every position of a balanced dot-bracket string, -1 when unpaired.
std::vector<int> partners(const std::string& brackets) {
    std::vector<int> partner(brackets.size(), -1), open;
    for (int k = 0; k < static_cast<int>(brackets.size()); ++k) {
        if (brackets[k] == '(') open.push_back(k);
        if (brackets[k] != ')') continue;
        partner[k] = open.back();
        partner[open.back()] = k;
        open.pop_back();
    }
    return partner;
}

// Whether a structure meets the MFE parameters: no pair longer than the span, no lonely pair.
bool allowed(const std::string& structure, const MfeParams& mfe_params) {
    const std::vector<int> partner = partners(structure);
    const int n = static_cast<int>(structure.size());
    for (int i = 0; i < n; ++i) {
        const int j = partner[i];
        if (j <= i) continue;
        if (mfe_params.max_bp_span >= 0 && j - i + 1 > mfe_params.max_bp_span) return false;
        const bool inner = partner[i + 1] == j - 1;
        const bool outer = i > 0 && j + 1 < n && partner[i - 1] == j + 1;
        if (mfe_params.no_lonely_pairs && !inner && !outer) return false;
    }
    return true;
}

TEST(MfeCpu, EqualsBruteForceOnTinySequences) {
    std::mt19937_64 rng(tropic::test::test_seed());
    for (int trial = 0; trial < 60; ++trial) {
        const std::size_t n = 1 + rng() % 14;
        const auto seq = tropic::test::random_rna(rng, n, 0.6, trial % 5 == 0 ? 0.1 : 0.0);
        for (int variant = 0; variant < 4; ++variant) {
            MfeParams mfe_params = with(variant % 2 ? Dangles::None : Dangles::Both);
            mfe_params.no_lonely_pairs = variant >= 2;
            if (variant == 1) mfe_params.max_bp_span = 6 + static_cast<int>(rng() % 6);
            int best = 0;  // the open chain
            std::string structure(n, ' ');
            enumerate(seq, 0, structure, [&] {
                if (!allowed(structure, mfe_params)) return;
                best = std::min(
                    best, tropic::rna::evaluate_structure(seq, structure, P, mfe_params.dangles));
            });
            const auto folded = tropic::rna::detail::fold_mfe_cpu(seq, P, mfe_params);
            ASSERT_EQ(folded.energy, best)
                << "n " << n << " trial " << trial << " variant " << variant;
            ASSERT_TRUE(allowed(folded.structure, mfe_params)) << folded.structure;
            ASSERT_EQ(tropic::rna::evaluate_structure(seq, folded.structure, P, mfe_params.dangles),
                      best);
        }
    }
}

// RNAfold -C's rules, checked on a whole structure (the engine uses a pair table instead).
bool meets(const std::string& structure, const std::string& constraint) {
    const std::vector<int> p = partners(structure), cp = partners(constraint);
    const int n = static_cast<int>(structure.size());
    for (int k = 0; k < n; ++k) {
        const char c = constraint[k];
        if (p[k] < 0) continue;
        if (c == 'x' || (c == '<' && p[k] < k) || (c == '>' && p[k] > k)) return false;
        if ((c == '(' || c == ')') && p[k] != cp[k]) return false;
    }
    for (int a = 0; a < n; ++a)
        for (int i = 0; i < n; ++i) {
            const int b = p[a], j = cp[i];
            if (b <= a || j <= i) continue;
            if ((a < i && i < b && b < j) || (i < a && a < j && j < b)) return false;
        }
    return true;
}

TEST(MfeCpu, ConstraintsEqualBruteForce) {
    std::mt19937_64 rng(tropic::test::test_seed());
    for (int trial = 0; trial < 80; ++trial) {
        const std::size_t n = 5 + rng() % 10;
        const auto seq = tropic::test::random_rna(rng, n, 0.6);
        std::string constraint(n, '.');
        for (auto& c : constraint)
            if (rng() % 5 == 0) c = "x|<>"[rng() % 4];
        const std::size_t i = rng() % n, j = rng() % n;
        if (i + 4 <= j && tropic::rna::pair_type(seq[i], seq[j]) != 0) {
            constraint[i] = '(';
            constraint[j] = ')';
        }
        const tropic::rna::StructureConstraint hard(constraint, seq);
        int best = 0;
        std::string structure(n, ' ');
        enumerate(seq, 0, structure, [&] {
            if (meets(structure, constraint))
                best = std::min(best,
                                tropic::rna::evaluate_structure(seq, structure, P, Dangles::Both));
        });
        const auto folded = tropic::rna::detail::fold_mfe_cpu(seq, P, with(Dangles::Both), &hard);
        ASSERT_EQ(folded.energy, best) << constraint << " trial " << trial;
        ASSERT_TRUE(meets(folded.structure, constraint)) << folded.structure << " " << constraint;
    }
}

TEST(MfeCpu, BadConstraintsNameThePosition) {
    const auto seq = tropic::encode_rna("GGGAAACCC");
    auto message = [&](const std::string& constraint) -> std::string {
        try {
            tropic::rna::StructureConstraint hard(constraint, seq);
        } catch (const tropic::InputError& e) {
            return e.what();
        }
        return "no error";
    };
    EXPECT_NE(message("((.....)").find("8 characters but the sequence has 9"), std::string::npos);
    EXPECT_NE(message("(........").find("unbalanced '(' at position 1"), std::string::npos);
    EXPECT_NE(message("...a.....").find("'a' at position 4"), std::string::npos);
    EXPECT_NE(message("(...)....").find("bases 1 and 5 (G-A), which cannot pair"),
              std::string::npos);
    EXPECT_EQ(message("(((...)))"), "no error");
}

TEST(MfeCpu, WithoutLonelyPairsStructuresHaveNoneAndRescore) {
    std::mt19937_64 rng(tropic::test::test_seed());
    for (int trial = 0; trial < 20; ++trial) {
        const auto seq = tropic::test::random_rna(rng, 20 + rng() % 200, 0.5);
        MfeParams mfe_params = with(Dangles::Both);
        mfe_params.no_lonely_pairs = true;
        const auto folded = tropic::rna::detail::fold_mfe_cpu(seq, P, mfe_params);
        EXPECT_TRUE(allowed(folded.structure, mfe_params)) << folded.structure;
        EXPECT_EQ(tropic::rna::evaluate_structure(seq, folded.structure, P, Dangles::Both),
                  folded.energy);
        EXPECT_GE(folded.energy,
                  tropic::rna::detail::fold_mfe_cpu(seq, P, with(Dangles::Both)).energy);
    }
}

TEST(MfeCpu, EqualsReferenceAndStructuresRescoreToTheMfe) {
    std::mt19937_64 rng(tropic::test::test_seed());
    for (int trial = 0; trial < 80; ++trial) {
        const std::size_t n = 1 + rng() % 70;
        const double gc = 0.2 + 0.6 * static_cast<double>(rng() % 100) / 100.0;
        const auto seq = tropic::test::random_rna(rng, n, gc, trial % 7 == 0 ? 0.05 : 0.0);
        for (Dangles d : {Dangles::Both, Dangles::None}) {
            const auto folded = tropic::rna::detail::fold_mfe_cpu(seq, P, with(d));
            ASSERT_EQ(folded.energy, tropic::reference::mfe_reference_energy(seq, P, d))
                << "n " << n << " trial " << trial;
            ASSERT_EQ(tropic::rna::evaluate_structure(seq, folded.structure, P, d), folded.energy);
        }
    }
}

TEST(MfeCpu, LongLoopsAndLongSequencesRescore) {
    std::mt19937_64 rng(tropic::test::test_seed());
    for (std::size_t n : {300u, 800u}) {
        const auto seq = tropic::test::random_rna(rng, n, 0.5);
        const auto folded = tropic::rna::detail::fold_mfe_cpu(seq, P, with(Dangles::Both));
        EXPECT_LT(folded.energy, 0);
        EXPECT_EQ(tropic::rna::evaluate_structure(seq, folded.structure, P, Dangles::Both),
                  folded.energy);
    }
}

TEST(MfeCpu, ShortAndUnpairableSequencesGiveTheOpenChain) {
    for (const std::string seq : {"", "G", "GC", "GGGC", "GNNNC", "NNNNNNNNNNNN", "AAAAAAAAAA"}) {
        const auto folded =
            tropic::rna::detail::fold_mfe_cpu(tropic::encode_rna(seq), P, with(Dangles::Both));
        EXPECT_EQ(folded.energy, 0) << seq;
        EXPECT_EQ(folded.structure, std::string(seq.size(), '.')) << seq;
    }
}

TEST(MfeCpu, ProgressOfLongRecordsRisesToOne) {
    std::mt19937_64 rng(tropic::test::test_seed());
    const std::vector<std::vector<std::uint8_t>> seqs = {tropic::test::random_rna(rng, 100),
                                                         tropic::test::random_rna(rng, 2000),
                                                         tropic::test::random_rna(rng, 300)};
    std::mutex mutex;
    std::vector<std::pair<std::size_t, double>> calls;
    tropic::ThreadPool pool(2);
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cpu;
    run.pool = &pool;
    run.on_progress = [&](std::size_t record, double fraction) {
        std::lock_guard lock(mutex);
        calls.emplace_back(record, fraction);
    };
    tropic::test::results_of(tropic::rna::fold_mfe_many(seqs, P, with(Dangles::Both), run));
    ASSERT_GE(calls.size(), 10u);  // about once per permille
    double last = 0;
    for (const auto& [record, fraction] : calls) {
        EXPECT_EQ(record, 1u);  // only the record of 2,000 nt reports
        EXPECT_GE(fraction, last);
        last = fraction;
    }
    EXPECT_EQ(last, 1.0);
}

// A random constraint in RNAfold -C's notation: one base in `one_in` kept unpaired ('x') or
// paired upstream or downstream only, and one forced pair when the draw can pair. Many 'x'
// make long interior loops, which free folds seldom choose, win.
tropic::rna::StructureConstraint random_constraint(std::mt19937_64& rng,
                                                   const std::vector<std::uint8_t>& seq,
                                                   unsigned one_in) {
    const std::size_t n = seq.size();
    std::string text(n, '.');
    for (auto& c : text)
        if (rng() % one_in == 0) c = "xx<>"[rng() % 4];
    const std::size_t i = rng() % n, j = rng() % n;
    if (i + 4 <= j && tropic::rna::pair_type(seq[i], seq[j]) != 0) {
        text[i] = '(';
        text[j] = ')';
    }
    return tropic::rna::StructureConstraint(text, seq);
}

// The fill shared among the threads of each pool (tiles of 64 x 64 cells in wavefronts) must
// leave the tables of the one-thread fill, so the same energy and structure.
void expect_threads_equal_one(const std::vector<std::uint8_t>& seq, const MfeParams& mfe_params,
                              const tropic::rna::StructureConstraint* constraint,
                              std::initializer_list<tropic::ThreadPool*> pools) {
    const auto one = tropic::rna::detail::fold_mfe_cpu(seq, P, mfe_params, constraint);
    for (tropic::ThreadPool* pool : pools) {
        const auto shared = tropic::rna::detail::fold_mfe_cpu(seq, P, mfe_params, constraint, pool);
        EXPECT_EQ(shared.energy, one.energy)
            << "n " << seq.size() << ", " << pool->size() << " threads";
        EXPECT_EQ(shared.structure, one.structure)
            << "n " << seq.size() << ", " << pool->size() << " threads";
    }
}

TEST(MfeCpu, ThreadsOnOneRecordEqualOneThread) {
    tropic::ThreadPool two(2), three(3);
    for (std::uint64_t seed : {std::uint64_t{20260611}, tropic::test::test_seed()}) {
        SCOPED_TRACE(::testing::Message() << "seed " << seed);
        std::mt19937_64 rng(seed);
        // Lengths at the edges of the tiles, then a few hundred bases (several tiles a wavefront).
        const std::size_t lengths[] = {63, 64, 65, 128, 129, 191, 300 + rng() % 300};
        for (std::size_t n : lengths) {
            const auto seq = tropic::test::random_rna(rng, n, 0.5, n % 2 == 0 ? 0.02 : 0.0);
            MfeParams no_lp = with(Dangles::Both), span = with(Dangles::None);
            no_lp.no_lonely_pairs = true;
            span.max_bp_span = 40 + static_cast<int>(rng() % 100);
            const auto few = random_constraint(rng, seq, 20), many = random_constraint(rng, seq, 3);
            expect_threads_equal_one(seq, with(Dangles::Both), nullptr, {&two, &three});
            expect_threads_equal_one(seq, with(Dangles::None), nullptr, {&two, &three});
            expect_threads_equal_one(seq, no_lp, nullptr, {&three});
            expect_threads_equal_one(seq, span, nullptr, {&two});
            expect_threads_equal_one(seq, with(Dangles::Both), &few, {&three});
            expect_threads_equal_one(seq, with(Dangles::None), &many, {&two});
        }
    }
}

TEST(MfeCpu, ThreadsOnALongRecordEqualOneThread) {
    std::mt19937_64 rng(tropic::test::test_seed());
    const auto seq = tropic::test::random_rna(rng, 1800 + rng() % 500, 0.5);
    MfeParams mfe_params = with(rng() % 2 ? Dangles::Both : Dangles::None);
    mfe_params.no_lonely_pairs = rng() % 2;
    tropic::ThreadPool three(3);
    expect_threads_equal_one(seq, mfe_params, nullptr, {&three});
}

TEST(MfeCpu, ManyRecordsOnThreadsEqualOneAtATime) {
    std::mt19937_64 rng(tropic::test::test_seed());
    std::vector<std::vector<std::uint8_t>> seqs;
    for (int r = 0; r < 40; ++r) seqs.push_back(tropic::test::random_rna(rng, rng() % 150, 0.5));
    tropic::ThreadPool pool(3);
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cpu;
    run.pool = &pool;
    const auto many =
        tropic::test::results_of(tropic::rna::fold_mfe_many(seqs, P, with(Dangles::Both), run));
    ASSERT_EQ(many.size(), seqs.size());
    for (std::size_t r = 0; r < seqs.size(); ++r) {
        const auto one = tropic::rna::detail::fold_mfe_cpu(seqs[r], P, with(Dangles::Both));
        EXPECT_EQ(many[r].energy, one.energy);
        EXPECT_EQ(many[r].structure, one.structure);
    }
}

}  // namespace

namespace {

// The public entry points place records through choose_backend: cpu folds what fits, and a record
// that does not fit the memory limit is refused before any record is folded, with its own outcome;
// the records that fit are folded all the same. The single-record entry point throws the refusal.
TEST(MfeDispatch, CpuFoldEqualsTheEngineAndRefusesWhatDoesNotFitUpFront) {
    std::mt19937_64 rng(tropic::test::test_seed());
    const auto seq = tropic::test::random_rna(rng, 300, 0.5);
    tropic::RunOptions run;
    run.backend = tropic::Backend::Cpu;
    const auto folded = tropic::rna::fold_mfe(seq, P, with(Dangles::Both), run);
    const auto engine = tropic::rna::detail::fold_mfe_cpu(seq, P, with(Dangles::Both));
    EXPECT_EQ(folded.energy, engine.energy);
    EXPECT_EQ(folded.structure, engine.structure);

    // 3,000 nt need about 72 MB of tables; a limit of 16 MiB holds about 1,400 nt.
    run.max_memory = std::size_t{16} << 20;
    std::size_t progress_calls = 0;
    run.on_progress = [&](std::size_t, double) { ++progress_calls; };
    const std::vector<std::vector<std::uint8_t>> seqs = {tropic::test::random_rna(rng, 2500), seq,
                                                         tropic::test::random_rna(rng, 3000)};
    // Auto refuses them as well where no device can take them (device -1: none, so that a GPU
    // machine answers as a CPU-only one); a device that holds them would fold them instead.
    for (auto backend : {tropic::Backend::Cpu, tropic::Backend::Auto}) {
        run.backend = backend;
        run.device = backend == tropic::Backend::Auto ? -1 : 0;
        const auto outcomes = tropic::rna::fold_mfe_many(seqs, P, with(Dangles::Both), run);
        ASSERT_EQ(outcomes.size(), 3u);
        for (std::size_t r : {0u, 2u}) {
            EXPECT_EQ(outcomes[r].code, tropic::ExitCode::Resource);
            const std::string& message = outcomes[r].error;
            const std::string what = r == 0 ? "an MFE fold of 2500 nt needs" : "of 3000 nt needs";
            EXPECT_NE(message.find(what), std::string::npos) << message;
            EXPECT_NE(message.find("the memory limit is 16.0 MiB"), std::string::npos) << message;
            EXPECT_NE(message.find("the longest sequence that fits is 14"), std::string::npos)
                << message;
        }
        ASSERT_TRUE(outcomes[1].ok()) << outcomes[1].error;
        EXPECT_EQ(outcomes[1].result.energy, engine.energy);
        EXPECT_EQ(outcomes[1].result.structure, engine.structure);
        try {
            (void)tropic::rna::fold_mfe(seqs[0], P, with(Dangles::Both), run);
            ADD_FAILURE() << "no ResourceError";
        } catch (const tropic::ResourceError& e) {
            EXPECT_EQ(std::string(e.what()), outcomes[0].error);
        }
    }
    EXPECT_EQ(progress_calls, 0u) << "a refused record was folded";
}

}  // namespace

// Suboptimal structures with a pool: the fill, Zuker's outside table and Zuker's traces shared
// among threads give the one-thread output exactly; tables adopted from elsewhere (the device
// path's host side: MfeTables over MfeTableArrays, ZukerOutside over given tables) give the same
// MFE, the same outside table and the same lists. Random sequences from fixed seeds plus one
// fresh seed, printed so that a failure can be replayed.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "rna/mfe/mfe_tables.hpp"
#include "rna/subopt/zuker_outside.hpp"
#include "support/random_constraints.hpp"
#include "support/random_rna.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/rna/subopt.hpp"

namespace tropic {
namespace {

using rna::Dangles;
using rna::MfeParams;
using rna::SuboptOrder;
using rna::SuboptParams;

const rna::EnergyParams& params() {
    return rna::turner2004_params();
}

ThreadPool& pool() {
    static ThreadPool p(4);
    return p;
}

RunOptions cpu_run(ThreadPool* with) {
    RunOptions run;
    run.backend = Backend::Cpu;
    run.pool = with;
    return run;
}

MfeParams make(Dangles dangles, bool no_lp = false) {
    MfeParams mfe_params;
    mfe_params.dangles = dangles;
    mfe_params.no_lonely_pairs = no_lp;
    return mfe_params;
}

std::vector<std::uint64_t> seeds() {
    const std::uint64_t fresh = std::random_device{}();
    std::printf("subopt threads: fresh seed %llu\n", static_cast<unsigned long long>(fresh));
    return {1, 27, 2026, fresh};
}

void expect_same(const rna::SuboptResult& a, const rna::SuboptResult& b, const std::string& what) {
    ASSERT_EQ(a.mfe, b.mfe) << what;
    ASSERT_EQ(a.structures.size(), b.structures.size()) << what;
    for (std::size_t s = 0; s < a.structures.size(); ++s) {
        ASSERT_EQ(a.structures[s].structure, b.structures[s].structure) << what << " #" << s;
        ASSERT_EQ(a.structures[s].energy, b.structures[s].energy) << what << " #" << s;
    }
}

void expect_same(const std::vector<rna::SuboptStructure>& a,
                 const std::vector<rna::SuboptStructure>& b, const std::string& what) {
    ASSERT_EQ(a.size(), b.size()) << what;
    for (std::size_t s = 0; s < a.size(); ++s) {
        ASSERT_EQ(a[s].structure, b[s].structure) << what << " #" << s;
        ASSERT_EQ(a[s].energy, b[s].energy) << what << " #" << s;
    }
}

TEST(SuboptThreads, WuchtyWithPoolEqualsOneThread) {
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (int n : {0, 5, 40, 180, 320}) {
            const auto seq = test::random_rna(rng, static_cast<std::size_t>(n));
            for (bool no_lp : {false, true})
                for (Dangles d : {Dangles::Both, Dangles::None}) {
                    SuboptParams sp;
                    sp.delta = 100;
                    sp.order =
                        seed % 2 == 0 ? SuboptOrder::EnergyThenStructure : SuboptOrder::Enumeration;
                    const auto one = rna::subopt(seq, params(), make(d, no_lp), sp);
                    const auto many =
                        rna::subopt(seq, params(), make(d, no_lp), sp, cpu_run(&pool()));
                    expect_same(one, many,
                                "seed " + std::to_string(seed) + " n " + std::to_string(n));
                }
        }
    }
}

TEST(SuboptThreads, ZukerWithPoolEqualsOneThread) {
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (int n : {0, 4, 30, 150, 260}) {
            const auto seq = test::random_rna(rng, static_cast<std::size_t>(n));
            std::vector<std::vector<std::uint8_t>> one_seq{seq};
            const auto constraints = test::random_constraints(rng, one_seq);
            for (Dangles d : {Dangles::Both, Dangles::None})
                for (const rna::StructureConstraint* c :
                     {static_cast<const rna::StructureConstraint*>(nullptr), &constraints[0]}) {
                    const auto one = rna::subopt_zuker(seq, params(), make(d), c);
                    const auto many =
                        rna::subopt_zuker(seq, params(), make(d), cpu_run(&pool()), c);
                    expect_same(one, many,
                                "seed " + std::to_string(seed) + " n " + std::to_string(n));
                }
        }
    }
}

// The arrays of `tables`, cell for cell, as a device fill hands them over.
rna::detail::MfeTableArrays arrays_of(const rna::detail::MfeTables& t, bool no_lp) {
    const int n = t.length();
    auto a = rna::detail::mfe_table_arrays(n, no_lp);
    for (int i = 0; i < n; ++i)
        for (int j = i; j < n; ++j) {
            a.c[a.row_start[i] + j] = t.c(i, j);
            a.fml[a.row_start[i] + j] = t.fml(i, j);
            a.fm1[a.col_start[j] + i] = t.fm1(i, j);
            if (no_lp) a.cc[a.row_start[i] + j] = t.cc(i, j);
        }
    for (int j = 0; j <= n; ++j) a.f5[j] = t.f5(j);
    return a;
}

TEST(SuboptThreads, AdoptedTablesGiveTheSameMfeAndOutside) {
    std::mt19937_64 rng(77);
    for (int n : {0, 1, 12, 90, 300})
        for (bool no_lp : {false, true}) {
            const auto seq = test::random_rna(rng, static_cast<std::size_t>(n));
            const MfeParams mp = make(Dangles::Both, no_lp);
            const rna::detail::MfeTables cpu(seq, params(), mp);
            const rna::detail::MfeTables adopted(seq, params(), mp, nullptr, arrays_of(cpu, no_lp));
            const auto a = cpu.mfe(), b = adopted.mfe();
            ASSERT_EQ(a.energy, b.energy) << n;
            ASSERT_EQ(a.structure, b.structure) << n;
            if (no_lp) continue;
            const rna::detail::ZukerOutside outside(cpu, &pool());
            const rna::detail::ZukerOutside serial(cpu);
            ASSERT_EQ(outside.out_table(), serial.out_table()) << n;
            ASSERT_EQ(outside.up_table(), serial.up_table()) << n;
            ASSERT_EQ(outside.ml_table(), serial.ml_table()) << n;
            const rna::detail::ZukerOutside given(adopted, serial.f3(), serial.out_table(),
                                                  serial.up_table(), serial.ml_table());
            for (int l = 0; l < n; ++l)
                for (int k = 0; k + 3 < l; k += n > 100 ? 7 : 1) {
                    if (cpu.c(k, l) >= rna::kInfEnergy || serial.out(k, l) >= rna::kInfEnergy)
                        continue;
                    const int target = cpu.c(k, l) + serial.out(k, l);
                    ASSERT_EQ(given.trace(k, l, target), serial.trace(k, l, target))
                        << n << " (" << k << "," << l << ")";
                }
        }
}

}  // namespace
}  // namespace tropic

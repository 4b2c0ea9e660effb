// GPU == CPU for suboptimal structures: the device's tables (long mode's fill copied back, and
// Zuker's outside table with its multiloop vectors) equal the CPU engine's cell for cell, and
// subopt / subopt_zuker on the cuda backend give the CPU's lists exactly (-e with several ranges,
// sorted and in enumeration order, --noLP; -z; dangles 2 and 0; with and without a constraint).
// Random sequences from fixed seeds plus one fresh seed, printed. Without a CUDA device every
// test SKIPs visibly.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "rna/mfe/mfe_tables.hpp"
#include "rna/subopt/subopt_device.hpp"
#include "rna/subopt/zuker_outside.hpp"
#include "support/gpu_test.hpp"
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

MfeParams make(Dangles dangles, bool no_lp = false) {
    MfeParams mfe_params;
    mfe_params.dangles = dangles;
    mfe_params.no_lonely_pairs = no_lp;
    return mfe_params;
}

std::vector<std::uint64_t> seeds() {
    const std::uint64_t fresh = std::random_device{}();
    std::printf("subopt gpu: fresh seed %llu\n", static_cast<unsigned long long>(fresh));
    return {3, 2026, fresh};
}

class SuboptGpu : public test::GpuTest {};

void expect_tables_equal(const rna::detail::MfeTables& cpu, const rna::detail::MfeTables& gpu,
                         const std::string& what) {
    const int n = cpu.length();
    ASSERT_EQ(gpu.length(), n) << what;
    for (int j = 0; j <= n; ++j) ASSERT_EQ(gpu.f5(j), cpu.f5(j)) << what << " f5 " << j;
    for (int i = 0; i < n; ++i)
        for (int j = i; j < n; ++j) {
            ASSERT_EQ(gpu.c(i, j), cpu.c(i, j)) << what << " c " << i << "," << j;
            ASSERT_EQ(gpu.cc(i, j), cpu.cc(i, j)) << what << " cc " << i << "," << j;
            ASSERT_EQ(gpu.fml(i, j), cpu.fml(i, j)) << what << " fml " << i << "," << j;
            ASSERT_EQ(gpu.fm1(i, j), cpu.fm1(i, j)) << what << " fm1 " << i << "," << j;
        }
}

TEST_F(SuboptGpu, DeviceTablesEqualCpuTablesCellForCell) {
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (int n : {1, 6, 33, 130, 257, 700, 1300}) {
            if (n >= 700 && seed != 3) continue;  // the long ones once: CPU time
            const auto seq = test::random_rna(rng, static_cast<std::size_t>(n));
            const std::vector<std::vector<std::uint8_t>> one{seq};
            const auto constraints = test::random_constraints(rng, one);
            for (bool no_lp : {false, true})
                for (Dangles d : {Dangles::Both, Dangles::None})
                    for (const rna::StructureConstraint* c :
                         {static_cast<const rna::StructureConstraint*>(nullptr), &constraints[0]}) {
                        const std::string what = "seed " + std::to_string(seed) + " n " +
                                                 std::to_string(n) + (no_lp ? " noLP" : "") +
                                                 (c ? " constrained" : "");
                        const MfeParams mp = make(d, no_lp);
                        const rna::detail::MfeTables cpu(seq, params(), mp, c, &pool());
                        auto gpu = rna::detail::cuda::subopt_tables_cuda(seq, params(), mp, c,
                                                                         !no_lp, 0, nullptr);
                        expect_tables_equal(cpu, *gpu.tables, what);
                        ASSERT_EQ(gpu.tables->mfe().structure, cpu.mfe().structure) << what;
                        if (no_lp) continue;
                        const rna::detail::ZukerOutside outside(cpu, &pool());
                        ASSERT_EQ(gpu.f3, outside.f3()) << what;
                        ASSERT_EQ(gpu.out, outside.out_table()) << what;
                        ASSERT_EQ(gpu.up, outside.up_table()) << what;
                        ASSERT_EQ(gpu.ml, outside.ml_table()) << what;
                    }
        }
    }
}

void expect_same(const rna::SuboptResult& a, const rna::SuboptResult& b, const std::string& what) {
    ASSERT_EQ(a.mfe, b.mfe) << what;
    ASSERT_EQ(a.structures.size(), b.structures.size()) << what;
    for (std::size_t s = 0; s < a.structures.size(); ++s) {
        ASSERT_EQ(a.structures[s].structure, b.structures[s].structure) << what << " #" << s;
        ASSERT_EQ(a.structures[s].energy, b.structures[s].energy) << what << " #" << s;
    }
}

TEST_F(SuboptGpu, WuchtyOnCudaEqualsCpu) {
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (int n : {0, 3, 25, 160, 600, 1500}) {
            if (n >= 600 && seed != 3) continue;
            const auto seq = test::random_rna(rng, static_cast<std::size_t>(n));
            const std::vector<std::vector<std::uint8_t>> one{seq};
            const auto constraints = test::random_constraints(rng, one);
            for (int delta : {0, 50, n < 1000 ? 200 : 100})
                for (bool no_lp : {false, true})
                    for (Dangles d : {Dangles::Both, Dangles::None})
                        for (SuboptOrder order :
                             {SuboptOrder::EnergyThenStructure, SuboptOrder::Enumeration})
                            for (const rna::StructureConstraint* c :
                                 {static_cast<const rna::StructureConstraint*>(nullptr),
                                  &constraints[0]}) {
                                // Long records: one small range, sorted (their lists grow fast).
                                if (n >= 600 && (delta != 50 || order == SuboptOrder::Enumeration))
                                    continue;
                                SuboptParams sp;
                                sp.delta = delta;
                                sp.order = order;
                                const MfeParams mp = make(d, no_lp);
                                const auto cpu =
                                    rna::subopt(seq, params(), mp, sp, run_on(Backend::Cpu), c);
                                const auto gpu =
                                    rna::subopt(seq, params(), mp, sp, run_on(Backend::Cuda), c);
                                expect_same(cpu, gpu,
                                            "seed " + std::to_string(seed) + " n " +
                                                std::to_string(n) + " delta " +
                                                std::to_string(delta));
                            }
        }
    }
}

TEST_F(SuboptGpu, ZukerOnCudaEqualsCpu) {
    for (std::uint64_t seed : seeds()) {
        std::mt19937_64 rng(seed);
        for (int n : {0, 4, 30, 200, 520, 1100}) {
            if (n >= 520 && seed != 3) continue;
            const auto seq = test::random_rna(rng, static_cast<std::size_t>(n));
            const std::vector<std::vector<std::uint8_t>> one{seq};
            const auto constraints = test::random_constraints(rng, one);
            for (Dangles d : {Dangles::Both, Dangles::None})
                for (const rna::StructureConstraint* c :
                     {static_cast<const rna::StructureConstraint*>(nullptr), &constraints[0]}) {
                    const auto cpu =
                        rna::subopt_zuker(seq, params(), make(d), run_on(Backend::Cpu), c);
                    const auto gpu =
                        rna::subopt_zuker(seq, params(), make(d), run_on(Backend::Cuda), c);
                    const std::string what =
                        "seed " + std::to_string(seed) + " n " + std::to_string(n);
                    ASSERT_EQ(cpu.size(), gpu.size()) << what;
                    for (std::size_t s = 0; s < cpu.size(); ++s) {
                        ASSERT_EQ(cpu[s].structure, gpu[s].structure) << what << " #" << s;
                        ASSERT_EQ(cpu[s].energy, gpu[s].energy) << what << " #" << s;
                    }
                }
        }
    }
}

}  // namespace
}  // namespace tropic

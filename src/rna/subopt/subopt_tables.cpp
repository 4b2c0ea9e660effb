// Where subopt's tables are filled (subopt_tables.hpp).
#include "rna/subopt/subopt_tables.hpp"

#include <fmt/format.h>

#include <string>

#include "core/internal/backend_choice.hpp"
#include "core/internal/memory_fit.hpp"
#include "core/internal/profile.hpp"
#include "rna/mfe/mfe_cpu.hpp"
#include "rna/subopt/subopt_device.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::rna::detail {

namespace {

// The CPU's tables, and Zuker's outside table, its multiloop vectors and its traceback marks.
std::uint64_t host_bytes(std::size_t n, const MfeParams& mfe_params, bool zuker, unsigned threads) {
    const std::uint64_t outside = zuker ? std::uint64_t(n) * n * (3 * sizeof(int) + 1) : 0;
    return mfe_cpu_bytes(n, mfe_params, threads) + outside;
}

// Auto sends a record to the device from these lengths on. Measured at 2,000 nt (H200 host, 16
// threads): the device saves ~0.25 s of the fill and, for -z, ~1.7 s of the outside table, both
// growing as n^3, against ~0.34 s of CUDA context for a process that starts one; so -z gains from
// ~1,000 nt and -e from ~2,000 nt.
constexpr double kAutoCudaMinLengthZuker = 1000;
constexpr double kAutoCudaMinLength = 2000;

}  // namespace

SuboptTables fill_subopt_tables(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                                const MfeParams& mfe_params, const StructureConstraint* constraint,
                                bool zuker, const RunOptions& run) {
    const std::size_t n = sequence.size();
    const bool constrained = constraint != nullptr;
    const unsigned threads = thread_count(run.pool);
    WorkEstimate work;
    work.what = fmt::format("suboptimal structures of a {} nt sequence", n);
    work.steps = double(n) * double(n) * double(n);
    const double auto_length = zuker ? kAutoCudaMinLengthZuker : kAutoCudaMinLength;
    work.auto_min_steps = auto_length * auto_length * auto_length;
    work.host_bytes = host_bytes(n, mfe_params, zuker, threads);
    work.device_bytes = cuda::subopt_device_bytes(n, mfe_params, constrained, zuker);
    work.suggest = [&](const MemoryBudget& budget) {
        const bool host = budget.kind != MemoryBudget::Kind::Device;
        const std::size_t fits = longest_that_fits(
            budget.bytes,
            [&](std::size_t length) {
                return host ? host_bytes(length, mfe_params, zuker, threads)
                            : cuda::subopt_device_bytes(length, mfe_params, constrained, zuker);
            },
            n);
        return fmt::format("records of up to {} nt fit", fits);
    };
    SuboptTables result;
    if (choose_backend(run, work) == Backend::Cuda) {
        cuda::SuboptDeviceTables device = cuda::subopt_tables_cuda(
            sequence, params, mfe_params, constraint, zuker, run.device, run.pool);
        result.tables = std::move(device.tables);
        if (zuker)
            result.outside = std::make_unique<ZukerOutside>(
                *result.tables, std::move(device.f3), std::move(device.out), std::move(device.up),
                std::move(device.ml));
        return result;
    }
    profile::PhaseTimer timer;
    double fill = 0, outside = 0;
    result.tables = std::make_unique<MfeTables>(sequence, params, mfe_params, constraint, run.pool);
    timer.lap(fill);
    if (zuker) result.outside = std::make_unique<ZukerOutside>(*result.tables, run.pool);
    timer.lap(outside);
    if (timer.enabled()) {
        profile::record("subopt: fill", fill);
        if (zuker) profile::record("subopt: outside", outside);
    }
    return result;
}

}  // namespace tropic::rna::detail

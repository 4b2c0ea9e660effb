// subopt(): every structure within delta of the MFE (Wuchty et al. 1999), by the search of
// subopt_search.hpp over one MFE fill.
#include <fmt/format.h>

#include <algorithm>
#include <new>
#include <string>
#include <tuple>

#include "core/internal/profile.hpp"
#include "rna/subopt/subopt_search.hpp"
#include "rna/subopt/subopt_tables.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/subopt.hpp"

namespace tropic::rna {

SuboptResult subopt(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                    const MfeParams& mfe_params, const SuboptParams& subopt_params,
                    const StructureConstraint* constraint) {
    RunOptions run;
    run.backend = Backend::Cpu;
    return subopt(sequence, params, mfe_params, subopt_params, run, constraint);
}

SuboptResult subopt(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                    const MfeParams& mfe_params, const SuboptParams& subopt_params,
                    const RunOptions& run, const StructureConstraint* constraint) {
    // The tables' infinity must stay out of reach, as RNAsubopt limits its range below INF.
    constexpr int kMaxDelta = kInfEnergy / 10;
    if (subopt_params.delta < 0 || subopt_params.delta > kMaxDelta)
        throw InputError(
            fmt::format("the energy range must lie between 0 and {:.2f} kcal/mol, "
                        "not {:.2f}",
                        kMaxDelta / 100.0, subopt_params.delta / 100.0));
    const detail::SuboptTables filled =
        detail::fill_subopt_tables(sequence, params, mfe_params, constraint, false, run);
    const detail::MfeTables& tables = *filled.tables;
    profile::PhaseTimer timer;
    const int n = static_cast<int>(sequence.size());
    SuboptResult result;
    result.mfe = tables.f5(n);
    result.delta = subopt_params.delta;
    std::vector<detail::SuboptInterval> start;
    if (n > 0) start.push_back({detail::SuboptKind::F5, 0, n});
    try {
        detail::SuboptSearch(tables).run(
            std::string(static_cast<std::size_t>(n), '.'), std::move(start), 0,
            result.mfe + subopt_params.delta, [&](const std::string& structure, int energy) {
                if (result.structures.size() >= subopt_params.max_structures)
                    throw ResourceError(fmt::format(
                        "more than {} structures lie within {:.2f} kcal/mol of the MFE of this "
                        "{} nt sequence; stopped after producing {}: use a smaller energy range "
                        "(-e) or raise --max-structures",
                        subopt_params.max_structures, subopt_params.delta / 100.0, n,
                        result.structures.size()));
                result.structures.push_back({energy, structure});
                return true;
            });
    } catch (const std::bad_alloc&) {
        throw ResourceError(fmt::format(
            "out of memory holding {} suboptimal structures of a {} nt sequence: use a smaller "
            "energy range (-e) or a lower --max-structures",
            result.structures.size(), n));
    }
    if (subopt_params.order == SuboptOrder::EnergyThenStructure)
        std::sort(result.structures.begin(), result.structures.end(),
                  [](const SuboptStructure& a, const SuboptStructure& b) {
                      return std::tie(a.energy, a.structure) < std::tie(b.energy, b.structure);
                  });
    double enumeration = 0;
    timer.lap(enumeration);
    if (timer.enabled()) profile::record("subopt: enumeration", enumeration);
    return result;
}

}  // namespace tropic::rna

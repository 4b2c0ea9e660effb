#pragma once
// Where subopt's tables are filled (private to src/rna/subopt): the CPU engine on run.pool's
// threads or, chosen through choose_backend, the device (subopt_device.hpp); either way the host
// receives the same tables, so that the enumeration and the traces are one code.
#include <cstdint>
#include <memory>
#include <span>

#include "rna/mfe/mfe_tables.hpp"
#include "rna/subopt/zuker_outside.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::rna::detail {

struct SuboptTables {
    std::unique_ptr<MfeTables> tables;
    std::unique_ptr<ZukerOutside> outside;  // with `zuker` only
};

// Throws ResourceError when the tables fit neither where run.backend sends them nor, for auto,
// anywhere.
SuboptTables fill_subopt_tables(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                                const MfeParams& mfe_params, const StructureConstraint* constraint,
                                bool zuker, const RunOptions& run);

}  // namespace tropic::rna::detail

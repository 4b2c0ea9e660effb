// `tropic cnv count` (being written).
#include "cli/cnv_commands.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cli {

Command add_cnv_count_command(CLI::App& cnv) {
    CLI::App* app = cnv.add_subcommand("count", "(not yet available)");
    return {app, [] { throw InputError("tropic cnv count is not available yet"); }};
}

}  // namespace tropic::cli

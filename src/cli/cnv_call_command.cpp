// `tropic cnv call` (being written).
#include "cli/cnv_commands.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cli {

Command add_cnv_call_command(CLI::App& cnv) {
    CLI::App* app = cnv.add_subcommand("call", "(not yet available)");
    return {app, [] { throw InputError("tropic cnv call is not available yet"); }};
}

}  // namespace tropic::cli

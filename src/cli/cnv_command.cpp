// `tropic cnv`: copy-number variation from read depth, cn.mops' pipeline (docs/cnv.md).
#include <vector>

#include "cli/cnv_commands.hpp"
#include "cli/commands.hpp"

namespace tropic::cli {

std::vector<Command> add_cnv_commands(CLI::App& app) {
    CLI::App* cnv = app.add_subcommand(
        "cnv", "Copy-number variation from read depth: cn.mops' pipeline, from BAM files to calls");
    cnv->require_subcommand(1);
    return {add_cnv_count_command(*cnv), add_cnv_call_command(*cnv)};
}

}  // namespace tropic::cli

// The `tropic` command line as one CLI11 app: main() parses and runs it; the command-line fuzz
// target (tests/fuzz/cli_options.cpp) builds the same app and only parses.
#include <string>

#include "cli/build_report.hpp"
#include "cli/commands.hpp"

namespace tropic::cli {

std::unique_ptr<CLI::App> make_app(std::vector<Command>& commands) {
    auto app = std::make_unique<CLI::App>(
        "tropic: fast RNA folding and sequence analysis on CPU and GPU", "tropic");
    app->set_version_flag("--version", build_report_text,
                          "Print the version, the build (CUDA, SIMD) and the GPUs found, and exit");
    app->option_defaults()->always_capture_default();
    app->require_subcommand(1);
    app->fallthrough(false);

    commands.push_back(add_fold_command(*app));
    commands.push_back(add_rri_command(*app));
    commands.push_back(add_align_command(*app));
    commands.push_back(add_align3_command(*app));
    commands.push_back(add_syntenic_command(*app));
    commands.push_back(add_makedb_command(*app));
    commands.push_back(add_search_command(*app));
    commands.push_back(add_index_command(*app));
    commands.push_back(add_map_command(*app));
    commands.push_back(add_eval_command(*app));
    commands.push_back(add_subopt_command(*app));
    commands.push_back(add_plot_command(*app));
    commands.push_back(add_mirscan_command(*app));
    commands.push_back(add_device_command(*app));
    for (Command& command : add_cnv_commands(*app)) commands.push_back(command);
    return app;
}

}  // namespace tropic::cli

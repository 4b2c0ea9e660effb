#pragma once
// The subcommands of `tropic`. Each adds itself to the CLI11 app and returns the function that
// runs it once the command line has parsed. Errors leave as tropic::Error exceptions; main()
// turns them into messages and exit codes.
#include <CLI/CLI.hpp>
#include <functional>
#include <memory>
#include <vector>

namespace tropic::cli {

struct Command {
    CLI::App* app = nullptr;
    std::function<void()> run;
};

Command add_fold_command(CLI::App& app);
Command add_rri_command(CLI::App& app);
Command add_align_command(CLI::App& app);
Command add_align3_command(CLI::App& app);
Command add_syntenic_command(CLI::App& app);
Command add_makedb_command(CLI::App& app);
Command add_index_command(CLI::App& app);
Command add_map_command(CLI::App& app);
Command add_search_command(CLI::App& app);
Command add_eval_command(CLI::App& app);
Command add_subopt_command(CLI::App& app);
Command add_plot_command(CLI::App& app);
Command add_mirscan_command(CLI::App& app);
Command add_device_command(CLI::App& app);
// `tropic cnv` and its subcommands (count, call): one Command per subcommand.
std::vector<Command> add_cnv_commands(CLI::App& app);

// The whole command line: the app with its settings and every command, appended to `commands`.
std::unique_ptr<CLI::App> make_app(std::vector<Command>& commands);

}  // namespace tropic::cli

// `tropic device`: what this build can run on.
#include <fmt/format.h>

#include <memory>

#include "cli/build_report.hpp"
#include "cli/commands.hpp"
#include "cli/shared_options.hpp"

namespace tropic::cli {

Command add_device_command(CLI::App& app) {
    auto* sub =
        app.add_subcommand("device", "Show the build (CUDA or CPU only) and the GPUs found");
    sub->alias("info");
    auto shared = std::make_shared<SharedOptions>();
    add_run_options(sub, *shared, Shared::Json);
    return {sub, [shared] {
                fmt::print("{}\n", shared->json ? build_report_json() : build_report_text());
            }};
}

}  // namespace tropic::cli

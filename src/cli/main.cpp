// `tropic <command> [options]`: parses the command line, runs one command and maps errors to the
// exit codes of docs/architecture.md (0 ok, 1 usage or input, 2 resources, 3 internal).
#include <cstdio>
#include <exception>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/notices.hpp"
#include "cli/usage_error.hpp"
#include "tropic/core/error.hpp"

namespace {

int report(tropic::ExitCode code, const std::string& message) {
    tropic::cli::report_error(message);
    return static_cast<int>(code);
}

}  // namespace

int main(int argc, char** argv) {
    tropic::cli::set_command_line(argc, argv);
    std::vector<tropic::cli::Command> commands;
    const std::unique_ptr<CLI::App> app = tropic::cli::make_app(commands);

    try {
        app->parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        if (e.get_exit_code() == 0) return app->exit(e);  // --help, --version
        const tropic::cli::UsageError usage = tropic::cli::usage_error(*app, e);
        report(tropic::ExitCode::Input, usage.message);
        std::fprintf(stderr, "%s\n", tropic::printable_text(usage.hint).c_str());
        return static_cast<int>(tropic::ExitCode::Input);
    }

    try {
        for (const auto& command : commands)
            if (command.app->parsed()) command.run();
    } catch (const tropic::Error& e) {
        return report(e.code(), e.what());
    } catch (const std::bad_alloc&) {
        const std::string hint = tropic::cli::memory_hint(*app);
        return report(tropic::ExitCode::Resource,
                      hint.empty() ? "out of memory" : "out of memory (" + hint + ")");
    } catch (const std::exception& e) {
        return report(tropic::ExitCode::Internal, std::string("internal error: ") + e.what());
    }
    return 0;
}

// The `tropic` command line (CLI11), built by make_app exactly as main() builds it: the input is
// the arguments after `tropic`, one a line. Only parsing happens; no command runs. The app is
// built once: building it costs over ten times a parse, and CLI11 clears the last parse's results
// before each parse (the variables options write to keep their last values, which no parse reads).
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "cli/commands.hpp"
#include "fuzz_support.hpp"
#include "fuzz_target.hpp"

TROPIC_FUZZ_TARGET(cli_options) {
    using namespace tropic;
    std::vector<std::string> words{"tropic"};
    std::string_view rest = fuzz::as_text(data, size);
    while (!rest.empty()) {
        const auto [line, after] = fuzz::split_first_line(rest);
        words.emplace_back(line);
        rest = after;
    }
    std::vector<char*> argv;
    for (std::string& word : words) argv.push_back(word.data());
    argv.push_back(nullptr);

    static std::vector<cli::Command> commands;
    static const std::unique_ptr<CLI::App> app = cli::make_app(commands);
    try {
        app->parse(static_cast<int>(words.size()), argv.data());
    } catch (const CLI::ParseError&) {
        return;  // usage errors, --help and --version: main() prints them
    }
    int parsed = 0;
    for (const cli::Command& command : commands) parsed += command.app->parsed() ? 1 : 0;
    fuzz::check_invariant(parsed == 1, "a command line accepted without exactly one command");
}

#include "cli/usage_hint.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <string_view>
#include <vector>

namespace tropic::cli {

namespace {

// An unknown option at most this many edits away from a real one is taken for a typing error.
constexpr std::size_t kMaxTypingEdits = 2;

// The command named on the command line, or nullptr (then the hint is about `tropic` itself).
const CLI::App* selected_command(const CLI::App& app) {
    const std::vector<CLI::App*> selected = app.get_subcommands();
    return selected.empty() ? nullptr : selected.back();
}

bool has_option(const CLI::App& command, const std::string& name) {
    return command.get_option_no_throw(name) != nullptr;
}

// Levenshtein distance, one row at a time.
std::size_t edit_distance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> row(b.size() + 1);
    std::iota(row.begin(), row.end(), std::size_t{0});
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] != b[j - 1])});
            diagonal = above;
        }
    }
    return row[b.size()];
}

// The long option of `command` nearest to the unknown `word` ("--threds=4"), or "" when none is
// within kMaxTypingEdits.
std::string nearest_option(const CLI::App& command, std::string_view word) {
    word = word.substr(0, word.find('='));
    std::string best;
    std::size_t best_distance = kMaxTypingEdits + 1;
    for (const CLI::Option* option : command.get_options()) {
        for (const std::string& name : option->get_lnames()) {
            const std::size_t distance = edit_distance(word, "--" + name);
            if (distance < best_distance) {
                best = "--" + name;
                best_distance = distance;
            }
        }
    }
    return best;
}

}  // namespace

std::string usage_hint(const CLI::App& app) {
    const CLI::App* command = selected_command(app);
    if (!command) return "Run 'tropic --help' for the commands.";
    std::string hint = fmt::format("Run 'tropic {} --help' for its options.", command->get_name());
    for (const std::string& word : command->remaining()) {
        if (!word.starts_with("--")) continue;
        const std::string nearest = nearest_option(*command, word);
        if (!nearest.empty()) return hint + fmt::format(" Did you mean {}?", nearest);
    }
    return hint;
}

std::string memory_hint(const CLI::App& app) {
    const CLI::App* command = selected_command(app);
    if (!command) return {};
    std::vector<std::string> remedies;
    if (has_option(*command, "--chunk")) remedies.emplace_back("a smaller --chunk");
    if (has_option(*command, "--threads")) remedies.emplace_back("fewer --threads");
    if (remedies.empty()) return {};
    std::string hint = "try " + remedies.front();
    for (std::size_t k = 1; k < remedies.size(); ++k) hint += " or " + remedies[k];
    return hint;
}

}  // namespace tropic::cli

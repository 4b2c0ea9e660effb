#include "cli/usage_error.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <string_view>
#include <vector>

namespace tropic::cli {

namespace {

// An unknown word at most this many edits away from a real one is taken for a typing error.
constexpr std::size_t kMaxTypingEdits = 2;

// The deepest command the command line selected ("cnv call"), and its words after "tropic".
const CLI::App* selected_command(const CLI::App& app, std::string& words) {
    const CLI::App* command = &app;
    words.clear();
    for (;;) {
        const std::vector<CLI::App*> selected = command->get_subcommands();
        if (selected.empty()) return command;
        command = selected.back();
        words += (words.empty() ? "" : " ") + command->get_name();
    }
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

// The name among `names` that `word` abbreviates (when it abbreviates exactly one), else the
// nearest within kMaxTypingEdits; "" when none is near.
std::string nearest_name(std::string_view word, const std::vector<std::string>& names) {
    std::vector<std::string> extended;
    for (const std::string& name : names)
        if (name.size() > word.size() && name.starts_with(word)) extended.push_back(name);
    if (extended.size() == 1) return extended.front();
    std::string best;
    std::size_t best_distance = kMaxTypingEdits + 1;
    for (const std::string& name : names) {
        const std::size_t distance = edit_distance(word, name);
        if (distance < best_distance) {
            best = name;
            best_distance = distance;
        }
    }
    return best;
}

std::vector<std::string> long_options(const CLI::App& command) {
    std::vector<std::string> names;
    for (const CLI::Option* option : command.get_options())
        for (const std::string& name : option->get_lnames()) names.push_back("--" + name);
    return names;
}

// Every subcommand `command` defines (CLI11's filtered list is not const).
std::vector<CLI::App*> defined_subcommands(const CLI::App& command) {
    return const_cast<CLI::App&>(command).get_subcommands([](CLI::App*) { return true; });
}

std::vector<std::string> subcommand_names(const CLI::App& command) {
    std::vector<std::string> names;
    for (const CLI::App* sub : defined_subcommands(command)) {
        names.push_back(sub->get_name());
        for (const std::string& alias : sub->get_aliases()) names.push_back(alias);
    }
    return names;
}

// The first word left over that is not an option: a command that does not exist, where the
// command at hand needs one.
std::optional<std::string> unknown_command(const CLI::App& command) {
    if (defined_subcommands(command).empty()) return std::nullopt;
    for (const std::string& word : command.remaining())
        if (!word.starts_with("-")) return word;
    return std::nullopt;
}

// CLI11 words a failed check "OPTION: must ..."; the tool says "OPTION must ...".
std::string tool_words(const std::string& message) {
    const std::size_t colon = message.find(": must ");
    if (message.starts_with("-") && colon != std::string::npos && message.find(' ') > colon)
        return message.substr(0, colon) + message.substr(colon + 1);
    return message;
}

}  // namespace

UsageError usage_error(const CLI::App& app, const CLI::ParseError& error) {
    std::string words;
    const CLI::App* command = selected_command(app, words);
    const std::string shown = words.empty() ? "tropic" : "tropic " + words;
    UsageError usage{tool_words(error.what()),
                     words.empty() ? "Run 'tropic --help' for the commands."
                                   : fmt::format("Run '{} --help' for its options.", shown)};
    if (const auto word = unknown_command(*command)) {
        const std::string prefix = words.empty() ? "" : words + " ";
        usage.message = fmt::format("unknown command '{}{}'", prefix, *word);
        const std::string nearest = nearest_name(*word, subcommand_names(*command));
        if (!nearest.empty())
            usage.message += fmt::format("; did you mean '{}{}'?", prefix, nearest);
        usage.hint = fmt::format("Run '{} --help' for the commands.", shown);
        return usage;
    }
    for (const std::string& word : command->remaining()) {
        if (!word.starts_with("-")) continue;
        if (dynamic_cast<const CLI::ExtrasError*>(&error))
            usage.message = fmt::format("unknown option '{}' for '{}'", word, shown);
        if (!word.starts_with("--")) break;
        const std::string nearest =
            nearest_name(std::string_view(word).substr(0, word.find('=')), long_options(*command));
        if (!nearest.empty())
            return {usage.message, usage.hint + fmt::format(" Did you mean {}?", nearest)};
    }
    return usage;
}

std::string memory_hint(const CLI::App& app) {
    std::string words;
    const CLI::App* command = selected_command(app, words);
    if (words.empty()) return {};
    std::vector<std::string> remedies;
    if (has_option(*command, "--chunk")) remedies.emplace_back("a smaller --chunk");
    if (has_option(*command, "--threads")) remedies.emplace_back("fewer --threads");
    if (remedies.empty()) return {};
    std::string hint = "try " + remedies.front();
    for (std::size_t k = 1; k < remedies.size(); ++k) hint += " or " + remedies[k];
    return hint;
}

}  // namespace tropic::cli

#include "cli/option_checks.hpp"

#include <algorithm>

namespace tropic::cli {

CLI::Validator one_of(std::vector<std::string> words) {
    std::string listed = words.front();
    for (std::size_t k = 1; k < words.size(); ++k)
        listed += (k + 1 == words.size() ? " or " : ", ") + words[k];
    const std::string description = "{" + fmt::format("{}", fmt::join(words, ",")) + "}";
    return CLI::Validator(
        [words = std::move(words), listed](std::string& text) -> std::string {
            if (std::find(words.begin(), words.end(), text) != words.end()) return {};
            return fmt::format("must be {}, not '{}'", listed, text);
        },
        description);
}

}  // namespace tropic::cli

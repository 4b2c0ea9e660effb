#include "cli/command_line.hpp"

#include <string_view>

namespace tropic::cli {

namespace {
std::string& stored() {
    static std::string line;
    return line;
}
}  // namespace

void set_command_line(int argc, const char* const* argv) {
    std::string& line = stored();
    line.clear();
    for (int k = 0; k < argc; ++k) {
        const std::string_view word = argv[k];
        if (k > 0) line += ' ';
        if (word.find_first_of(" \t") != std::string_view::npos) {
            line += '\'';
            line += word;
            line += '\'';
        } else {
            line += word;
        }
    }
}

const std::string& command_line() {
    return stored();
}

}  // namespace tropic::cli

#include "cli/notices.hpp"

#include <cstdio>

#include "tropic/core/error.hpp"

namespace tropic::cli {

namespace {

void say(const char* kind, const std::string& text) {
    std::fflush(stdout);
    std::fprintf(stderr, "tropic: %s: %s\n", kind, printable_text(text).c_str());
}

}  // namespace

void note(const std::string& text, bool quiet) {
    if (!quiet) say("note", text);
}

void warn(const std::string& text) {
    say("warning", text);
}

}  // namespace tropic::cli

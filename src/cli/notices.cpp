#include "cli/notices.hpp"

#include <cstdio>

#include "tropic/core/error.hpp"

namespace tropic::cli {

namespace {

void print(const char* kind, const std::string& text) {
    std::fflush(stdout);
    std::fprintf(stderr, "tropic: %s: %s\n", kind, printable_text(text).c_str());
}

}  // namespace

void note(const std::string& text, bool quiet) {
    if (!quiet) print("note", text);
}

void warn(const std::string& text) {
    print("warning", text);
}

void report_error(const std::string& text) {
    print("error", text);
}

NoticeHandler notice_handler(bool quiet) {
    return [quiet](const Notice& notice) {
        if (notice.kind == Notice::Kind::Warning)
            warn(notice.text);
        else
            note(notice.text, quiet);
    };
}

}  // namespace tropic::cli

#pragma once
// samtools for the SAM/BAM/CRAM tests, which make their inputs with it (never committed
// binaries). A test that needs it starts with TROPIC_SKIP_WITHOUT_SAMTOOLS(): without samtools
// on PATH it reports SKIPPED, so it never passes silently.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace tropic::test {

inline bool have_samtools() {
    static const bool found = std::system("samtools --version >/dev/null 2>&1") == 0;
    return found;
}

// Runs a shell command; true when it exits with 0.
inline bool shell(const std::string& command) {
    return std::system(command.c_str()) == 0;
}

inline std::string read_text(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

inline void write_text(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

}  // namespace tropic::test

#define TROPIC_SKIP_WITHOUT_SAMTOOLS()                                                       \
    if (!::tropic::test::have_samtools())                                                    \
    GTEST_SKIP() << "samtools is not on PATH (scripts/setup installs it); these tests make " \
                    "their BAM and CRAM inputs with it"

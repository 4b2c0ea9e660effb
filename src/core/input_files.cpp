#include "tropic/core/input_files.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

void check_input_file(const std::string& path) {
    if (path == "-") return;
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 || ::access(path.c_str(), R_OK) != 0)
        throw InputError(fmt::format("cannot open '{}': {}", path, errno_reason(errno)));
    if (S_ISDIR(info.st_mode))
        throw InputError(fmt::format("cannot read '{}': it is a folder; name a file in it", path));
}

void check_input_files(const std::vector<std::string>& paths) {
    int stdin_uses = 0;
    for (const std::string& path : paths) {
        if (path == "-" && ++stdin_uses > 1)
            throw InputError("standard input ('-') can be given only once");
        check_input_file(path);
    }
}

}  // namespace tropic

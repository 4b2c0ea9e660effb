#include "cli/input_checks.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cli {

void check_inputs_readable(const std::vector<std::string>& inputs) {
    int stdin_uses = 0;
    for (const auto& path : inputs) {
        if (path == "-") {
            if (++stdin_uses > 1) throw InputError("standard input ('-') can be given only once");
        } else if (::access(path.c_str(), R_OK) != 0) {
            throw InputError(fmt::format("cannot open '{}': {}", path, std::strerror(errno)));
        }
    }
}

void check_backend_available(Backend backend, int device) {
    if (backend != Backend::Cuda) return;
    if (const std::string reason = cuda_unavailable_reason(device); !reason.empty())
        throw ResourceError("--backend cuda: " + reason + "; use --backend cpu");
}

}  // namespace tropic::cli

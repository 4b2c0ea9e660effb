#include "cli/input_checks.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"

namespace tropic::cli {

void check_inputs_readable(const std::vector<std::string>& inputs) {
    check_input_files(inputs);
}

void check_backend_available(Backend backend, int device) {
    if (backend != Backend::Cuda) return;
    if (const std::string reason = cuda_unavailable_reason(device); !reason.empty())
        throw ResourceError("--backend cuda: " + reason + "; use --backend cpu");
}

}  // namespace tropic::cli

#pragma once
// Checks every command makes before any work, so that a bad input or backend fails at once
// rather than after earlier results.
#include <string>
#include <vector>

#include "tropic/core/backend.hpp"

namespace tropic::cli {

// Throws InputError when a file cannot be read or '-' (stdin) is given twice.
void check_inputs_readable(const std::vector<std::string>& inputs);

// Throws ResourceError for --backend cuda without a usable device.
void check_backend_available(Backend backend, int device);

}  // namespace tropic::cli

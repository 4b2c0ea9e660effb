#include "tropic/core/backend.hpp"

#include <string>

#include "tropic/core/error.hpp"

namespace tropic {

Backend parse_backend(std::string_view text) {
    if (text == "auto") return Backend::Auto;
    if (text == "cpu") return Backend::Cpu;
    if (text == "cuda" || text == "gpu") return Backend::Cuda;
    throw InputError("unknown backend '" + std::string(text) + "' (expected auto, cpu or cuda)");
}

std::string_view to_string(Backend backend) noexcept {
    switch (backend) {
        case Backend::Cpu:
            return "cpu";
        case Backend::Cuda:
            return "cuda";
        default:
            return "auto";
    }
}

}  // namespace tropic

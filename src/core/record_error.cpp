#include "tropic/core/record_error.hpp"

#include <fmt/format.h>

#include "core/internal/messages.hpp"

namespace tropic {

std::string record_location(const std::string& path, std::size_t index, const std::string& name) {
    const std::string shown = display_input_path(path);
    if (name.empty()) return fmt::format("{}: record {}", shown, index);
    return fmt::format("{}: record {} ('{}')", shown, index, name);
}

InputError record_error(const std::string& path, std::size_t index, const std::string& name,
                        const std::string& what) {
    return InputError(record_location(path, index, name) + ": " + what);
}

}  // namespace tropic

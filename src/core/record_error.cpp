#include "tropic/core/record_error.hpp"

#include <fmt/format.h>

#include "core/internal/messages.hpp"

namespace tropic {

InputError record_error(const std::string& path, std::size_t index, const std::string& name,
                        const std::string& what) {
    const std::string shown = display_input_path(path);
    if (name.empty()) return InputError(fmt::format("{}: record {}: {}", shown, index, what));
    return InputError(fmt::format("{}: record {} ('{}'): {}", shown, index, name, what));
}

}  // namespace tropic

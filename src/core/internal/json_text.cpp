#include "core/internal/json_text.hpp"

#include <nlohmann/json.hpp>

namespace tropic {

void append_json_string(std::string& out, std::string_view text) {
    out += nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace tropic

#pragma once
// A string as a JSON value, for the writers that build their JSON lines by hand (to stay about as
// fast as their text layouts). Names come from user input as raw bytes: invalid UTF-8 is replaced
// rather than stopping the run.
#include <string>
#include <string_view>

namespace tropic {

void append_json_string(std::string& out, std::string_view text);

}  // namespace tropic

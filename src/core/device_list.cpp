#include "tropic/core/device_list.hpp"

#include <string>

#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/parse_number.hpp"

namespace tropic {

namespace {

[[noreturn]] void reject(std::string_view text) {
    throw InputError("'" + std::string(text) +
                     "' is not a device list: expected N, all or N,M,...");
}

// One index of a list: digits only (parse_number alone would take "-1").
int device_index(std::string_view item, std::string_view text) {
    const bool digits =
        !item.empty() && item.find_first_not_of("0123456789") == std::string_view::npos;
    const std::optional<int> index = digits ? parse_number<int>(item) : std::nullopt;
    if (!index) reject(text);
    return *index;
}

}  // namespace

std::vector<int> parse_device_list(std::string_view text, int device_count) {
    std::vector<int> devices;
    if (text == "all") {
        for (int d = 0; d < device_count; ++d) devices.push_back(d);
        return devices;
    }
    std::string_view rest = text;
    while (true) {
        const std::size_t comma = rest.find(',');
        devices.push_back(device_index(rest.substr(0, comma), text));
        if (comma == std::string_view::npos) return devices;
        rest.remove_prefix(comma + 1);
    }
}

std::vector<int> parse_device_list(std::string_view text) {
    // Only `all` needs the devices counted; counting starts the CUDA runtime, which a command run
    // with the default `--device 0` (on the CPU, say) must not pay for at start-up.
    return parse_device_list(text, text == "all" ? cuda_device_count() : 0);
}

}  // namespace tropic

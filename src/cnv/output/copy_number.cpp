// copy_number_of: the integer copy number a class name stands for ("CN3" -> 3).
#include <charconv>
#include <string>

#include "tropic/cnv/cnv_result.hpp"

namespace tropic::cnv {

int copy_number_of(const std::string& class_name) {
    constexpr std::string_view prefix = "CN";
    if (class_name.size() <= prefix.size() || class_name.compare(0, prefix.size(), prefix) != 0)
        return -1;
    const char* first = class_name.data() + prefix.size();
    const char* last = class_name.data() + class_name.size();
    // from_chars alone would take "CN+3" or "CN 3"; only digits are a copy number.
    for (const char* c = first; c != last; ++c)
        if (*c < '0' || *c > '9') return -1;
    int value = 0;
    auto [end, error] = std::from_chars(first, last, value);
    if (error != std::errc() || end != last) return -1;
    return value;
}

}  // namespace tropic::cnv

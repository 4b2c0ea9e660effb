// copy_number_of: the integer copy number a class name stands for ("CN3" -> 3).
#include <string>

#include "tropic/cnv/cnv_result.hpp"
#include "tropic/core/parse_number.hpp"

namespace tropic::cnv {

int copy_number_of(const std::string& class_name) {
    constexpr std::string_view prefix = "CN";
    if (class_name.size() <= prefix.size() || class_name.compare(0, prefix.size(), prefix) != 0)
        return -1;
    const std::string_view digits = std::string_view(class_name).substr(prefix.size());
    // parse_number would take "CN-3"; only digits are a copy number.
    if (digits.find_first_not_of("0123456789") != std::string_view::npos) return -1;
    return parse_number<int>(digits).value_or(-1);
}

}  // namespace tropic::cnv

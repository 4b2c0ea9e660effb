#include "cnv/output/output_format.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "tropic/cnv/cnv_result.hpp"

namespace tropic::cnv::detail {

std::string format_real(double value, int digits) {
    if (std::isnan(value)) return "NA";
    if (std::isinf(value)) return value > 0 ? "Inf" : "-Inf";
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*g", digits, value);
    return buffer;
}

std::string class_name(const CnmopsParams& params, int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= params.classes.size()) return "NA";
    return params.classes[static_cast<std::size_t>(index)];
}

int class_copy_number(const CnmopsParams& params, int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= params.classes.size()) return -1;
    return copy_number_of(params.classes[static_cast<std::size_t>(index)]);
}

std::string safe_file_name(std::string_view name) {
    std::string safe(name);
    for (char& c : safe) {
        bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '_' || c == '-';
        if (!keep) c = '_';
    }
    return safe;
}

std::string group_thousands(long long value) {
    std::string digits = std::to_string(std::llabs(value));
    std::string grouped;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
        grouped += digits[i];
    }
    return value < 0 ? "-" + grouped : grouped;
}

}  // namespace tropic::cnv::detail

#pragma once
// What the cnv writers share: how numbers and classes are spelled, and safe file names.
#include <cstddef>
#include <string>
#include <string_view>

#include "tropic/cnv/cnmops_params.hpp"

namespace tropic::cnv::detail {

// `value` with `digits` significant digits (printf's %g: "0.5", "1.23457e+06"); NA for NaN and
// Inf / -Inf for infinities, as R writes them.
std::string format_real(double value, int digits);

// The name of class `index` (an index into params.classes), NA where there is none (-1).
std::string class_name(const CnmopsParams& params, int index);

// The integer copy number of class `index`, -1 where it has none (no class, or a name that is
// not CN<digits>).
int class_copy_number(const CnmopsParams& params, int index);

// `name` with every character other than letters, digits, '.', '_' and '-' replaced by '_', so
// that a sequence name ("chrUn/1", "HLA-A*01") cannot leave the folder or upset a shell.
std::string safe_file_name(std::string_view name);

// 12345678 -> "12,345,678", for titles and axes.
std::string group_thousands(long long value);

}  // namespace tropic::cnv::detail

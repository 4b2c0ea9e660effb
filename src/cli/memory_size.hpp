#pragma once
// Memory sizes on the command line ("4G", "512M", "1.5G", "2000000"), through CLI11's
// AsSizeValue: units K, M, G, T, P, E in powers of 1024, any case, a trailing B allowed ("4GB").
#include <CLI/CLI.hpp>
#include <string>

namespace tropic::cli {

// A transform for `option` that turns the value into its number of bytes. A decimal before the
// unit ("1.5G", which AsSizeValue alone refuses) counts that share of the unit. Anything else
// (a sign, "inf", an unknown unit, more than 2^64 bytes) fails the parse with
// "OPTION 'VALUE': expected a size such as 4G, 512M, 1.5G or a number of bytes".
CLI::Validator memory_size(const std::string& option);

}  // namespace tropic::cli

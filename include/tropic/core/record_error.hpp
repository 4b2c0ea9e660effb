#pragma once
// The error about one record of an input, worded as every reader of tropic words it, so that a
// step that finds a bad record after reading (a structure that cannot be evaluated, a constraint
// that does not fit its sequence) names it the same way.
#include <cstddef>
#include <string>

#include "tropic/core/error.hpp"

namespace tropic {

// "FILE: record N ('name')", "<stdin>" for the path "-", and without the parenthesis for a
// record without a name. `index` is 1-based.
[[nodiscard]] std::string record_location(const std::string& path, std::size_t index,
                                          const std::string& name);

// InputError "FILE: record N ('name'): what".
[[nodiscard]] InputError record_error(const std::string& path, std::size_t index,
                                      const std::string& name, const std::string& what);

}  // namespace tropic

#pragma once
// How a database is named: `tropic makedb DB.fa PREFIX` writes PREFIX.tdb, and a search may name
// it by the prefix or by the file.
#include <string>

namespace tropic::align::detail {

// The file that `prefix_or_path` names: the path itself when it ends in .tdb and is a file (or
// when neither it nor PATH.tdb exists, so that a message names what the user wrote), else
// PREFIX.tdb.
std::string database_file(const std::string& prefix_or_path);

}  // namespace tropic::align::detail

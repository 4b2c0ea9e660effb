#pragma once
// The checks every input path gets before anything is read, so that a bad path fails at once, in
// the same words everywhere, rather than as a read error after earlier results: "-" is standard
// input (once), and anything else must be a file (or a device or pipe) that can be read.
#include <string>
#include <vector>

namespace tropic {

// Throws InputError when `path` cannot be opened for reading or is a folder.
void check_input_file(const std::string& path);

// check_input_file for each path; standard input ('-') may be given only once.
void check_input_files(const std::vector<std::string>& paths);

}  // namespace tropic

#pragma once
// The one pass over a database's input that both builds share (make_database to a file,
// Database::from_fasta in memory): each record's codes go to `write_codes` in input order, and
// the index of names and lengths is kept.
#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "align/database/database_index.hpp"
#include "tropic/align/database.hpp"

namespace tropic::align::detail {

struct ReadRecords {
    Alphabet alphabet;
    InputIndex index;
};

// Throws InputError for bad input (database_input.hpp) and ResourceError when the index outgrows
// the options' memory limit (host_budget).
ReadRecords read_records(const std::string& input, const DatabaseParams& params,
                         const RunOptions& options, const DatabaseProgress& progress,
                         const std::function<void(std::span<const std::uint8_t>)>& write_codes);

}  // namespace tropic::align::detail

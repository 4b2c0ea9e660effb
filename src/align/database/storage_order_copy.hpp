#pragma once
// The residues of a build, spilled to a temporary file in input order, copied into the database
// file in storage order.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "align/database/database_index.hpp"

namespace tropic::align::database {

struct CopyTarget {
    std::FILE* out;
    std::string path;  // for messages
};

// Reads the spill file (`spill_fd`, `spill_path` for messages) and appends its residues to
// `target` in storage order, through a buffer of `buffer_bytes`; returns their CRC-32. A spill
// that fits in the buffer is read whole, sequentially; a larger one a window of storage order at
// a time, each window's pieces read in file order, adjacent pieces in one read. Throws
// ResourceError when a read or write fails.
std::uint32_t copy_in_storage_order(int spill_fd, const std::string& spill_path,
                                    const InputIndex& input, const StorageIndex& index,
                                    const CopyTarget& target, std::size_t buffer_bytes);

}  // namespace tropic::align::database

#pragma once
// The residues of a build, spilled to a temporary file in input order, copied into the database
// file in storage order.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>

#include "align/database/database_index.hpp"

namespace tropic::align::detail {

// Reads the spill file (`spill_fd`, `spill_path` for messages) and hands its residues to `write`
// in storage order, through a buffer of `buffer_bytes`. A spill that fits in the buffer is read
// whole, sequentially; a larger one a window of storage order at a time, each window's pieces read
// in file order, adjacent pieces in one read. Throws ResourceError when a read fails.
void copy_in_storage_order(int spill_fd, const std::string& spill_path, const InputIndex& input,
                           const StorageIndex& index, std::size_t buffer_bytes,
                           const std::function<void(std::span<const std::uint8_t>)>& write);

}  // namespace tropic::align::detail

#pragma once
// CRC-32 of the database's sections: zlib's crc32 (the IEEE polynomial, as gzip), which htslib
// links already and which runs at memory speed where zlib has a fast path for the CPU.
#include <cstddef>
#include <cstdint>

namespace tropic::align::detail {

// The CRC of the bytes that gave `crc` followed by `data` (start with 0).
std::uint32_t extend_crc32(std::uint32_t crc, const void* data, std::size_t size) noexcept;

}  // namespace tropic::align::detail

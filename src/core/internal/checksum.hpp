#pragma once
// CRC-32 of the sections of tropic's binary files (align's databases, map's reference indexes):
// zlib's crc32 (the IEEE polynomial, as gzip), which htslib links already and which runs at memory
// speed where zlib has a fast path for the CPU.
#include <cstddef>
#include <cstdint>

namespace tropic {

// The CRC of the bytes that gave `crc` followed by `data` (start with 0).
std::uint32_t extend_crc32(std::uint32_t crc, const void* data, std::size_t size) noexcept;

}  // namespace tropic

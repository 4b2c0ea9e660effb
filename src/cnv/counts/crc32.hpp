#pragma once
// CRC-32 (the IEEE polynomial, as zlib's crc32 and gzip compute it), for the checksums of the
// binary count-matrix format; written here so that the cnv domain needs no zlib of its own.
#include <cstddef>
#include <cstdint>

namespace tropic::cnv::detail {

// The CRC of `size` bytes at `data`, continuing from `crc` (0 to start).
std::uint32_t crc32_update(std::uint32_t crc, const void* data, std::size_t size) noexcept;

}  // namespace tropic::cnv::detail

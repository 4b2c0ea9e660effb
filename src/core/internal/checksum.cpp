#include "core/internal/checksum.hpp"

#include <zlib.h>

#include <algorithm>

namespace tropic {

std::uint32_t extend_crc32(std::uint32_t crc, const void* data, std::size_t size) noexcept {
    // zlib takes a 32-bit length: a residue section of several GiB goes in pieces.
    constexpr std::size_t kPiece = std::size_t{1} << 30;
    const auto* bytes = static_cast<const Bytef*>(data);
    uLong value = crc;
    while (size > 0) {
        const std::size_t piece = std::min(size, kPiece);
        value = ::crc32(value, bytes, static_cast<uInt>(piece));
        bytes += piece;
        size -= piece;
    }
    return static_cast<std::uint32_t>(value);
}

}  // namespace tropic

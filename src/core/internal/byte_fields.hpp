#pragma once
// Fixed-size fields of a binary file's header, read and written at their byte offsets in the
// machine's byte order (tropic's files are little-endian: their layouts assert it).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>

namespace tropic {

template <class T>
void put_field(std::string& bytes, std::size_t at, T value) {
    std::memcpy(bytes.data() + at, &value, sizeof(T));
}

template <class T>
[[nodiscard]] T get_field(std::span<const std::uint8_t> bytes, std::size_t at) noexcept {
    T value;
    std::memcpy(&value, bytes.data() + at, sizeof(T));
    return value;
}

}  // namespace tropic

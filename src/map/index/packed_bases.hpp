#pragma once
// The 2-bit packing of the reference's bases: 32 a word, base i at bits 2 * (i % 32) of word
// i / 32, N and other IUPAC codes stored as A (0) and listed as runs beside the words.
#include <cstddef>
#include <cstdint>
#include <span>

namespace tropic::map::detail {

inline constexpr std::uint64_t kBasesPerWord = 32;

[[nodiscard]] inline std::size_t packed_words(std::uint64_t bases) noexcept {
    return static_cast<std::size_t>((bases + kBasesPerWord - 1) / kBasesPerWord);
}

[[nodiscard]] inline std::uint8_t packed_base(std::span<const std::uint64_t> words,
                                              std::uint64_t position) noexcept {
    return static_cast<std::uint8_t>(
        (words[position / kBasesPerWord] >> (2 * (position % kBasesPerWord))) & 3u);
}

}  // namespace tropic::map::detail

#include "map/seed/seed_diagonals.hpp"

#include <optional>

namespace tropic::map::detail {

namespace {

// The 2-bit code of read[at, at + k), first base in the high bits; nullopt when it holds an N.
std::optional<std::uint32_t> kmer_code(std::span<const std::uint8_t> read, int at, int k) {
    std::uint32_t code = 0;
    for (int i = 0; i < k; ++i) {
        const std::uint8_t base = read[static_cast<std::size_t>(at + i)];
        if (base > 3) return std::nullopt;
        code = (code << 2) | base;
    }
    return code;
}

}  // namespace

int seed_segment_length(const ReferenceIndex& index) noexcept {
    return index.kmer_length() + index.sampling_stride() - 1;
}

int lossless_edit_limit(const ReferenceIndex& index, int read_length) noexcept {
    return read_length / seed_segment_length(index) - 1;
}

void append_seed_diagonals(const ReferenceIndex& index, std::span<const std::uint8_t> read,
                           std::vector<std::int64_t>& diagonals) {
    const int k = index.kmer_length();
    const int stride = index.sampling_stride();
    const int segment = seed_segment_length(index);
    const int length = static_cast<int>(read.size());
    for (int start = 0; start + segment <= length; start += segment)
        for (int offset = 0; offset < stride; ++offset) {
            const int at = start + offset;
            const auto code = kmer_code(read, at, k);
            if (!code) continue;
            for (const std::uint32_t position : index.occurrences(*code))
                diagonals.push_back(static_cast<std::int64_t>(position) - at);
        }
}

}  // namespace tropic::map::detail

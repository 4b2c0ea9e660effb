#pragma once
// The candidates of a batch of reads as flat arrays, the form in which every backend filters
// them: the oriented reads back to back, and per candidate its read, its reference window and its
// band (BandedWindow's meaning, the window given by concatenated coordinates).
#include <cstdint>
#include <span>
#include <vector>

namespace tropic::map::detail {

struct FlatCandidate {
    std::uint32_t read = 0;  // the oriented read's slot in CandidateBatch
    std::uint32_t contig = 0;
    std::uint32_t window_begin = 0;  // concatenated coordinates, inside the contig
    std::uint32_t window_length = 0;
    std::int32_t delta_low = 0, delta_high = 0;
    std::int32_t max_edits = 0;
};

struct CandidateBatch {
    std::vector<std::uint8_t> read_bases;        // DNA codes 0..4, the reads back to back
    std::vector<std::uint32_t> read_offsets{0};  // slot s is [read_offsets[s], read_offsets[s + 1])
    std::vector<FlatCandidate> candidates;

    // Adds a read; returns its slot.
    std::uint32_t add_read(std::span<const std::uint8_t> bases) {
        read_bases.insert(read_bases.end(), bases.begin(), bases.end());
        read_offsets.push_back(static_cast<std::uint32_t>(read_bases.size()));
        return static_cast<std::uint32_t>(read_offsets.size() - 2);
    }
    [[nodiscard]] std::span<const std::uint8_t> read(std::uint32_t slot) const {
        return std::span(read_bases)
            .subspan(read_offsets[slot], read_offsets[slot + 1] - read_offsets[slot]);
    }
};

}  // namespace tropic::map::detail

#pragma once
// Where reads are counted: per sequence, cn.mops' windows or the regions of a BED file, and the
// lookup of the window that holds a read's position (read_counting.hpp states the rules).
#include <cstdint>
#include <string>
#include <vector>

namespace tropic::cnv::detail {

struct SequenceLayout {
    std::string name;
    std::vector<std::int64_t> start;  // 0-based, inclusive, increasing
    std::vector<std::int64_t> end;    // 0-based, exclusive, never past the next start
    // Windows of one width from 0 (cn.mops' genome windows): the lookup is a division.
    std::int64_t uniform_width = 0;
    // Regions from a BED file: the 1-based line of each, for messages.
    std::vector<std::size_t> bed_lines;

    std::size_t window_count() const noexcept { return start.size(); }

    // The index of the window holding the 0-based position, or -1.
    std::int64_t window_of(std::int64_t position) const noexcept;
};

// cn.mops' windows over a sequence of `length` bases (read_counting.hpp, rule 5).
SequenceLayout genome_windows(const std::string& name, std::int64_t length,
                              std::int64_t window_length);

// The regions of a BED file, per sequence in the order the file first names them, sorted by
// start. Throws InputError naming the file and lines for empty or overlapping regions.
std::vector<SequenceLayout> bed_regions(const std::string& path);

}  // namespace tropic::cnv::detail

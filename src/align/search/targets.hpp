#pragma once
// The targets of a database scan as the CPU and device scans take them: sequences back to back,
// without the Database class (tests build them from plain sequences). No CUDA here: the CPU scan
// and the device scanner's interface both include it.
#include <cstdint>
#include <span>

namespace tropic::align::detail {

// Targets back to back: target t is residues[offsets[t], offsets[t + 1]). Ascending lengths make
// the scan's length partitions contiguous (a database is stored so), but any order works.
struct TargetView {
    std::span<const std::uint8_t> residues;
    std::span<const std::uint64_t> offsets;  // count + 1
    std::size_t count() const noexcept { return offsets.empty() ? 0 : offsets.size() - 1; }
};

}  // namespace tropic::align::detail

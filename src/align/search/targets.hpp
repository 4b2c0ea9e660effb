#pragma once
// The targets of a search as the scans take them, without the Database class: the sequences back
// to back in storage order (ascending length) and each one's ordinal (its position in the input,
// which breaks ties between hits). A Searcher builds them from a Database; tests build them from
// plain sequences without a file. No CUDA here: the CPU scan and the device scanner's interface
// both include it.
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

struct SearchTargets {
    TargetView view;
    std::span<const std::uint64_t> ordinals;  // view.count() of them
    std::uint64_t total_residues = 0;         // the E-value's database size
    std::uint64_t longest = 0;
};

}  // namespace tropic::align::detail

#pragma once
// Reads a reference FASTA into an index's contigs, packed bases and N runs, checking every record
// as it comes (names SAM accepts, no duplicates, no empty contig, at most `longest` bases: 2^32 - 1
// but in tests).
#include <cstdint>
#include <functional>
#include <string>

#include "map/index/index_access.hpp"

namespace tropic::map::detail {

// Positions are uint32 (the k-mer table's entries, the N runs).
inline constexpr std::uint64_t kLongestReference = 0xFFFFFFFFull;

// `before_contig(total bases with it)` runs before each contig's bases are stored, so that a
// memory check refuses before the memory is taken; `on_bases(total)` after.
void read_reference(const std::string& path, IndexAccess index,
                    const std::function<void(std::uint64_t)>& before_contig,
                    const std::function<void(std::uint64_t)>& on_bases,
                    std::uint64_t longest = kLongestReference);

// The fingerprint of ReferenceIndex::sequence_checksum from the index's contigs and bases.
[[nodiscard]] std::uint64_t compute_sequence_checksum(IndexAccess index);

}  // namespace tropic::map::detail

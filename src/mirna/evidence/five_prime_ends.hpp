#pragma once
// Where a read's 5' end falls in a hairpin, and the evidence that a set of 5' ends gives: the
// arithmetic of ReadEvidenceSource, apart from the BAM file.
#include <cstdint>
#include <optional>
#include <vector>

#include "tropic/mirna/hairpin.hpp"
#include "tropic/mirna/read_evidence.hpp"

namespace tropic::mirna::detail {

// The 5' end, in forward coordinates, of a read aligned to forward [begin, end): its first base
// on '+', its last on '-'.
[[nodiscard]] std::uint64_t five_prime_end(std::uint64_t begin, std::uint64_t end, char strand);

// The hairpin-local position (5'->3' on `strand`) of forward position `position` in a hairpin at
// forward [start, end); nullopt outside it.
[[nodiscard]] std::optional<std::uint32_t> hairpin_local(std::uint64_t position,
                                                         std::uint64_t start, std::uint64_t end,
                                                         char strand);

// The evidence of reads whose 5' ends lie at these hairpin-local positions.
[[nodiscard]] ReadEvidence evidence_of(const std::vector<std::uint32_t>& local_five_prime_ends,
                                       const HairpinArms& arms);

}  // namespace tropic::mirna::detail

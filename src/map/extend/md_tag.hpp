#pragma once
// SAM's MD:Z and NM:i tags of an alignment, from its CIGAR (M I D S; = and X read as M), the read
// (all of it, soft-clipped bases included, as SAM's SEQ) and the reference codes from the first
// aligned base on. Codes are dna_encoding.hpp's: A C G T = 0..3, N = 4.
//
// MD (SAM specification 1.4.1): [0-9]+(([A-Z]|\^[A-Z]+)[0-9]+)* : the count of matching bases,
// then for each mismatch the reference base and for each deletion '^' and its reference bases,
// each followed by a count again, 0 where no matching base follows (so the tag starts and ends
// with a number and two mismatches in a row read "A0C"). Insertions and clips do not appear.
// A base pair with an N on either side is a mismatch (MD shows the reference's base, N
// included), as bwa and samtools calmd count it.
//
// NM: mismatches (as above) plus inserted and deleted bases.
#include <cstdint>
#include <span>
#include <string>

#include "tropic/core/alignment_record.hpp"

namespace tropic::map::detail {

[[nodiscard]] std::string md_string(std::span<const std::uint8_t> read,
                                    std::span<const std::uint8_t> reference,
                                    std::span<const tropic::CigarElement> cigar);

[[nodiscard]] std::int32_t edit_distance(std::span<const std::uint8_t> read,
                                         std::span<const std::uint8_t> reference,
                                         std::span<const tropic::CigarElement> cigar);

}  // namespace tropic::map::detail

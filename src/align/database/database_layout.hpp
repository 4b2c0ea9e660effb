#pragma once
// The layout of a database file (.tdb), version 1; docs/search.md gives it byte by byte.
//
//   header    128 bytes at offset 0 (DatabaseHeader below, little-endian)
//   residues  at offset 128: every sequence's codes back to back in storage order
//   padding   zero bytes up to a multiple of 8, so that the index's numbers can be read in place
//   index     sequence offsets (count + 1 u64), ordinals (count u64), name offsets (count + 1
//             u64), then the names back to back (name k is [name_offsets[k], name_offsets[k + 1]))
//
// Every array of the index is usable straight from the mapped file: opening a database of
// millions of sequences parses nothing but the header.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "tropic/core/alphabet.hpp"

namespace tropic::align::detail {

static_assert(std::endian::native == std::endian::little,
              "database files are read and written as little-endian memory");

inline constexpr char kMagic[8] = {'T', 'R', 'O', 'P', 'I', 'C', 'D', 'B'};
inline constexpr std::uint32_t kFormatVersion = 1;
inline constexpr std::uint64_t kHeaderSize = 128;
// The bytes the header's own CRC covers: all of it but that CRC, its last 4 bytes.
inline constexpr std::size_t kHeaderCheckedBytes = kHeaderSize - 4;

struct DatabaseHeader {
    std::uint32_t version = kFormatVersion;
    Alphabet alphabet = Alphabet::Protein;
    std::uint64_t sequences = 0;
    std::uint64_t residues = 0;  // total, also the residue section's size
    std::uint64_t longest = 0;
    std::uint64_t residues_offset = kHeaderSize;
    std::uint64_t index_offset = 0;
    std::uint64_t index_size = 0;
    std::uint64_t names_size = 0;
    std::uint32_t residues_crc = 0;
    std::uint32_t index_crc = 0;
};

// The index section's size for `sequences` sequences whose names take `names_size` bytes.
std::uint64_t index_section_size(std::uint64_t sequences, std::uint64_t names_size) noexcept;
// Where the index starts after `residues` residue bytes: the next multiple of 8.
std::uint64_t index_section_offset(std::uint64_t residues) noexcept;

// The 128 header bytes, its own CRC included.
std::string encode_header(const DatabaseHeader& header);

// The fields of a header whose magic, version and CRC were checked (HeaderBytes below).
struct HeaderFields {
    std::uint32_t alphabet_code;
    DatabaseHeader header;
};

// Reads the fields at their offsets; `bytes` holds kHeaderSize bytes. Checks nothing.
HeaderFields decode_header(std::span<const std::uint8_t> bytes) noexcept;
// The version field of a file that starts with the magic (`bytes` holds at least 12 bytes).
std::uint32_t decode_version(std::span<const std::uint8_t> bytes) noexcept;
// The CRC stored in the header and the one its bytes give.
std::uint32_t stored_header_crc(std::span<const std::uint8_t> bytes) noexcept;
std::uint32_t computed_header_crc(std::span<const std::uint8_t> bytes) noexcept;

// The alphabet's code in the header (the Alphabet enum's value: 1 DNA, 2 protein).
std::uint32_t alphabet_code(Alphabet alphabet) noexcept;

}  // namespace tropic::align::detail

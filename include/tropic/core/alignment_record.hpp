#pragma once
// One SAM/BAM/CRAM alignment record as a plain value, independent of htslib and of any file:
// AlignmentReader fills it, AlignmentWriter writes it. Fields follow the SAM specification
// (https://samtools.github.io/hts-specs/SAMv1.pdf) with 0-based positions, as in BAM.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace tropic {

// The FLAG bits of the SAM specification.
namespace sam_flag {
inline constexpr std::uint16_t kPaired = 0x1;
inline constexpr std::uint16_t kProperPair = 0x2;
inline constexpr std::uint16_t kUnmapped = 0x4;
inline constexpr std::uint16_t kMateUnmapped = 0x8;
inline constexpr std::uint16_t kReverse = 0x10;
inline constexpr std::uint16_t kMateReverse = 0x20;
inline constexpr std::uint16_t kFirstInPair = 0x40;
inline constexpr std::uint16_t kSecondInPair = 0x80;
inline constexpr std::uint16_t kSecondary = 0x100;
inline constexpr std::uint16_t kQcFail = 0x200;
inline constexpr std::uint16_t kDuplicate = 0x400;
inline constexpr std::uint16_t kSupplementary = 0x800;
}  // namespace sam_flag

// CIGAR operations in BAM's numbering, so that converting to and from BAM is a cast.
enum class CigarOp : std::uint8_t {
    Match = 0,             // M: aligned, match or mismatch
    Insertion = 1,         // I
    Deletion = 2,          // D
    Skip = 3,              // N: skipped reference (introns)
    SoftClip = 4,          // S
    HardClip = 5,          // H
    Padding = 6,           // P
    SequenceMatch = 7,     // =
    SequenceMismatch = 8,  // X
};

struct CigarElement {
    CigarOp op = CigarOp::Match;
    std::uint32_t length = 0;  // at most 2^28 - 1 in BAM
    bool operator==(const CigarElement&) const = default;
};

// "MIDNSHP=X"[op].
[[nodiscard]] char cigar_letter(CigarOp op) noexcept;
// The CIGAR as SAM writes it; "*" when empty.
[[nodiscard]] std::string cigar_string(std::span<const CigarElement> cigar);
// Bases of the read (M I S = X) and of the reference (M D N = X) that the CIGAR covers.
[[nodiscard]] std::int64_t cigar_query_length(std::span<const CigarElement> cigar) noexcept;
[[nodiscard]] std::int64_t cigar_reference_length(std::span<const CigarElement> cigar) noexcept;

// Optional fields (aux tags) by SAM type. Integers of every width (c C s S i I) read as one
// std::int64_t and are written in the smallest BAM type that holds them, as samtools does, so
// SAM text round-trips exactly ('i' in SAM). 'd' is not in the specification but htslib reads
// and writes it.
struct AuxHex {  // H: a byte array in hex digits
    std::string digits;
    bool operator==(const AuxHex&) const = default;
};
struct AuxIntegerArray {  // B with an integer subtype: 'c' 'C' 's' 'S' 'i' or 'I'
    char subtype = 'i';
    std::vector<std::int64_t> values;
    bool operator==(const AuxIntegerArray&) const = default;
};
struct AuxFloatArray {  // B:f
    std::vector<float> values;
    bool operator==(const AuxFloatArray&) const = default;
};
using AuxValue = std::variant<std::int64_t,  // i (and c C s S I in BAM)
                              char,          // A: one printable character
                              float,         // f
                              double,        // d
                              std::string,   // Z: printable text, spaces allowed
                              AuxHex, AuxIntegerArray, AuxFloatArray>;

struct AuxField {
    std::string tag;  // two characters: [A-Za-z][A-Za-z0-9]
    AuxValue value;
    bool operator==(const AuxField&) const = default;
};

struct AlignmentRecord {
    std::string name;  // QNAME; empty for '*'
    std::uint16_t flag = 0;
    // RNAME as an index into the header's references (-1 for '*') and as its name. The reader
    // fills both; the writer takes the name when it is not empty, else the index (see
    // alignment_writer.hpp). The same holds for the mate's.
    std::int32_t reference_id = -1;
    std::string reference_name;
    std::int64_t position = -1;  // 0-based leftmost position (SAM's POS - 1); -1 for none
    std::uint8_t mapq = 255;     // 255: unavailable
    std::vector<CigarElement> cigar;
    std::int32_t mate_reference_id = -1;
    std::string mate_reference_name;  // the mate's reference itself, never "="
    std::int64_t mate_position = -1;  // 0-based; -1 for none
    std::int64_t template_length = 0;
    std::string sequence;   // SEQ as stored; empty for '*'
    std::string qualities;  // Phred+33 text, one per base; empty for '*'
    std::vector<AuxField> aux;

    // The value of an optional field, or nullptr when the record has none with that tag.
    const AuxValue* find_aux(std::string_view tag) const noexcept;
    bool operator==(const AlignmentRecord&) const = default;
};

}  // namespace tropic

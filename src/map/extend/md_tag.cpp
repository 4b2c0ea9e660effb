#include "map/extend/md_tag.hpp"

#include "tropic/core/error.hpp"

namespace tropic::map::detail {

namespace {

constexpr char kBaseLetters[] = "ACGTN";
constexpr std::uint8_t kN = 4;

char base_letter(std::uint8_t code) {
    return kBaseLetters[code < kN ? code : kN];
}

bool bases_match(std::uint8_t read_base, std::uint8_t reference_base) {
    return read_base == reference_base && read_base < kN;
}

bool aligns(CigarOp op) {
    return op == CigarOp::Match || op == CigarOp::SequenceMatch || op == CigarOp::SequenceMismatch;
}

// Walks the CIGAR over read and reference, calling on_pair(read base, reference base) for each
// aligned pair, on_deletion(reference base) for each deleted base and on_insertion() for each
// inserted one; throws InternalError when the CIGAR runs past either sequence.
template <typename Pair, typename Deletion, typename Insertion>
void walk_cigar(std::span<const std::uint8_t> read, std::span<const std::uint8_t> reference,
                std::span<const CigarElement> cigar, Pair&& on_pair, Deletion&& on_deletion,
                Insertion&& on_insertion) {
    std::size_t q = 0, t = 0;
    for (const CigarElement& element : cigar) {
        const std::size_t length = element.length;
        const bool uses_read = element.op != CigarOp::Deletion;
        const bool uses_reference = aligns(element.op) || element.op == CigarOp::Deletion;
        if ((uses_read && q + length > read.size()) ||
            (uses_reference && t + length > reference.size()))
            throw InternalError("md_string: the CIGAR runs past the read or the reference");
        for (std::size_t k = 0; k < length; ++k) {
            if (aligns(element.op))
                on_pair(read[q + k], reference[t + k]);
            else if (element.op == CigarOp::Deletion)
                on_deletion(reference[t + k]);
            else if (element.op == CigarOp::Insertion)
                on_insertion();
        }
        if (uses_read) q += length;
        if (uses_reference) t += length;
    }
}

}  // namespace

std::string md_string(std::span<const std::uint8_t> read, std::span<const std::uint8_t> reference,
                      std::span<const CigarElement> cigar) {
    std::string md;
    int matching = 0;
    bool in_deletion = false;
    const auto close_count = [&] {
        md += std::to_string(matching);
        matching = 0;
    };
    walk_cigar(
        read, reference, cigar,
        [&](std::uint8_t read_base, std::uint8_t reference_base) {
            in_deletion = false;
            if (bases_match(read_base, reference_base)) {
                ++matching;
                return;
            }
            close_count();
            md += base_letter(reference_base);
        },
        [&](std::uint8_t reference_base) {
            if (!in_deletion) {
                close_count();
                md += '^';
                in_deletion = true;
            }
            md += base_letter(reference_base);
        },
        [&] {
            // An insertion separates two deletions (1D1I1D reads "^A0^C"), not two matches.
            in_deletion = false;
        });
    close_count();
    return md;
}

std::int32_t edit_distance(std::span<const std::uint8_t> read,
                           std::span<const std::uint8_t> reference,
                           std::span<const CigarElement> cigar) {
    std::int32_t edits = 0;
    walk_cigar(
        read, reference, cigar,
        [&](std::uint8_t read_base, std::uint8_t reference_base) {
            edits += bases_match(read_base, reference_base) ? 0 : 1;
        },
        [&](std::uint8_t) { ++edits; }, [&] { ++edits; });
    return edits;
}

}  // namespace tropic::map::detail

// Database sequences back as records (names and letters) for the writers.
#include "tropic/align/search_writer.hpp"
#include "tropic/core/protein_encoding.hpp"

namespace tropic::align {

namespace {

constexpr std::string_view kDnaLetters = "ACGTN";

}  // namespace

std::string decode_residues(std::span<const std::uint8_t> codes, Alphabet alphabet) {
    const std::string_view letters = alphabet == Alphabet::Dna ? kDnaLetters : kProteinResidueOrder;
    std::string out(codes.size(), 'N');
    for (std::size_t k = 0; k < codes.size(); ++k)
        if (codes[k] < letters.size()) out[k] = letters[codes[k]];
    return out;
}

SequenceRecord database_record(const Database& database, std::size_t k) {
    SequenceRecord record;
    record.name = std::string(database.name(k));
    record.residues = decode_residues(database.residues(k), database.alphabet());
    record.alphabet = database.alphabet();
    return record;
}

}  // namespace tropic::align

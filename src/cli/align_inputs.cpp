#include "cli/align_inputs.hpp"

#include <fmt/format.h>

#include <string_view>

#include "tropic/core/record_error.hpp"

namespace tropic::cli {

AlignInput::AlignInput(const std::string& path, std::optional<Alphabet> alphabet)
    : path_(path),
      alphabet_(alphabet),
      reader_(std::make_unique<SequenceReader>(path, alphabet.value_or(Alphabet::Protein))) {}

std::optional<SequenceRecord> AlignInput::read() {
    return reader_->next_with_residues();
}

const SequenceRecord* AlignInput::peek() {
    if (!peeked_ && !at_end_) {
        peeked_ = read();
        at_end_ = !peeked_;
    }
    return peeked_ ? &*peeked_ : nullptr;
}

std::optional<SequenceRecord> AlignInput::next() {
    std::optional<SequenceRecord> record;
    if (peeked_) {
        record = std::move(peeked_);
        peeked_.reset();
    } else if (!at_end_) {
        record = read();
        at_end_ = !record;
    }
    if (!record) return record;
    ++handed_out_;
    if (reader_->alphabet() == Alphabet::Protein && alphabet_ == Alphabet::Dna) {
        // Read as protein for detection: DNA's own rules now (U as T, IUPAC codes only).
        for (std::size_t k = 0; k < record->residues.size(); ++k) {
            const std::optional<char> dna = normalize_residue(Alphabet::Dna, record->residues[k]);
            if (!dna)
                throw record_error(path_, handed_out_, record->name,
                                   fmt::format("invalid character '{}' at position {}: not in the "
                                               "DNA alphabet (the run aligns DNA, detected from "
                                               "the first records; --protein aligns protein)",
                                               record->residues[k], k + 1));
            record->residues[k] = *dna;
        }
        record->alphabet = Alphabet::Dna;
    }
    return record;
}

}  // namespace tropic::cli

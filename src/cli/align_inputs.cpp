#include "cli/align_inputs.hpp"

#include <fmt/format.h>

#include <string_view>

#include "cli/notices.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/protein_encoding.hpp"
#include "tropic/core/record_error.hpp"

namespace tropic::cli {

AlignInput::AlignInput(const std::string& path, std::optional<Alphabet> alphabet,
                       bool empty_records)
    : path_(path),
      alphabet_(alphabet),
      reader_(std::make_unique<SequenceReader>(path, alphabet.value_or(Alphabet::Protein))),
      empty_records_(empty_records) {}

std::optional<SequenceRecord> AlignInput::read() {
    return empty_records_ ? reader_->next() : reader_->next_with_residues();
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

std::vector<std::uint8_t> encode_residues(const SequenceRecord& record, Alphabet alphabet) {
    return alphabet == Alphabet::Dna ? encode_dna(record.residues)
                                     : encode_protein(record.residues);
}

Alphabet choose_pair_alphabet(const std::optional<Alphabet>& requested, AlignInput& queries,
                              AlignInput& targets, bool quiet) {
    if (requested) return *requested;
    const SequenceRecord* query = queries.peek();
    const SequenceRecord* target = targets.peek();
    const bool dna = (!query || looks_like_dna(query->residues)) &&
                     (!target || looks_like_dna(target->residues));
    const Alphabet alphabet = dna ? Alphabet::Dna : Alphabet::Protein;
    queries.set_alphabet(alphabet);
    targets.set_alphabet(alphabet);
    note(fmt::format("aligning as {} (detected from the first query and target records); use "
                     "--protein or --dna to choose",
                     dna ? "DNA" : "protein"),
         quiet);
    return alphabet;
}

EncodedPairs encode_pairs(const std::vector<PairJob>& jobs, Alphabet alphabet) {
    EncodedPairs pairs;
    const auto codes_of = [&](const SequenceRecord* record) -> const std::vector<std::uint8_t>& {
        auto [at, added] = pairs.codes.try_emplace(record);
        if (added) at->second = encode_residues(*record, alphabet);
        return at->second;
    };
    pairs.inputs.reserve(jobs.size());
    for (const PairJob& job : jobs)
        pairs.inputs.push_back({codes_of(job.query), codes_of(job.target), job.what});
    return pairs;
}

}  // namespace tropic::cli

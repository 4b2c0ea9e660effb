#include "align/database/database_input.hpp"

#include <fmt/format.h>

#include <string_view>

#include "core/internal/backend_choice.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/protein_encoding.hpp"
#include "tropic/core/record_error.hpp"

namespace tropic::align::detail {

DatabaseInput::DatabaseInput(const std::string& path, std::optional<Alphabet> alphabet,
                             const RunOptions& options)
    : path_(path),
      reader_(std::make_unique<SequenceReader>(path, alphabet.value_or(Alphabet::Protein))) {
    first_ = read();
    if (!first_) throw InputError(fmt::format("{}: no sequences", display_input_path(path_)));
    if (alphabet) {
        alphabet_ = *alphabet;
        return;
    }
    alphabet_ = looks_like_dna(first_->residues) ? Alphabet::Dna : Alphabet::Protein;
    notify(options, fmt::format("the database is {} (detected from its first record); use --dna or "
                                "--protein to choose",
                                alphabet_name(alphabet_)));
}

std::optional<SequenceRecord> DatabaseInput::read() {
    return reader_->next_with_residues();
}

void DatabaseInput::recheck_as_dna(SequenceRecord& record) const {
    for (std::size_t k = 0; k < record.residues.size(); ++k) {
        const std::optional<char> dna = normalize_residue(Alphabet::Dna, record.residues[k]);
        if (!dna)
            throw record_error(
                path_, reader_->records_read(), record.name,
                fmt::format("invalid character '{}' at position {}: not in the DNA alphabet (the "
                            "database is DNA, detected from its first record; --protein reads "
                            "protein)",
                            record.residues[k], k + 1));
        record.residues[k] = *dna;
    }
}

bool DatabaseInput::next(std::string& name, std::vector<std::uint8_t>& codes) {
    std::optional<SequenceRecord> record = first_ ? std::move(first_) : read();
    first_.reset();
    if (!record) return false;
    if (alphabet_ == Alphabet::Dna && reader_->alphabet() == Alphabet::Protein)
        recheck_as_dna(*record);
    name = std::move(record->name);
    codes.resize(record->residues.size());
    for (std::size_t k = 0; k < codes.size(); ++k)
        codes[k] = alphabet_ == Alphabet::Dna
                       ? static_cast<std::uint8_t>(encode_dna_residue(record->residues[k]))
                       : encode_protein_residue(record->residues[k]);
    return true;
}

}  // namespace tropic::align::detail

#include "python/python_residues.hpp"

#include <fmt/format.h>

#include <optional>

#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/outcome.hpp"
#include "tropic/core/protein_encoding.hpp"

namespace tropic::python {

namespace {

std::string normalize_sequence(const std::string& text, Alphabet alphabet) {
    std::string out(text.size(), '\0');
    for (std::size_t i = 0; i < text.size(); ++i) {
        const std::optional<char> residue = normalize_residue(alphabet, text[i]);
        if (!residue)
            throw InputError(fmt::format(
                "invalid character '{}' at position {}: not in the {} "
                "alphabet",
                printable_text(std::string_view(&text[i], 1)), i + 1, alphabet_name(alphabet)));
        out[i] = *residue;
    }
    return out;
}

}  // namespace

std::vector<std::string> normalize_batch(const SequenceBatch& batch, Alphabet alphabet,
                                         ThreadPool* pool) {
    auto outcomes = outcomes_of<std::string>(
        pool, batch.sequences.size(),
        [&](std::size_t k) { return normalize_sequence(batch.sequences[k], alphabet); }, 256);
    std::vector<std::string> normalized(outcomes.size());
    for (std::size_t k = 0; k < outcomes.size(); ++k) {
        outcomes[k].rethrow_error(batch.location(k) + ": ");
        normalized[k] = std::move(outcomes[k].result);
    }
    return normalized;
}

std::vector<std::uint8_t> encode_residues(const std::string& normalized, Alphabet alphabet) {
    return alphabet == Alphabet::Dna ? encode_dna(normalized) : encode_protein(normalized);
}

std::vector<std::vector<std::uint8_t>> encode_batch(const SequenceBatch& batch, Alphabet alphabet,
                                                    ThreadPool* pool) {
    std::vector<std::vector<std::uint8_t>> codes;
    for (const std::string& text : normalize_batch(batch, alphabet, pool))
        codes.push_back(encode_residues(text, alphabet));
    return codes;
}

Alphabet alignment_alphabet(const std::string& name) {
    if (name == "dna") return Alphabet::Dna;
    if (name == "protein") return Alphabet::Protein;
    throw InputError(fmt::format("alphabet '{}': give 'dna' or 'protein'", name));
}

}  // namespace tropic::python

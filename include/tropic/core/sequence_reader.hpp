#pragma once
// Streaming reader for FASTA, FASTQ and plain sequence lines, plain or gzip-compressed, from a
// file or stdin ("-"). Built on htslib's BGZF and kseq.
//
// The first non-blank byte tells the layout: '>' FASTA, '@' FASTQ, anything else plain lines,
// as RNAfold accepts them (`echo GGGAAACCC | RNAfold`): one sequence per non-empty line, named
// by its 1-based ordinal among the input's records ("1", "2", ...) and marked has_header =
// false. Surrounding blanks and a '\r' before the line end are dropped.
//
// Every record is validated here, at the edge, against the alphabet the command chose
// (alphabet.hpp): an invalid residue raises InputError naming the file, the record (name and
// 1-based index; for plain lines the line number) and the 1-based position. FASTQ qualities
// are kept and must be one printable character (Phred+33) per residue. In plain lines a byte
// that is not printable text stops the read with the line and position ("binary input?").
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/sequence.hpp"

namespace tropic {

// Upper: residues normalised to upper case (every command but one). KeepSoftMask: a lower-case
// letter stays lower case after normalisation ('t' reads as 'u' for RNA), for `tropic mirscan`,
// to which lower case means a soft-masked repeat.
enum class LetterCase : std::uint8_t { Upper, KeepSoftMask };

class SequenceReader {
  public:
    // path "-" reads standard input. Throws InputError when the file cannot be opened.
    explicit SequenceReader(const std::string& path, Alphabet alphabet = Alphabet::Rna,
                            LetterCase letter_case = LetterCase::Upper);
    ~SequenceReader();
    SequenceReader(const SequenceReader&) = delete;
    SequenceReader& operator=(const SequenceReader&) = delete;

    // The next record, or nullopt at the end of input. Throws InputError on malformed input.
    [[nodiscard]] std::optional<SequenceRecord> next();
    // The same for a tool that needs a residue in every record (alignment, interaction, a search
    // database): a record without one is an InputError naming it ("empty sequence").
    [[nodiscard]] std::optional<SequenceRecord> next_with_residues();

    // Appends up to max_records records, stopping early once the records appended by this call
    // hold max_residues residues or more (so one record longer than max_residues still comes
    // through whole). Returns false when the input is exhausted and nothing was appended.
    [[nodiscard]] bool read_chunk(std::vector<SequenceRecord>& out, std::size_t max_records,
                                  std::size_t max_residues);

    [[nodiscard]] const std::string& path() const noexcept;
    [[nodiscard]] Alphabet alphabet() const noexcept;
    [[nodiscard]] std::size_t records_read() const noexcept;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic

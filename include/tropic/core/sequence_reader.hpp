#pragma once
// Streaming reader for FASTA and FASTQ, plain or gzip-compressed, from a file or stdin ("-").
// Built on htslib's kseq. Every record is validated here, at the edge: an invalid residue raises
// InputError naming the file, the record (name and 1-based index) and the 1-based position.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tropic/core/sequence.hpp"

namespace tropic {

class SequenceReader {
  public:
    // path "-" reads standard input. Throws InputError when the file cannot be opened.
    explicit SequenceReader(const std::string& path);
    ~SequenceReader();
    SequenceReader(const SequenceReader&) = delete;
    SequenceReader& operator=(const SequenceReader&) = delete;

    // The next record, or nullopt at the end of input. Throws InputError on malformed input.
    std::optional<SequenceRecord> next();

    // Appends up to max_records records, stopping early once the records appended by this call
    // hold max_residues residues or more (so one record longer than max_residues still comes
    // through whole). Returns false when the input is exhausted and nothing was appended.
    bool read_chunk(std::vector<SequenceRecord>& out, std::size_t max_records,
                    std::size_t max_residues);

    const std::string& path() const noexcept { return path_; }
    std::size_t records_read() const noexcept { return records_read_; }

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::string path_;
    std::size_t records_read_ = 0;
};

}  // namespace tropic

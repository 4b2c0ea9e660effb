#pragma once
// Streaming reader for SAM, BAM and CRAM over htslib, from a file or stdin ("-"). htslib tells
// the format from the content (SAM may be gzip- or BGZF-compressed).
//
// Region queries go through the file's index (.bai, .csi or .crai beside it, as `samtools index`
// makes them): after query(), next() returns the records that overlap the region, in file
// order, then reports the end; a later query() starts another region.
//
// Errors are InputErrors (exit code 1) naming the file and the record (1-based index, and the
// name where known) with what is wrong; a file that cannot be opened names the reason.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "tropic/core/alignment_format.hpp"
#include "tropic/core/alignment_header.hpp"
#include "tropic/core/alignment_record.hpp"

namespace tropic {

struct AlignmentReaderOptions {
    // Threads that decompress BAM's BGZF blocks or decode CRAM slices beside the calling thread's
    // parsing: 1 = the calling thread alone; 0 = one per core (as --threads 0). SAM text is read
    // on the calling thread, so that an error names the exact record.
    unsigned threads = 1;
    // The reference FASTA (with its .fai, which htslib makes when missing) for CRAM files whose
    // reference is not embedded. Ignored for SAM and BAM.
    std::string cram_reference;
};

class AlignmentReader {
  public:
    // path "-" reads standard input. Throws InputError when the file cannot be opened, is not
    // SAM, BAM or CRAM, or has a malformed header.
    explicit AlignmentReader(const std::string& path, const AlignmentReaderOptions& options = {});
    ~AlignmentReader();
    AlignmentReader(const AlignmentReader&) = delete;
    AlignmentReader& operator=(const AlignmentReader&) = delete;

    [[nodiscard]] const AlignmentHeader& header() const noexcept;
    [[nodiscard]] AlignmentFormat format() const noexcept;
    [[nodiscard]] const std::string& path() const noexcept;
    // Records returned by next() so far, across queries.
    [[nodiscard]] std::size_t records_read() const noexcept;

    // Fills `record` with the next record; false at the end of the file or of the query.
    [[nodiscard]] bool next(AlignmentRecord& record);
    [[nodiscard]] std::optional<AlignmentRecord> next();

    // Restricts next() to the records overlapping a region in samtools' notation: "chr1",
    // "chr1:100-200" (1-based, inclusive), "chr1:100-". Throws InputError when the file has no
    // index, the reference is unknown or the region malformed.
    void query(const std::string& region);
    // The same with 0-based, half-open coordinates [begin, end) on a reference by name.
    void query(std::string_view reference, std::int64_t begin, std::int64_t end);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic

#pragma once
// Writes SAM text or BAM over htslib, to a file or stdout ("-"). SAM text holds any letter in
// SEQ (protein too, as DIAMOND and MMseqs2 write it); BAM's 4-bit SEQ holds nucleotide codes only.
//
// A file is written atomically: records go to a temporary file beside it, renamed into place by
// close(); a writer destroyed without close() (an error on the way) leaves no file behind.
//
// Every record is checked before it is written (names, references, CIGAR against SEQ, QUAL,
// optional fields, what BAM can store: its 4-bit SEQ holds nucleotide codes only); a bad one raises
// InputError naming the output, the record (1-based index among those written, and name) and what
// is wrong. A write failure raises ResourceError.
//
// CIGARs longer than BAM's 65,535 operations: the SAM specification puts a placeholder
// `<read length>S<reference length>N` in the record and the real CIGAR in a `CG:B,I` optional
// field. htslib (1.7 and later, including Debian 12's 1.16) does exactly that in its BAM writer
// and undoes it in its reader, so records keep their whole CIGAR here; SAM text holds the CIGAR
// as it is. A reference length over 2^28 - 1 does not fit the placeholder: such a record is an
// InputError in BAM (write SAM instead).
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "tropic/core/alignment_format.hpp"
#include "tropic/core/alignment_header.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/core/output_files.hpp"

namespace tropic {

struct AlignmentWriterOptions {
    // SAM or BAM; unset: from the path (alignment_format_for_path: ".bam" BAM, else SAM).
    std::optional<AlignmentFormat> format;
    // Threads that compress BAM blocks: 1 = the calling thread alone; 0 = one per core.
    unsigned threads = 1;
};

// What makes `name` unfit to be a SAM QNAME, or nullopt when it is fit. The SAM specification:
// 1 to 254 printable characters other than '@' ([!-?A-~]{1,254}). An empty name is unfit (a
// caller whose reads have names refuses it); the writer writes an AlignmentRecord's empty name as
// '*', the QNAME of a read without one, and checks every other name with this.
std::optional<std::string> sam_query_name_problem(std::string_view name);

class AlignmentWriter {
  public:
    // Writes the header at once. Throws InputError when the file cannot be created or the
    // format is CRAM (not written by tropic).
    AlignmentWriter(const std::string& path, const AlignmentHeader& header,
                    const AlignmentWriterOptions& options = {});
    // The same as one output of a run that writes several (`option` names it in messages): "-"
    // declares standard output; a file is moved into place by outputs.commit() after close().
    AlignmentWriter(OutputFiles& outputs, const std::string& path, std::string_view option,
                    const AlignmentHeader& header, const AlignmentWriterOptions& options = {});
    ~AlignmentWriter();
    AlignmentWriter(const AlignmentWriter&) = delete;
    AlignmentWriter& operator=(const AlignmentWriter&) = delete;

    void write(const AlignmentRecord& record);
    // Flushes and writes BAM's end-of-file block; renames the writer's own file into place.
    void close();

    [[nodiscard]] AlignmentFormat format() const noexcept;
    [[nodiscard]] std::size_t records_written() const noexcept;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic

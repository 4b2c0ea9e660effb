#pragma once
// BED intervals: reading and writing as bedtools does.
//
// Coordinates are 0-based and half-open, [start, end), exactly as written in the file (BED's own
// convention; a SAM POS of p is BED start p - 1). A line holds tab-separated columns: chrom,
// start, end, then optionally name, score and strand (BED3 to BED6), then any further columns
// (BED12's thickStart..., or a file's own), kept verbatim. Blank lines, '#' comments and
// "track" and "browser" lines are skipped. start == end (an empty interval, e.g. an insertion
// point) is valid.
//
// Errors are InputErrors naming the file, the 1-based line and column, and what is wrong (fewer
// than 3 columns, a start or end that is not a non-negative integer, end before start, a strand
// other than '+', '-' or '.').
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tropic {

struct BedRecord {
    std::string chrom;
    std::int64_t start = 0;  // 0-based, inclusive
    std::int64_t end = 0;    // 0-based, exclusive
    std::optional<std::string> name;
    // Kept as written: UCSC's BED has integers 0..1000 here, other tools write other numbers or
    // '.', and bedtools passes any of them through.
    std::optional<std::string> score;
    std::optional<char> strand;      // '+', '-' or '.'
    std::vector<std::string> extra;  // columns 7 and on
    bool operator==(const BedRecord&) const = default;
};

// The record as one BED line without its '\n': as many columns as it has, where a column that is
// absent before a present one (a strand without a name, say) is written as '.'.
[[nodiscard]] std::string format_bed_line(const BedRecord& record);

// Reads BED from a file or stdin ("-"), plain or gzip-compressed.
class BedReader {
  public:
    // Throws InputError when the file cannot be opened.
    explicit BedReader(const std::string& path);
    ~BedReader();
    BedReader(const BedReader&) = delete;
    BedReader& operator=(const BedReader&) = delete;

    // Fills `record` with the next interval; false at the end of the input.
    [[nodiscard]] bool next(BedRecord& record);
    [[nodiscard]] std::optional<BedRecord> next();

    [[nodiscard]] const std::string& path() const noexcept;
    // The 1-based line of the record read last (0 before the first).
    [[nodiscard]] std::size_t line_number() const noexcept;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// Writes BED lines to a file, atomically (a temporary file renamed into place by close(); none
// left behind without it), or to stdout ("-").
class BedWriter {
  public:
    // Throws InputError when the file cannot be created.
    explicit BedWriter(const std::string& path);
    ~BedWriter();
    BedWriter(const BedWriter&) = delete;
    BedWriter& operator=(const BedWriter&) = delete;

    // Throws InputError for a record that would not read back as itself (an empty chrom, a
    // negative start, end before start, a bad strand, a tab or line break inside a column).
    void write(const BedRecord& record);
    // Flushes and renames into place; throws ResourceError when writing failed.
    void close();

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic

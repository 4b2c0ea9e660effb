#pragma once
// Count matrices on disk.
//
// TSV (plain or gzip-compressed): a header line "#chrom<TAB>start<TAB>end<TAB><sample>...", then
// one line per window: the sequence name, 0-based start, end (half-open, as BED) and one count
// per sample. A sequence's windows are on consecutive lines. Counts written by `tropic cnv count`
// are integers; a matrix given by the user may hold any finite non-negative numbers. Read, the
// header may start "chrom" without the '#', and a field in double quotes (R's write.table quotes
// names: "chr1") is read without them.
//
// Binary (`.tcm`): see docs/cnv.md for the layout; it carries a format version and a checksum.
//
// Errors are InputErrors naming the file, the line (or record) and the column.
#include <memory>
#include <string>
#include <vector>

#include "tropic/cnv/count_matrix.hpp"

namespace tropic::cnv {

// Streams a matrix file (TSV or binary, told apart by its first bytes) sequence by sequence.
class CountMatrixFileSource : public CountSource {
  public:
    explicit CountMatrixFileSource(std::string path);
    ~CountMatrixFileSource() override;
    const std::vector<std::string>& samples() const override;
    bool next(SequenceCounts& sequence) override;
    void rewind() override;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

[[nodiscard]] CountMatrix read_count_matrix(const std::string& path);
// Atomic: nothing is left at `path` when writing fails.
void write_count_matrix_tsv(const CountMatrix& matrix, const std::string& path);
void write_count_matrix_binary(const CountMatrix& matrix, const std::string& path);

}  // namespace tropic::cnv

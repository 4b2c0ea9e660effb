#pragma once
// The readers behind CountMatrixFileSource, one per on-disk layout, and the checks that every
// matrix passes before it is written, so that a written file always reads back.
#include <htslib/hfile.h>

#include <memory>
#include <string>
#include <vector>

#include "tropic/cnv/count_matrix.hpp"

namespace tropic::cnv::detail {

// Owners of an open htslib file, for readers that may fail half-way through opening.
struct HFileCloser {
    // Read-only files: a failing close loses nothing, so the quick close suffices.
    void operator()(hFILE* file) const noexcept { hclose_abruptly(file); }
};
using HFile = std::unique_ptr<hFILE, HFileCloser>;

// One pass over a matrix file, sequence by sequence; each reader validates what it reads and
// throws InputError naming the file and the line or record.
class MatrixReader {
  public:
    virtual ~MatrixReader() = default;
    virtual const std::vector<std::string>& samples() const = 0;
    virtual bool next(SequenceCounts& sequence) = 0;
};

// Both read `file` from its first byte.
std::unique_ptr<MatrixReader> open_tsv_matrix(HFile file, const std::string& path);
std::unique_ptr<MatrixReader> open_binary_matrix(HFile file, const std::string& path);

// The first bytes of a binary matrix file (count_matrix_binary.cpp describes the layout).
inline constexpr char kBinaryMatrixMagic[8] = {'\x89', 'T', 'C', 'M', '\r', '\n', '\x1a', '\n'};

// Throws InputError when `matrix` could not be read back as itself: empty, repeated or
// unprintable (tab, line break) sample or sequence names, windows that are empty, overlapping or
// out of order, counts that are negative or not finite, or counts of the wrong size.
void check_matrix_for_writing(const CountMatrix& matrix, const std::string& path);

}  // namespace tropic::cnv::detail

// Count matrices (cnv's TSV and binary .tcm, told apart by the first bytes) through
// read_count_matrix on the input as a file. An accepted matrix has one start, end and row of
// counts per window, finite non-negative counts, windows that increase without overlapping, and
// written back in either form it reads back as the same matrix.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "fuzz_support.hpp"
#include "fuzz_target.hpp"
#include "tropic/cnv/count_matrix_io.hpp"

namespace tropic::fuzz {

inline bool same_matrix(const cnv::CountMatrix& a, const cnv::CountMatrix& b) {
    if (a.samples != b.samples || a.sequences.size() != b.sequences.size()) return false;
    for (std::size_t k = 0; k < a.sequences.size(); ++k) {
        const cnv::SequenceCounts& x = a.sequences[k];
        const cnv::SequenceCounts& y = b.sequences[k];
        if (x.name != y.name || x.start != y.start || x.end != y.end || x.counts != y.counts)
            return false;
    }
    return true;
}

inline std::string scratch_path(const char* suffix) {
    return "/tmp/tropic-fuzz-count-matrix-" + std::to_string(getpid()) + suffix;
}

}  // namespace tropic::fuzz

TROPIC_FUZZ_TARGET(count_matrix) {
    using namespace tropic;
    const fuzz::MemoryFile file(fuzz::as_text(data, size));
    fuzz::ignore_input_errors([&] {
        const cnv::CountMatrix matrix = cnv::read_count_matrix(file.path());
        const std::size_t samples = matrix.samples.size();
        for (const cnv::SequenceCounts& seq : matrix.sequences) {
            const std::size_t w = seq.window_count();
            fuzz::check_invariant(seq.end.size() == w && seq.counts.size() == w * samples,
                                  "one start, end and row of counts per window");
            for (std::size_t i = 0; i < w; ++i) {
                fuzz::check_invariant(seq.start[i] >= 0 && seq.start[i] < seq.end[i],
                                      "a window has 0 <= start < end");
                fuzz::check_invariant(i == 0 || seq.end[i - 1] <= seq.start[i],
                                      "windows increase without overlapping");
            }
            for (double v : seq.counts)
                fuzz::check_invariant(std::isfinite(v) && v >= 0, "counts are finite, >= 0");
        }
        for (const char* suffix : {".tsv", ".tcm"}) {
            const std::string path = fuzz::scratch_path(suffix);
            if (std::string(suffix) == ".tsv") {
                cnv::write_count_matrix_tsv(matrix, path);
            } else {
                cnv::write_count_matrix_binary(matrix, path);
            }
            const cnv::CountMatrix again = cnv::read_count_matrix(path);
            std::remove(path.c_str());
            fuzz::check_invariant(fuzz::same_matrix(matrix, again),
                                  "a written matrix reads back as the same matrix");
        }
    });
}

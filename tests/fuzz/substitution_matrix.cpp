// The substitution-matrix reader (read_matrix_file, parse_matrix; align's --matrix FILE) on the
// input as a file. An accepted matrix is complete (24 x 24 protein codes, every score within
// +-1000), written back in NCBI's format it reads back as the same matrix, and it never gets
// Karlin-Altschul parameters (only built-in matrices have published ones).
#include <string>

#include "fuzz_support.hpp"
#include "fuzz_target.hpp"
#include "tropic/align/karlin_altschul.hpp"
#include "tropic/align/scoring.hpp"
#include "tropic/core/protein_encoding.hpp"

namespace tropic::fuzz {

inline std::string matrix_text(const align::SubstitutionMatrix& matrix) {
    std::string text;
    for (char c : kProteinResidueOrder) text += std::string(" ") + c;
    text += "\n";
    for (int a = 0; a < kProteinCodeCount; ++a) {
        text += kProteinResidueOrder[static_cast<std::size_t>(a)];
        for (int b = 0; b < kProteinCodeCount; ++b)
            text += " " + std::to_string(
                              matrix.scores[static_cast<std::size_t>(a * kProteinCodeCount + b)]);
        text += "\n";
    }
    return text;
}

}  // namespace tropic::fuzz

TROPIC_FUZZ_TARGET(substitution_matrix) {
    using namespace tropic;
    const fuzz::MemoryFile file(fuzz::as_text(data, size));
    fuzz::ignore_input_errors([&] {
        const align::SubstitutionMatrix matrix = align::read_matrix_file(file.path());
        fuzz::check_invariant(matrix.alphabet == Alphabet::Protein &&
                                  matrix.size == kProteinCodeCount &&
                                  matrix.scores.size() == kProteinCodeCount * kProteinCodeCount,
                              "an accepted matrix has 24 x 24 protein codes");
        for (std::int32_t score : matrix.scores)
            fuzz::check_invariant(score >= -1000 && score <= 1000, "a score is within +-1000");
        const align::SubstitutionMatrix again =
            align::parse_matrix(fuzz::matrix_text(matrix), "rewritten");
        fuzz::check_invariant(again.scores == matrix.scores,
                              "a matrix written in NCBI's format reads back the same");
        fuzz::check_invariant(!matrix.builtin && !align::karlin_altschul({matrix, {11, 1}}),
                              "a matrix read from a file has no Karlin-Altschul parameters");
    });
}

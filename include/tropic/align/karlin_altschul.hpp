#pragma once
// Statistics of gapped local alignment scores (Karlin and Altschul 1990; Altschul and Gish 1996):
// bit score S' = (lambda * S - ln K) / ln 2 and E-value E = K * m * n * exp(-lambda * S), with the
// published parameters (lambda, K, H) of NCBI BLAST's tables for the built-in matrices and the
// gap costs listed there, and of blastn's tables for DNA match/mismatch scores with their gap
// costs. docs/align.md cites the tables. m and n are the query and target lengths as given
// (BLAST's finite-size length correction is not applied; see docs/align.md).
#include <cstdint>
#include <optional>

#include "tropic/align/scoring.hpp"

namespace tropic::align {

struct KarlinAltschul {
    double lambda = 0;
    double k = 0;
    double h = 0;  // relative entropy (nats), as the tables list it
};

// The published parameters for this matrix and these gap costs, or nullopt when none are
// published (a matrix read from a file, or gap costs outside the table).
[[nodiscard]] std::optional<KarlinAltschul> karlin_altschul(const Scoring& scoring);

[[nodiscard]] double bit_score(const KarlinAltschul& parameters, std::int64_t raw_score);
[[nodiscard]] double evalue(const KarlinAltschul& parameters, std::int64_t raw_score,
                            std::int64_t query_length, std::int64_t target_length);

}  // namespace tropic::align

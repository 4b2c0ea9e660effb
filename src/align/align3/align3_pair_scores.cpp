#include "align/align3/align3_pair_scores.hpp"

namespace tropic::align::detail {

PairScoreTables make_pair_scores(const Align3Sequences& sequences,
                                 const SubstitutionMatrix& matrix) {
    const std::span<const std::uint8_t> a = sequences[0], b = sequences[1], c = sequences[2];
    const Align3Shape shape{static_cast<std::int64_t>(a.size()),
                            static_cast<std::int64_t>(b.size()),
                            static_cast<std::int64_t>(c.size())};
    PairScoreTables tables;
    tables.ab.resize(static_cast<std::size_t>(ab_entries(shape)));
    tables.ac.resize(static_cast<std::size_t>(ac_entries(shape)));
    tables.bc.assign(static_cast<std::size_t>(bc_entries(shape)), 0);
    for (std::size_t i = 0; i < a.size(); ++i) {
        for (std::size_t j = 0; j < b.size(); ++j)
            tables.ab[i * b.size() + j] = matrix.score(a[i], b[j]);
        for (std::size_t k = 0; k < c.size(); ++k)
            tables.ac[i * c.size() + k] = matrix.score(a[i], c[k]);
    }
    const auto row = static_cast<std::size_t>(shape.n + 1);
    for (std::size_t j = 1; j <= b.size(); ++j)
        for (std::size_t k = 1; k <= c.size(); ++k)
            tables.bc[(j + k) * row + j] = matrix.score(b[j - 1], c[k - 1]);
    return tables;
}

std::uint64_t pair_score_bytes(const Align3Shape& shape) {
    return static_cast<std::uint64_t>(ab_entries(shape) + ac_entries(shape) + bc_entries(shape)) *
           sizeof(std::int32_t);
}

Align3Problem make_problem(const Align3Shape& shape, const PairScoreTables& tables,
                           const GapCosts& gaps) {
    Align3Problem problem;
    problem.shape = shape;
    problem.ab = tables.ab.data();
    problem.ac = tables.ac.data();
    problem.bc = tables.bc.data();
    problem.open = gaps.open;
    problem.extend = gaps.extend;
    return problem;
}

}  // namespace tropic::align::detail

#pragma once
// The CPU Nussinov table (private to src/rna and its tests).
//
// One n x n square holds two views of N, so that every split max_{i<=k<j} N(i,k) + N(k+1,j)
// reads both operands contiguously in k:
//   upper triangle incl. diagonal  U[i][k] = N(i,k)     (k >= i), cell i*n + k
//   strictly lower triangle        L[j][k] = N(k+1,j)   (k <  j), cell j*n + k
// The GPU long mode uses the same layout.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "tropic/core/progress.hpp"
#include "tropic/rna/nussinov.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::rna::detail {

// Edge of the square tiles processed as a wavefront of tile diagonals.
inline constexpr std::size_t kNussinovTile = 64;

// True when every score of a length-n fold fits int16: floor(n/2) * max_weight <= 32767.
bool nussinov_fits_int16(std::size_t n, int max_weight) noexcept;

// Bytes of the square table for length n with scores of score_bytes (saturates on overflow).
std::size_t nussinov_cpu_table_bytes(std::size_t n, std::size_t score_bytes) noexcept;

// Bytes that fold_nussinov_cpu needs for length n (int16 scores where they fit, else int32).
std::size_t nussinov_cpu_fold_bytes(std::size_t n, int max_weight) noexcept;

// Longest length whose table fits in `available` bytes.
std::size_t nussinov_cpu_longest_fitting(std::size_t available, int max_weight);

// "a Nussinov fold of 40000 nt": how messages name a fold.
std::string nussinov_fold_name(std::size_t n);

// Throws ResourceError if the table for length n with score_bytes scores does not fit in
// `available` bytes; the message says how much is needed and the longest length that fits.
void check_nussinov_cpu_memory(std::size_t n, std::size_t score_bytes, int max_weight,
                               std::size_t available);

template <typename Score>
class NussinovSquare {
  public:
    NussinovSquare() = default;
    NussinovSquare(std::size_t n, std::unique_ptr<Score[]> cells)
        : n_(n), cells_(std::move(cells)) {}

    std::size_t size() const noexcept { return n_; }
    // N(i,j) for i <= j.
    Score score(std::size_t i, std::size_t j) const noexcept { return cells_[i * n_ + j]; }
    // N(i,j) for i <= j read from L (L[j][i-1] = N(i,j)): contiguous for successive i.
    Score along_column(std::size_t i, std::size_t j) const noexcept {
        return i == 0 ? cells_[j] : cells_[j * n_ + i - 1];
    }
    // Raw cell (row, column) of the square: U above and on the diagonal, L below.
    Score cell(std::size_t row, std::size_t column) const noexcept {
        return cells_[row * n_ + column];
    }

  private:
    std::size_t n_ = 0;
    std::unique_ptr<Score[]> cells_;
};

// Fills the square for `sequence` (Base codes, all < kBaseCount; params valid). Checks memory
// first. Score must hold every N value (see nussinov_fits_int16). The tile diagonals run through
// core's triangle wavefront (wavefront.hpp), which reports on_progress as (item, fraction) on the
// calling thread after each. Exposed for tests.
template <typename Score>
NussinovSquare<Score> fill_nussinov_square(std::span<const std::uint8_t> sequence,
                                           const NussinovParams& params, ThreadPool* pool,
                                           const Progress& on_progress = {}, std::size_t item = 0);

extern template NussinovSquare<std::int16_t> fill_nussinov_square<std::int16_t>(
    std::span<const std::uint8_t>, const NussinovParams&, ThreadPool*, const Progress&,
    std::size_t);
extern template NussinovSquare<std::int32_t> fill_nussinov_square<std::int32_t>(
    std::span<const std::uint8_t>, const NussinovParams&, ThreadPool*, const Progress&,
    std::size_t);

}  // namespace tropic::rna::detail

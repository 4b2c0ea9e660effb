#pragma once
// Pairwise alignments (align/pairwise.hpp) as the module returns them: one numpy column per
// field, coordinates 0-based and half-open as the library gives them, CIGARs as SAM text.
// Shared by align and search, whose hits carry one alignment each.
#include <nanobind/nanobind.h>

#include <cstdint>
#include <string>
#include <vector>

#include "tropic/align/pairwise.hpp"

namespace tropic::python {

namespace nb = nanobind;

class AlignmentColumns {
  public:
    explicit AlignmentColumns(bool cigar_m) : cigar_m_(cigar_m) {}
    void add(const align::PairAlignment& alignment);
    // Adds score, query_begin, query_end, target_begin, target_end, matches, mismatches,
    // gap_opens, gaps (int64 arrays) and cigar (a list of str) to `out`.
    void move_into(nb::dict& out);

  private:
    bool cigar_m_;
    std::vector<std::int64_t> score_, query_begin_, query_end_, target_begin_, target_end_;
    std::vector<std::int64_t> matches_, mismatches_, gap_opens_, gaps_;
    nb::list cigar_;
};

}  // namespace tropic::python

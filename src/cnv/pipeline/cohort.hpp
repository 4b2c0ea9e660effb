#pragma once
// The pipeline's first pass over a count source: which samples are modelled, every sample's
// counts summed over the whole matrix (cn.mops refuses a sample without reads and falls back to
// these sums), cn.mops' coverage estimate for norm = 2, and the sequences and windows.
#include <cstddef>
#include <string>
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/count_matrix.hpp"

namespace tropic::cnv::detail {

struct Cohort {
    std::vector<std::string> names;     // all samples of the source
    std::vector<std::size_t> cases;     // modelled samples (all in cohort mode)
    std::vector<std::size_t> controls;  // reference mode
    std::vector<double> column_sums;    // [sample], over the whole matrix
    std::vector<double> coverage;       // cn.mops' cov of the cases
    std::vector<double> control_coverage;
    std::size_t windows = 0;
    std::size_t sequences = 0;
    std::size_t widest_sequence = 0;
    std::vector<std::string> sequence_names;
};

// Reads `source` once and rewinds it. Cohort mode models every sample; reference mode the
// samples that `controls` does not mark. Throws InputError for what cn.mops refuses: fewer than
// 2 samples, no case or no control, a sample without reads, a sequence whose windows are not on
// consecutive rows, a median coverage of zero (norm = 2).
[[nodiscard]] Cohort scan_cohort(CountSource& source, const CnmopsParams& params,
                                 const std::vector<bool>& controls);

// The columns `which` of a window-major matrix of `samples` columns.
[[nodiscard]] std::vector<double> select_columns(const std::vector<double>& matrix,
                                                 std::size_t samples,
                                                 const std::vector<std::size_t>& which);

}  // namespace tropic::cnv::detail

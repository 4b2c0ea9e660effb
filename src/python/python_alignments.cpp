#include "python/python_alignments.hpp"

#include <nanobind/stl/string.h>

#include "python/python_arrays.hpp"
#include "tropic/align/alignment_writer.hpp"
#include "tropic/core/alignment_record.hpp"

namespace tropic::python {

void AlignmentColumns::add(const align::PairAlignment& a) {
    score_.push_back(a.score);
    query_begin_.push_back(a.query_begin);
    query_end_.push_back(a.query_end);
    target_begin_.push_back(a.target_begin);
    target_end_.push_back(a.target_end);
    matches_.push_back(a.matches);
    mismatches_.push_back(a.mismatches);
    gap_opens_.push_back(a.gap_opens);
    gaps_.push_back(a.gap_residues);
    // An empty CIGAR (score only, or an empty alignment) is "" rather than SAM's "*".
    cigar_.append(a.cigar.empty() ? std::string()
                                  : cigar_string(align::output_cigar(a.cigar, cigar_m_)));
}

void AlignmentColumns::move_into(nb::dict& out) {
    out["score"] = numpy_vector(std::move(score_));
    out["query_begin"] = numpy_vector(std::move(query_begin_));
    out["query_end"] = numpy_vector(std::move(query_end_));
    out["target_begin"] = numpy_vector(std::move(target_begin_));
    out["target_end"] = numpy_vector(std::move(target_end_));
    out["matches"] = numpy_vector(std::move(matches_));
    out["mismatches"] = numpy_vector(std::move(mismatches_));
    out["gap_opens"] = numpy_vector(std::move(gap_opens_));
    out["gaps"] = numpy_vector(std::move(gaps_));
    out["cigar"] = cigar_;
}

}  // namespace tropic::python

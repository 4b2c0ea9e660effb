#pragma once
// What cn.mops' pipeline gives for one reference sequence, handed to the writers (tables, VCF,
// JSON, plots) sequence by sequence so that a cohort never has to be held whole.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/count_matrix.hpp"
#include "tropic/cnv/local_model.hpp"

namespace tropic::cnv {

// A segment of one sample: windows [first, last] of the sequence (inclusive indices), their
// genomic extent [start, end) (0-based, half-open: start of window `first`, end of window
// `last`), the median and mean sI/NI over them, and the copy-number class that
// calcIntegerCopyNumbers gives (-1 where it gives none).
struct Segment {
    std::size_t sample = 0;
    std::size_t first = 0, last = 0;
    std::int64_t start = 0, end = 0;
    double median = 0, mean = 0;
    int cn = -1;
};

// Segment::cn and CnvRegion::cn are indices into CnmopsParams::classes (as
// LocalModelResult::expected_class); copy_number_of(classes[i]) gives the integer copy number.

// A CNV region: the union of overlapping CNVs of any samples (GenomicRanges::reduce), and the
// class of each sample there (CN2, cn.mops' main class, for samples without a CNV in it).
struct CnvRegion {
    std::size_t first = 0, last = 0;
    std::int64_t start = 0, end = 0;
    std::vector<int> cn;  // [sample]
};

struct SequenceResult {
    const SequenceCounts* counts = nullptr;  // names, windows and raw counts
    std::vector<double> normalized;          // [w * samples + s]: normalizedData
    LocalModelResult model;  // lambda, alpha, expected_class (integerCopyNumber), sini, ini
    std::vector<double> individual_call;  // [w * samples + s]: individualCall
    std::vector<Segment> segments;        // segmentation, by sample then start
    std::vector<Segment> cnvs;            // the segments called CNVs, by sample then start
    std::vector<CnvRegion> regions;       // by start
};

struct CnvRunInfo {
    std::vector<std::string> samples;
    CnmopsParams params;
    std::vector<std::string> sequences;  // in processing order, when known up front
    // Lengths of `sequences` where known (e.g. from the BAM header), 0 where unknown; empty when
    // none is known. The VCF writer declares them in its ##contig lines.
    std::vector<std::int64_t> sequence_lengths;
    std::size_t windows = 0;  // over all sequences (for progress)
};

// Receives the results sequence by sequence, in input order.
class CnvSink {
  public:
    virtual ~CnvSink() = default;
    virtual void begin(const CnvRunInfo& /*info*/) {}
    virtual void sequence(const SequenceResult& result) = 0;
    virtual void finish() {}
};

// Integer copy number of a class name: "CN3" -> 3; -1 for a name that is not "CN<digits>".
[[nodiscard]] int copy_number_of(const std::string& class_name);

}  // namespace tropic::cnv

#pragma once
// Small-RNA read evidence for a candidate precursor (`--reads`): how many reads start on each
// arm and how homogeneous the 5' ends on the mature arm are, miRDeep2's main signal (Friedländer
// et al. 2008): Dicer cuts precisely, so reads of a true miRNA share their 5' end.
#include <cstdint>
#include <memory>
#include <string>

#include "tropic/mirna/hairpin.hpp"

namespace tropic::mirna {

struct ReadEvidence {
    std::uint32_t reads_5p_arm =
        0;  // reads on the candidate's strand whose 5' end lies on the 5' arm
    std::uint32_t reads_3p_arm = 0;  // ... on the 3' arm
    std::uint32_t reads_loop = 0;    // ... in the terminal loop
    // On the arm with more reads (the 5' arm on a tie; the mature arm): the share of its reads
    // whose 5' end is that arm's most frequent 5' end; 0 without reads.
    double homogeneity_5p = 0;
};

// An indexed, coordinate-sorted BAM/CRAM of small-RNA reads (htslib). Unmapped, secondary,
// supplementary, QC-failed and duplicate reads are not counted.
class ReadEvidenceSource {
  public:
    // InputError naming the file when it cannot be opened or has no index (.bai/.csi: "run
    // samtools index").
    explicit ReadEvidenceSource(const std::string& path);
    ~ReadEvidenceSource();
    ReadEvidenceSource(const ReadEvidenceSource&) = delete;
    ReadEvidenceSource& operator=(const ReadEvidenceSource&) = delete;

    // Evidence for a hairpin at forward [start, end) of `sequence_name` on `strand`, its arms in
    // hairpin-local positions (5'->3' on the strand). A sequence the BAM does not name has no
    // reads. Not thread-safe: one source per thread.
    [[nodiscard]] ReadEvidence evidence(const std::string& sequence_name, std::uint64_t start,
                                        std::uint64_t end, char strand, const HairpinArms& arms);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic::mirna

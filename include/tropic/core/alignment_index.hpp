#pragma once
// The index of a coordinate-sorted BAM file (FILE.bai), as `samtools index` writes it, so that
// IGV, samtools view REGION and GATK can open the file at a region.
#include <string>

namespace tropic {

// Writes BAM_PATH.bai, atomically (a temporary beside it, renamed into place). Throws InputError
// when the file is not a coordinate-sorted BAM, ResourceError when the index cannot be written.
void write_alignment_index(const std::string& bam_path);

}  // namespace tropic

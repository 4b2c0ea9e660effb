#pragma once
// SAM text written by a test turned into a BAM with htslib (no samtools needed).
#include <gtest/gtest.h>
#include <htslib/sam.h>

#include <string>

namespace tropic::test {

// SAM file to BAM; with `index`, the reads must be sorted and a .bai is made.
inline void write_bam(const std::string& sam_path, const std::string& bam_path,
                      bool index = false) {
    samFile* in = sam_open(sam_path.c_str(), "r");
    ASSERT_NE(in, nullptr);
    sam_hdr_t* header = sam_hdr_read(in);
    ASSERT_NE(header, nullptr);
    samFile* out = sam_open(bam_path.c_str(), "wb");
    ASSERT_NE(out, nullptr);
    ASSERT_EQ(sam_hdr_write(out, header), 0);
    bam1_t* record = bam_init1();
    int status;
    while ((status = sam_read1(in, header, record)) >= 0)
        ASSERT_GE(sam_write1(out, header, record), 0);
    EXPECT_EQ(status, -1);
    bam_destroy1(record);
    sam_hdr_destroy(header);
    ASSERT_EQ(sam_close(out), 0);
    ASSERT_EQ(sam_close(in), 0);
    if (index) {
        ASSERT_EQ(sam_index_build(bam_path.c_str(), 0), 0);
    }
}

}  // namespace tropic::test

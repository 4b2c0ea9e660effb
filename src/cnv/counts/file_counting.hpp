#pragma once
// Counting the reads of one SAM, BAM or CRAM file into the windows of a layout.
#include <htslib/hts.h>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "cnv/counts/count_layout.hpp"

namespace tropic::cnv::detail {

struct FileCountingSetup {
    const std::vector<SequenceLayout>* layouts = nullptr;
    int min_mapq = 1;
    std::string cram_reference;
    // htslib's decompression threads, shared by the files counted at once; nullptr: none.
    htsThreadPool* decompression = nullptr;
    // The share of the file read so far, 0..1, non-decreasing, 1 last.
    std::function<void(double fraction)> on_fraction;
};

struct FileCounts {
    std::vector<std::vector<std::uint64_t>> per_sequence;  // as the layouts, window by window
    std::uint64_t counted = 0;                             // reads counted in any window
};

// Throws InputError naming the file and record for an unreadable file or record.
FileCounts count_file(const std::string& path, const FileCountingSetup& setup);

}  // namespace tropic::cnv::detail

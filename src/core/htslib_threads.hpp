#pragma once
// Threads for htslib's BGZF and CRAM work, counted as tropic counts them (--threads): the
// calling thread included, 0 meaning one per core.
#include <htslib/hts.h>

#include <string>

namespace tropic {

// Gives `file` a pool of threads - 1 workers beside the calling thread (none for 1). Throws
// ResourceError naming `shown_path` when they cannot start.
void start_htslib_threads(htsFile& file, unsigned threads, const std::string& shown_path);

}  // namespace tropic

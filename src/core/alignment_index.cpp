#include "tropic/core/alignment_index.hpp"

#include <fmt/format.h>
#include <htslib/sam.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <system_error>

#include "tropic/core/error.hpp"

namespace tropic {

void write_alignment_index(const std::string& bam_path) {
    const std::string index_path = bam_path + ".bai";
    const std::string temporary = fmt::format("{}.tmp{}", index_path, static_cast<long>(getpid()));
    // min_shift 0: BAI (not CSI), the index every BAM reader opens.
    const int status = sam_index_build2(bam_path.c_str(), temporary.c_str(), 0);
    if (status != 0) {
        std::error_code ignored;
        std::filesystem::remove(temporary, ignored);
        if (status == -2)
            throw ResourceError(fmt::format("{}: cannot open it to write its index", bam_path));
        throw InputError(fmt::format(
            "{}: cannot index it (htslib status {}): an index needs a coordinate-sorted BAM",
            bam_path, status));
    }
    std::error_code error;
    std::filesystem::rename(temporary, index_path, error);
    if (error) {
        std::filesystem::remove(temporary, error);
        throw ResourceError(fmt::format("{}: cannot write it: {}", index_path, error.message()));
    }
}

}  // namespace tropic

#include "tropic/core/alignment_format.hpp"

namespace tropic {

std::string_view alignment_format_name(AlignmentFormat format) noexcept {
    switch (format) {
        case AlignmentFormat::Bam:
            return "BAM";
        case AlignmentFormat::Cram:
            return "CRAM";
        default:
            return "SAM";
    }
}

AlignmentFormat alignment_format_for_path(std::string_view path) noexcept {
    if (path.ends_with(".bam")) return AlignmentFormat::Bam;
    if (path.ends_with(".cram")) return AlignmentFormat::Cram;
    return AlignmentFormat::Sam;
}

}  // namespace tropic

#include "cli/align_output.hpp"

#include <fmt/format.h>

#include "tropic/core/alignment_format.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cli {

align::AlignmentOutput chosen_layout(const std::optional<std::string>& format,
                                     align::AlignmentOutput otherwise,
                                     const SharedOptions& shared) {
    using align::AlignmentOutput;
    const bool bam_path = alignment_format_for_path(shared.output) == AlignmentFormat::Bam;
    AlignmentOutput output = with_json(format, format ? *align::parse_output(*format) : otherwise,
                                       AlignmentOutput::Json, shared);
    if (bam_path) {
        if ((format || shared.json) && output != AlignmentOutput::Sam)
            throw InputError(
                fmt::format("-o '{}' writes BAM, which holds SAM records: use --format sam, not {}",
                            shared.output, align::output_name(output)));
        output = AlignmentOutput::Sam;
    }
    return output;
}

}  // namespace tropic::cli

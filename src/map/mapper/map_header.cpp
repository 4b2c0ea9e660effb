// The SAM header of mapped reads.
#include <fmt/format.h>

#include "tropic/align/sam_alignment.hpp"
#include "tropic/core/error.hpp"
#include "tropic/map/mapper.hpp"

namespace tropic::map {

namespace {

// bwa's -R takes "\t" as two characters in the shell's quotes; both spellings are accepted.
std::string with_tabs(const std::string& line) {
    std::string out;
    for (std::size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\' && i + 1 < line.size() && line[i + 1] == 't') {
            out += '\t';
            ++i;
        } else {
            out += line[i];
        }
    }
    return out;
}

}  // namespace

std::string read_group_id(const std::string& read_group) {
    if (read_group.empty()) return {};
    const std::string line = with_tabs(read_group);
    if (!line.starts_with("@RG\t"))
        throw InputError(fmt::format(
            "read group '{}': it must be a SAM @RG line, e.g. '@RG\\tID:run1\\tSM:sample1'",
            read_group));
    for (std::size_t at = line.find('\t'); at != std::string::npos;) {
        const std::size_t next = line.find('\t', at + 1);
        const std::string field =
            line.substr(at + 1, next == std::string::npos ? next : next - at - 1);
        if (field.starts_with("ID:")) {
            if (field.size() == 3) break;
            return field.substr(3);
        }
        at = next;
    }
    throw InputError(
        fmt::format("read group '{}': it has no ID:<name> field (the SAM "
                    "specification needs one)",
                    read_group));
}

AlignmentHeader map_header(const ReferenceIndex& index, const std::string& read_group,
                           const std::string& command_line, bool sorted) {
    std::vector<ReferenceSequence> references;
    references.reserve(index.contigs().size());
    for (const ReferenceContig& contig : index.contigs())
        references.push_back({contig.name, static_cast<std::int64_t>(contig.length)});
    AlignmentHeader header = align::sam_header(references, command_line);
    if (sorted) {
        std::string text = header.text();
        const std::size_t line_end = text.find('\n');
        text.insert(line_end, "\tSO:coordinate");
        header = AlignmentHeader(text);
    }
    if (!read_group.empty()) {
        (void)read_group_id(read_group);  // checks the line
        header.add_line(with_tabs(read_group));
    }
    return header;
}

}  // namespace tropic::map

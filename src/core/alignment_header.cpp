#include "tropic/core/alignment_header.hpp"

#include <fmt/format.h>

#include "core/internal/htslib_handles.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

AlignmentHeader::AlignmentHeader(std::string text) : text_(std::move(text)) {
    if (text_.empty()) return;
    if (text_.back() != '\n') text_ += '\n';
    hts::Header parsed(sam_hdr_parse(text_.size(), text_.c_str()));
    if (!parsed) throw InputError("malformed SAM header (htslib cannot parse it)");
    int count = sam_hdr_nref(parsed.get());
    references_.reserve(static_cast<std::size_t>(count));
    for (int id = 0; id < count; ++id) {
        ReferenceSequence& reference = references_.emplace_back();
        reference.name = sam_hdr_tid2name(parsed.get(), id);
        reference.length = sam_hdr_tid2len(parsed.get(), id);
        ids_.emplace(reference.name, id);
    }
}

std::optional<std::string> sam_reference_name_problem(std::string_view name) {
    constexpr std::string_view kForbidden = "\\,\"'`()[]{}<>";
    if (name.empty()) return "an empty name cannot be a SAM reference name";
    for (std::size_t i = 0; i < name.size(); ++i)
        if (name[i] < '!' || name[i] > '~' || kForbidden.find(name[i]) != std::string_view::npos)
            return fmt::format(
                "the name has {} at position {}; SAM reference names are printable characters "
                "other than \\ , \" ' ` ( ) [ ] {{ }} < >",
                quoted_character(name[i]), i + 1);
    if (name[0] == '*' || name[0] == '=')
        return fmt::format(
            "the name starts with '{}'; SAM reference names cannot start with '*' or '='", name[0]);
    return std::nullopt;
}

AlignmentHeader AlignmentHeader::from_references(const std::vector<ReferenceSequence>& references) {
    std::string text = "@HD\tVN:1.6\n";
    for (std::size_t k = 0; k < references.size(); ++k) {
        const ReferenceSequence& reference = references[k];
        if (const auto problem = sam_reference_name_problem(reference.name))
            throw InputError(fmt::format("reference {} ('{}'): {}", k + 1,
                                         printable_text(reference.name), *problem));
        text += fmt::format("@SQ\tSN:{}\tLN:{}\n", reference.name, reference.length);
    }
    return AlignmentHeader(std::move(text));
}

std::optional<std::int32_t> AlignmentHeader::reference_id(std::string_view name) const {
    auto found = ids_.find(name);
    if (found == ids_.end()) return std::nullopt;
    return found->second;
}

std::vector<std::string> AlignmentHeader::lines(std::string_view type) const {
    std::vector<std::string> found;
    std::string_view rest = text_;
    while (!rest.empty()) {
        std::size_t end = rest.find('\n');
        std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        if (line.size() > type.size() && line[0] == '@' && line.substr(1, type.size()) == type &&
            (line.size() == type.size() + 1 || line[type.size() + 1] == '\t'))
            found.emplace_back(line);
    }
    return found;
}

void AlignmentHeader::add_line(std::string_view line) {
    std::string text = text_;
    text += line;
    *this = AlignmentHeader(std::move(text));
}

}  // namespace tropic

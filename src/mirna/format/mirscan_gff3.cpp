// GFF3 (the Sequence Ontology's specification 1.26): a pre_miRNA feature per
// candidate, its features as attributes.
#include <fmt/format.h>

#include <cctype>
#include <iterator>
#include <string_view>

#include "mirna/format/feature_text.hpp"
#include "tropic/mirna/mirscan_writer.hpp"

namespace tropic::mirna {

namespace {

// SO:0001244, "pre_miRNA": the stem-loop left after Drosha's cut, which is what a scan finds.
constexpr std::string_view kFeatureType = "pre_miRNA";

void append_escaped(std::string& out, unsigned char c) {
    fmt::format_to(std::back_inserter(out), "%{:02X}", c);
}

// A seqid keeps only letters, digits and .:^*$@!+_?-| as they are.
void append_seqid(std::string& out, std::string_view name) {
    constexpr std::string_view kPlain = ".:^*$@!+_?-|";
    for (const char c : name) {
        const auto byte = static_cast<unsigned char>(c);
        if (std::isalnum(byte) || kPlain.find(c) != std::string_view::npos)
            out += c;
        else
            append_escaped(out, byte);
    }
}

// An attribute's value: the separators ; = & , and the percent sign, tabs, line breaks and
// other control characters escaped.
void append_attribute_value(std::string& out, std::string_view value) {
    constexpr std::string_view kReserved = ";=&,%";
    for (const char c : value) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte == 0x7f || kReserved.find(c) != std::string_view::npos)
            append_escaped(out, byte);
        else
            out += c;
    }
}

void append_attribute(std::string& out, std::string_view tag, std::string_view value) {
    out += ';';
    append_attribute_value(out, tag);
    out += '=';
    append_attribute_value(out, value);
}

}  // namespace

void append_mirscan_gff3(std::string& out, const MirnaCandidate& candidate, bool with_reads) {
    auto to = std::back_inserter(out);
    append_seqid(out, candidate.sequence_name);
    fmt::format_to(to, "\ttropic\t{}\t{}\t{}\t", kFeatureType, candidate.start + 1, candidate.end);
    detail::append_number(out, candidate.score, ".");
    fmt::format_to(to, "\t{}\t.\tID=", candidate.strand);
    const std::string name = candidate_name(candidate);
    append_attribute_value(out, name);
    append_attribute(out, "Name", name);
    append_attribute(out, "windows", std::to_string(candidate.windows));
    append_attribute(out, "passed_filter", candidate.passed_filter ? "1" : "0");
    const std::vector<std::string>& names = detail::cached_feature_names(with_reads);
    const std::vector<double> values = detail::feature_values(candidate, with_reads);
    std::string number;
    for (std::size_t i = 0; i < names.size(); ++i) {
        number.clear();
        detail::append_number(number, values[i], "");
        if (!number.empty()) append_attribute(out, names[i], number);
    }
    append_attribute(out, "structure", candidate.structure);
    out += '\n';
}

}  // namespace tropic::mirna

// RNAsubopt's text layouts (RNAsubopt.c and ViennaRNA's subopt.c print them) and tropic's JSON
// lines for suboptimal structures.
#include <fmt/format.h>

#include <iterator>

#include "rna/format/json_text.hpp"
#include "rna/format/record_text.hpp"
#include "tropic/rna/subopt.hpp"

namespace tropic::rna {

namespace {

// RNAsubopt prints no '>' line for a record without a name.
bool named(const SequenceRecord& record) {
    return record.has_header && !record.name.empty();
}

void append_structures_json(std::string& out, const std::vector<SuboptStructure>& structures) {
    out += ",\"structures\":[";
    for (std::size_t k = 0; k < structures.size(); ++k) {
        if (k > 0) out += ',';
        fmt::format_to(std::back_inserter(out), "{{\"structure\":\"{}\",\"energy\":{:.2f}}}",
                       structures[k].structure, structures[k].energy / 100.0);
    }
    out += "]}\n";
}

}  // namespace

void append_subopt_text(std::string& out, const SequenceRecord& record,
                        const SuboptResult& result) {
    if (named(record))
        fmt::format_to(std::back_inserter(out), ">{} [{}]\n", record.name, result.delta);
    fmt::format_to(std::back_inserter(out), "{} {:6.2f} {:6.2f}\n", record.residues,
                   result.mfe / 100.0, result.delta / 100.0);
    for (const SuboptStructure& s : result.structures)
        fmt::format_to(std::back_inserter(out), "{} {:6.2f}\n", s.structure, s.energy / 100.0);
}

void append_zuker_text(std::string& out, const SequenceRecord& record,
                       const std::vector<SuboptStructure>& structures) {
    detail::append_header_and_sequence(out, record);
    for (const SuboptStructure& s : structures)
        fmt::format_to(std::back_inserter(out), "{} [{:6.2f}]\n", s.structure, s.energy / 100.0);
}

void append_subopt_json(std::string& out, const SequenceRecord& record,
                        const SuboptResult& result) {
    detail::append_json_sequence_start(out, record.name, record.residues);
    fmt::format_to(std::back_inserter(out), ",\"mfe\":{:.2f},\"delta\":{:.2f}", result.mfe / 100.0,
                   result.delta / 100.0);
    append_structures_json(out, result.structures);
}

void append_zuker_json(std::string& out, const SequenceRecord& record,
                       const std::vector<SuboptStructure>& structures) {
    detail::append_json_sequence_start(out, record.name, record.residues);
    out += ",\"zuker\":true";
    append_structures_json(out, structures);
}

}  // namespace tropic::rna

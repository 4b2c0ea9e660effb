#pragma once
// Pieces of the JSON lines that the writers build by hand, to stay about as fast as their text
// layouts.
#include <fmt/format.h>

#include <iterator>
#include <string>
#include <string_view>

#include "core/internal/json_text.hpp"

namespace tropic::rna::detail {

// The start of a record's JSON object, which fold, eval and subopt share: {"name","length",
// "sequence" (and "structure"), without the closing brace. Residues and structure need no escaping
// (the readers and the engines allow only letters and brackets there); only the name comes from the
// user.
inline void append_json_sequence_start(std::string& out, std::string_view name,
                                       std::string_view residues) {
    out += "{\"name\":";
    append_json_string(out, name);
    fmt::format_to(std::back_inserter(out), ",\"length\":{},\"sequence\":\"", residues.size());
    out += residues;
    out += '"';
}

inline void append_json_record_start(std::string& out, std::string_view name,
                                     std::string_view residues, std::string_view structure) {
    append_json_sequence_start(out, name, residues);
    out += ",\"structure\":\"";
    out += structure;
    out += '"';
}

}  // namespace tropic::rna::detail

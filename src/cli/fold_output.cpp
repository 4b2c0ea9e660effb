#include "cli/fold_output.hpp"

#include <fmt/format.h>

#include <iterator>
#include <nlohmann/json.hpp>

namespace tropic::cli {

void append_fold_text(std::string& out, const SequenceRecord& record,
                      const rna::NussinovResult& result) {
    if (!record.name.empty()) {
        out += '>';
        out += record.name;
        out += '\n';
    }
    out += record.residues;
    out += '\n';
    out += result.structure;
    fmt::format_to(std::back_inserter(out), " ({})\n", result.score);
}

void append_fold_json(std::string& out, const SequenceRecord& record,
                      const rna::NussinovResult& result, std::string_view model) {
    // Residues, structure and model need no escaping; only the name comes from the user. Writing
    // the line by hand keeps --json about as fast as the text layout; the key order is documented.
    // Names are raw bytes from the input: invalid UTF-8 is replaced rather than aborting the run.
    out += "{\"name\":";
    out +=
        nlohmann::json(record.name).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    fmt::format_to(std::back_inserter(out), ",\"length\":{},\"sequence\":\"",
                   record.residues.size());
    out += record.residues;
    out += "\",\"structure\":\"";
    out += result.structure;
    fmt::format_to(std::back_inserter(out), "\",\"score\":{},\"model\":\"{}\"}}\n", result.score,
                   model);
}

}  // namespace tropic::cli

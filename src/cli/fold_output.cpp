#include "cli/fold_output.hpp"

#include <fmt/format.h>

#include <iterator>
#include <nlohmann/json.hpp>

namespace tropic::cli {

namespace {

void append_header_and_sequence(std::string& out, const SequenceRecord& record) {
    if (record.has_header && !record.name.empty()) {  // RNAfold prints no '>' line for either
        out += '>';
        out += record.name;
        out += '\n';
    }
    out += record.residues;
    out += '\n';
}

// The JSON object up to the score, which the caller writes: its key and form depend on the model.
void append_json_start(std::string& out, const SequenceRecord& record,
                       const std::string& structure) {
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
    out += structure;
    out += '"';
}

}  // namespace

std::string format_energy(int dcal_per_mol) {
    return fmt::format(" ({:6.2f})", dcal_per_mol / 100.0);
}

void append_fold_text(std::string& out, const SequenceRecord& record,
                      const rna::NussinovResult& result) {
    append_header_and_sequence(out, record);
    out += result.structure;
    fmt::format_to(std::back_inserter(out), " ({})\n", result.score);
}

void append_fold_json(std::string& out, const SequenceRecord& record,
                      const rna::NussinovResult& result, std::string_view model) {
    append_json_start(out, record, result.structure);
    fmt::format_to(std::back_inserter(out), ",\"score\":{},\"model\":\"{}\"}}\n", result.score,
                   model);
}

void append_fold_text(std::string& out, const SequenceRecord& record,
                      const rna::MfeResult& result) {
    append_header_and_sequence(out, record);
    out += result.structure;
    out += format_energy(result.energy);
    out += '\n';
}

void append_fold_json(std::string& out, const SequenceRecord& record, const rna::MfeResult& result,
                      std::string_view model) {
    append_json_start(out, record, result.structure);
    fmt::format_to(std::back_inserter(out), ",\"energy\":{:.2f},\"model\":\"{}\"}}\n",
                   result.energy / 100.0, model);
}

}  // namespace tropic::cli

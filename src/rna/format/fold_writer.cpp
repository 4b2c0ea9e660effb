#include "tropic/rna/fold_writer.hpp"

#include <fmt/format.h>

#include <iterator>

#include "rna/format/energy_text.hpp"
#include "rna/format/json_text.hpp"
#include "rna/format/record_text.hpp"

namespace tropic::rna {

void append_fold_text(std::string& out, const SequenceRecord& record,
                      const NussinovResult& result) {
    detail::append_header_and_sequence(out, record);
    out += result.structure;
    fmt::format_to(std::back_inserter(out), " ({})\n", result.score);
}

void append_fold_json(std::string& out, const SequenceRecord& record,
                      const NussinovResult& result) {
    detail::append_json_record_start(out, record.name, record.residues, result.structure);
    fmt::format_to(std::back_inserter(out), ",\"score\":{},\"model\":\"nussinov\"}}\n",
                   result.score);
}

void append_fold_text(std::string& out, const SequenceRecord& record, const MfeResult& result) {
    detail::append_header_and_sequence(out, record);
    out += result.structure;
    detail::append_energy(out, result.energy);
    out += '\n';
}

void append_fold_json(std::string& out, const SequenceRecord& record, const MfeResult& result) {
    detail::append_json_record_start(out, record.name, record.residues, result.structure);
    fmt::format_to(std::back_inserter(out), ",\"energy\":{:.2f},\"model\":\"mfe\"}}\n",
                   result.energy / 100.0);
}

}  // namespace tropic::rna

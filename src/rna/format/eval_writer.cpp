#include "tropic/rna/eval_writer.hpp"

#include <fmt/format.h>

#include <iterator>

#include "rna/format/energy_text.hpp"
#include "rna/format/json_text.hpp"

namespace tropic::rna {

namespace {

void append_loop_text(std::string& out, const LoopContribution& loop) {
    std::string where;
    if (loop.kind != LoopKind::Exterior) where = fmt::format("({},{})", loop.i, loop.j);
    if (loop.p != 0) where += fmt::format(" ({},{})", loop.p, loop.q);
    fmt::format_to(std::back_inserter(out), "{:<9} {:<24} {:6.2f}\n", loop_kind_name(loop.kind),
                   where, loop.energy / 100.0);
}

void append_loop_json(std::string& out, const LoopContribution& loop) {
    fmt::format_to(std::back_inserter(out), "{{\"kind\":\"{}\"", loop_kind_name(loop.kind));
    if (loop.kind != LoopKind::Exterior)
        fmt::format_to(std::back_inserter(out), ",\"i\":{},\"j\":{}", loop.i, loop.j);
    if (loop.p != 0) fmt::format_to(std::back_inserter(out), ",\"p\":{},\"q\":{}", loop.p, loop.q);
    fmt::format_to(std::back_inserter(out), ",\"energy\":{:.2f}}}", loop.energy / 100.0);
}

}  // namespace

void append_eval_text(std::string& out, const StructureRecord& record,
                      const StructureEnergy& result) {
    if (!record.name.empty()) {
        out += '>';
        out += record.name;
        out += '\n';
    }
    out += record.sequence;
    out += '\n';
    for (const LoopContribution& loop : result.loops) append_loop_text(out, loop);
    out += record.structure;
    detail::append_energy(out, result.energy);
    out += '\n';
}

void append_eval_json(std::string& out, const StructureRecord& record,
                      const StructureEnergy& result) {
    // The structure is as the user gave it: it evaluated, so it holds only "(.)".
    detail::append_json_record_start(out, record.name, record.sequence, record.structure);
    fmt::format_to(std::back_inserter(out), ",\"energy\":{:.2f}", result.energy / 100.0);
    if (!result.loops.empty()) {
        out += ",\"loops\":[";
        for (std::size_t k = 0; k < result.loops.size(); ++k) {
            if (k > 0) out += ',';
            append_loop_json(out, result.loops[k]);
        }
        out += ']';
    }
    out += "}\n";
}

}  // namespace tropic::rna

#include "tropic/rna/ensemble_writer.hpp"

#include <fmt/format.h>

#include <cmath>
#include <iterator>

#include "rna/format/energy_text.hpp"
#include "rna/format/json_text.hpp"
#include "rna/format/record_text.hpp"

namespace tropic::rna {

void append_ensemble_text(std::string& out, const SequenceRecord& record,
                          const EnsembleResult& result, const EnsembleTextOptions& options) {
    detail::append_header_and_sequence(out, record);
    auto to = std::back_inserter(out);
    if (options.ensemble) {
        out += result.mfe.structure;
        detail::append_energy(out, result.mfe.energy);
        out += '\n';
        out += result.pairing_tendency;
        fmt::format_to(to, " [{:6.2f}]\n", result.ensemble_energy);
        out += result.centroid;
        fmt::format_to(to, " {{{:6.2f} d={:.2f}}}\n", result.centroid_energy / 100.0,
                       result.centroid_distance);
        if (options.mea) {
            out += result.mea_structure;
            fmt::format_to(to, " {{{:6.2f} MEA={:.2f}}}\n", result.mea_energy / 100.0, result.mea);
        }
        fmt::format_to(to,
                       " frequency of mfe structure in ensemble {:g}; ensemble diversity "
                       "{:<6.2f}\n",
                       result.mfe_frequency, result.diversity);
    }
    for (std::size_t k = 0; k < result.samples.size(); ++k) {
        out += result.samples[k];
        if (options.sample_energies && k < result.sample_energies.size()) {
            const int e = result.sample_energies[k];
            // Its Boltzmann probability, as RNAsubopt -p --en prints it.
            const double probability =
                std::exp((result.ensemble_energy - e / 100.0) / (result.kT / 1000.0));
            fmt::format_to(to, " {:6.2f} {:6g}", e / 100.0, probability);
        }
        out += '\n';
    }
}

void append_ensemble_json(std::string& out, const SequenceRecord& record,
                          const EnsembleResult& result) {
    detail::append_json_record_start(out, record.name, record.residues, result.mfe.structure);
    auto to = std::back_inserter(out);
    fmt::format_to(to, ",\"energy\":{:.2f},\"model\":\"ensemble\",\"ensemble_energy\":{:.8f}",
                   result.mfe.energy / 100.0, result.ensemble_energy);
    if (!result.pairing_tendency.empty()) {
        fmt::format_to(to, ",\"pairing_tendency\":\"{}\"", result.pairing_tendency);
        fmt::format_to(
            to, ",\"centroid\":{{\"structure\":\"{}\",\"energy\":{:.2f},\"distance\":{:.6f}}}",
            result.centroid, result.centroid_energy / 100.0, result.centroid_distance);
        if (!result.mea_structure.empty())
            fmt::format_to(to, ",\"mea\":{{\"structure\":\"{}\",\"energy\":{:.2f},\"mea\":{:.6f}}}",
                           result.mea_structure, result.mea_energy / 100.0, result.mea);
        fmt::format_to(to, ",\"mfe_frequency\":{:.10g},\"diversity\":{:.6f},\"pairs\":[",
                       result.mfe_frequency, result.diversity);
        for (std::size_t k = 0; k < result.pairs.size(); ++k) {
            const PairProbability& p = result.pairs[k];
            fmt::format_to(to, "{}[{},{},{:.8g}]", k == 0 ? "" : ",", p.i + 1, p.j + 1,
                           p.probability);
        }
        out += ']';
    }
    if (!result.samples.empty()) {
        out += ",\"samples\":[";
        for (std::size_t k = 0; k < result.samples.size(); ++k) {
            if (k > 0) out += ',';
            fmt::format_to(to, "{{\"structure\":\"{}\",\"energy\":{:.2f}}}", result.samples[k],
                           result.sample_energies[k] / 100.0);
        }
        out += ']';
    }
    out += "}\n";
}

void append_pair_probability_rows(std::string& out, const SequenceRecord& record,
                                  const EnsembleResult& result) {
    auto to = std::back_inserter(out);
    for (const PairProbability& p : result.pairs)
        fmt::format_to(to, "{}\t{}\t{}\t{:.6g}\n", record.name, p.i + 1, p.j + 1, p.probability);
}

}  // namespace tropic::rna

#include "cli/fold_constrained.hpp"

#include "cli/fold_output.hpp"
#include "cli/structure_records.hpp"
#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/structure_constraint.hpp"

namespace tropic::cli {

void run_constrained_fold(const std::vector<std::string>& inputs, const rna::EnergyParams& params,
                          const rna::MfeOptions& options, const rna::MfeRun& run, bool json,
                          OutputSink& sink) {
    for (const auto& input : inputs) {
        StructureRecordReader reader(input, "constraint");
        std::vector<SequenceRecord> records;
        std::vector<std::vector<std::uint8_t>> encoded;
        std::vector<rna::StructureConstraint> constraints;
        StructureRecord record;
        while (reader.next(record)) {
            encoded.push_back(encode_rna(record.sequence));
            try {
                constraints.emplace_back(record.structure, encoded.back());
            } catch (const InputError& e) {
                reader.fail(record, e.what());
            }
            records.push_back({record.name, record.sequence});
        }
        const auto results = rna::fold_mfe_many(encoded, params, options, run, &constraints);
        std::string text;
        for (std::size_t r = 0; r < records.size(); ++r) {
            if (json)
                append_fold_json(text, records[r], results[r], "mfe");
            else
                append_fold_text(text, records[r], results[r]);
        }
        sink.write(text);
    }
}

}  // namespace tropic::cli

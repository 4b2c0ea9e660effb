#include "cli/fold_constrained.hpp"

#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/fold_writer.hpp"
#include "tropic/rna/structure_constraint.hpp"
#include "tropic/rna/structure_records.hpp"

namespace tropic::cli {

void run_constrained_fold(const std::vector<std::string>& inputs, const rna::EnergyParams& params,
                          const rna::MfeOptions& options, const rna::MfeRun& run, bool json,
                          OutputSink& sink) {
    for (const auto& input : inputs) {
        rna::StructureRecordReader reader(input, "constraint");
        std::vector<SequenceRecord> records;
        std::vector<std::vector<std::uint8_t>> encoded;
        std::vector<rna::StructureConstraint> constraints;
        rna::StructureRecord record;
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
                rna::append_fold_json(text, records[r], results[r]);
            else
                rna::append_fold_text(text, records[r], results[r]);
        }
        sink.write(text);
    }
}

}  // namespace tropic::cli

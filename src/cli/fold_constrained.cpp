#include "cli/fold_constrained.hpp"

#include "cli/progress_bar.hpp"
#include "cli/record_input.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/rna/fold_writer.hpp"
#include "tropic/rna/structure_constraint.hpp"

namespace tropic::cli {

using Chunk = RecordChunk<rna::StructureRecord>;

std::vector<rna::StructureConstraint> record_constraints(
    const Chunk& chunk, const std::vector<std::vector<std::uint8_t>>& encoded) {
    std::vector<rna::StructureConstraint> constraints;
    constraints.reserve(encoded.size());
    for (std::size_t k = 0; k < encoded.size(); ++k) {
        try {
            constraints.emplace_back(chunk.records[k].structure, encoded[k]);
        } catch (const InputError& e) {
            throw chunk.error(k, e.what());
        }
    }
    return constraints;
}

void fold_constrained(const std::vector<std::string>& inputs, const rna::EnergyParams& params,
                      const rna::MfeParams& mfe_params, const SharedOptions& shared,
                      const RunOptions& run, OutputSink& sink) {
    ProgressBar progress("tropic fold", 0, ProgressBar::wanted(shared.quiet), " records", "nt");
    StructureChunks chunks = structure_chunks(inputs, shared.chunk, rna::SecondLine::Constraint);
    PipelineSteps<Chunk, rna::MfeResult> steps;
    steps.read = [&](Chunk& chunk) { return chunks.next(chunk); };
    steps.compute = [&](Chunk& chunk) {
        const auto encoded = encode_residues(chunk.records, *run.pool);
        const auto constraints = record_constraints(chunk, encoded);
        return results_or_first_error(
            chunk, rna::fold_mfe_many(encoded, params, mfe_params, run, &constraints));
    };
    steps.format = [json = shared.json](std::string& out, const Chunk& chunk, std::size_t item,
                                        const rna::MfeResult& result) {
        const rna::StructureRecord& record = chunk.records[item];
        const SequenceRecord sequence{record.name, record.sequence};
        if (json)
            rna::append_fold_json(out, sequence, result);
        else
            rna::append_fold_text(out, sequence, result);
    };
    steps.chunk_done = [&](const Chunk& chunk, const std::vector<rna::MfeResult>&) {
        progress.advance(chunk.records.size(), residue_count(chunk.records));
    };
    run_pipeline(steps, sink, run.pool);
    progress.finish();
}

}  // namespace tropic::cli

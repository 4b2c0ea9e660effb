#include "cli/fold_ensemble.hpp"

#include <cstdio>
#include <memory>
#include <optional>
#include <set>
#include <type_traits>

#include "cli/fold_constrained.hpp"
#include "cli/picture_files.hpp"
#include "cli/progress_bar.hpp"
#include "cli/record_input.hpp"
#include "cli/record_progress.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/pipeline.hpp"
#include "tropic/rna/structure_constraint.hpp"
#include "tropic/rna/structure_records.hpp"

namespace tropic::cli {

namespace {

// The record as the writers take it, from either reader's records.
SequenceRecord as_sequence(const SequenceRecord& record) {
    return record;
}
SequenceRecord as_sequence(const rna::StructureRecord& record) {
    return SequenceRecord{record.name, record.sequence};
}

// Where the run's side outputs go: the pair table and the picture folders, declared (and so
// checked) before any record is folded, and moved into place with -o's file at the end.
struct EnsembleOutputs {
    AtomicFile* bpp = nullptr;
    OutputFolder* dotplots = nullptr;
    OutputFolder* drawings = nullptr;
    std::set<std::string> picture_stems;

    EnsembleOutputs(const EnsembleCliOptions& options, OutputFiles& outputs) {
        if (!options.bpp_path.empty()) bpp = &outputs.file(options.bpp_path, "--bpp");
        if (!options.dotplot_dir.empty())
            dotplots = &outputs.folder(options.dotplot_dir, "--dotplot");
        if (!options.plot_dir.empty()) drawings = &outputs.folder(options.plot_dir, "--plot");
    }
};

// The pictures of one record: its dot plot and its drawing, coloured by the probabilities.
void write_pictures(const EnsembleCliOptions& options, const SequenceRecord& record,
                    std::size_t ordinal, const rna::EnsembleResult& result,
                    EnsembleOutputs& outputs) {
    if (!outputs.dotplots && !outputs.drawings) return;
    const std::string stem =
        picture_file_stem(record_label(record.name, ordinal), outputs.picture_stems);
    if (outputs.dotplots) {
        const rna::DotPlotInput dot{record.name, record.residues, &result.pairs,
                                    result.mfe.structure, options.ensemble.bpp_threshold};
        write_dot_plot_picture(
            dot, outputs.dotplots->stage(picture_file_name(stem, Picture::DotPlot, options.png)),
            options.png);
    }
    if (outputs.drawings) {
        rna::StructurePlotInput drawing;
        drawing.name = record.name;
        drawing.sequence = record.residues;
        drawing.structure =
            result.mea_structure.empty() ? result.mfe.structure : result.mea_structure;
        drawing.base_values =
            structure_colours(options.colour_by, static_cast<int>(record.residues.size()),
                              result.pairs, drawing.value_label);
        write_structure_picture(
            drawing,
            outputs.drawings->stage(picture_file_name(stem, Picture::Structure, options.png)),
            options.png);
    }
}

template <class Record, class Chunks>
void run_ensembles(Chunks chunks, const rna::EnergyParams& params,
                   const rna::BoltzmannFactors& factors, const EnsembleCliOptions& options,
                   const SharedOptions& shared, const RunOptions& run, OutputSink& sink,
                   OutputFiles& files) {
    using Chunk = RecordChunk<Record>;
    ProgressBar progress("tropic fold", 0, ProgressBar::wanted(shared.quiet), " records", "nt");
    RecordProgress long_record("folding", ProgressBar::wanted(shared.quiet));
    EnsembleOutputs outputs(options, files);
    if (outputs.bpp) std::fputs("name\ti\tj\tp\n", outputs.bpp->stream());
    PipelineSteps<Chunk, rna::EnsembleResult> steps;
    steps.read = [&](Chunk& chunk) { return chunks.next(chunk); };
    steps.compute = [&](Chunk& chunk) {
        const auto encoded = encode_residues(chunk.records, *run.pool);
        RunOptions chunk_run = run;
        std::vector<SequenceRecord> named;
        named.reserve(chunk.records.size());
        for (const Record& record : chunk.records) named.push_back(as_sequence(record));
        chunk_run.on_progress = long_record.for_records(named);
        std::vector<rna::EnsembleResult> results;
        // Records with a constraint line (-C) are StructureRecords.
        if constexpr (std::is_same_v<Record, rna::StructureRecord>) {
            const auto masks = record_constraints(chunk, encoded);
            results = rna::fold_ensemble_many(encoded, params, factors, options.ensemble, chunk_run,
                                              &masks);
        } else {
            results =
                rna::fold_ensemble_many(encoded, params, factors, options.ensemble, chunk_run);
        }
        long_record.finish();
        if (results.size() != chunk.records.size())
            throw InternalError("the ensemble fold returned a different number of results");
        return results;
    };
    steps.format = [&](std::string& out, const Chunk& chunk, std::size_t item,
                       const rna::EnsembleResult& result) {
        const SequenceRecord record = as_sequence(chunk.records[item]);
        if (shared.json)
            rna::append_ensemble_json(out, record, result);
        else
            rna::append_ensemble_text(out, record, result, options.text);
    };
    steps.chunk_done = [&](const Chunk& chunk, const std::vector<rna::EnsembleResult>& results) {
        std::string rows;
        for (std::size_t k = 0; k < results.size(); ++k) {
            const std::size_t ordinal = chunk.first_index + k;
            if (outputs.bpp) {
                // A record without a name goes by its ordinal, as `tropic plot` matches it.
                SequenceRecord labelled = as_sequence(chunk.records[k]);
                labelled.name = record_label(labelled.name, ordinal);
                rna::append_pair_probability_rows(rows, labelled, results[k]);
            }
            write_pictures(options, as_sequence(chunk.records[k]), ordinal, results[k], outputs);
        }
        if (outputs.bpp &&
            std::fwrite(rows.data(), 1, rows.size(), outputs.bpp->stream()) != rows.size())
            throw ResourceError("cannot write the pair probabilities to '" + options.bpp_path +
                                "'");
        progress.advance(chunk.records.size(), residue_count(chunk.records));
    };
    run_pipeline(steps, sink, run.pool);
    progress.finish();
}

}  // namespace

void fold_ensembles(const std::vector<std::string>& inputs, bool constraints,
                    const rna::EnergyParams& params, const rna::BoltzmannFactors& factors,
                    const EnsembleCliOptions& options, const SharedOptions& shared,
                    const RunOptions& run, OutputSink& sink, OutputFiles& files) {
    if (constraints)
        run_ensembles<rna::StructureRecord>(structure_chunks(inputs, shared.chunk, "constraint"),
                                            params, factors, options, shared, run, sink, files);
    else
        run_ensembles<SequenceRecord>(sequence_chunks(inputs, shared.chunk), params, factors,
                                      options, shared, run, sink, files);
}

}  // namespace tropic::cli

// `tropic fold -p` (and --MEA, --sample, --bpp, --dotplot, --plot): the Boltzmann ensemble of
// every record through the command kit's record runner, as the MFE folds go, with or without -C
// constraint lines. The pair table and the pictures are the run's outputs beside -o: declared
// before any record is folded and committed with it.
#include "cli/fold_ensemble.hpp"

#include <cstdio>
#include <set>
#include <string>
#include <type_traits>

#include "cli/picture_files.hpp"
#include "cli/record_command.hpp"
#include "cli/record_input.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/sequence.hpp"
#include "tropic/rna/structure_constraint.hpp"
#include "tropic/rna/structure_records.hpp"

namespace tropic::cli {

namespace {

// Where the run's side outputs go: the pair table and the picture folders.
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

// After a chunk is written: its pair-table rows and its pictures.
template <class Record>
void write_side_outputs(const RecordChunk<Record>& chunk,
                        const std::vector<rna::EnsembleResult>& results,
                        const EnsembleCliOptions& options, EnsembleOutputs& outputs) {
    std::string rows;
    for (std::size_t k = 0; k < results.size(); ++k) {
        const std::size_t ordinal = chunk.first_index + k;
        SequenceRecord record = as_sequence(chunk.records[k]);
        write_pictures(options, record, ordinal, results[k], outputs);
        if (!outputs.bpp) continue;
        // A record without a name goes by its ordinal, as `tropic plot` matches it.
        record.name = record_label(record.name, ordinal);
        rna::append_pair_probability_rows(rows, record, results[k]);
    }
    if (outputs.bpp &&
        std::fwrite(rows.data(), 1, rows.size(), outputs.bpp->stream()) != rows.size())
        throw ResourceError("cannot write the pair probabilities to '" + options.bpp_path + "'");
}

template <class Record, class Chunks>
void run_ensembles(Chunks chunks, const rna::EnergyParams& params,
                   const rna::BoltzmannFactors& factors, const EnsembleCliOptions& options,
                   const SharedOptions& shared, const RunOptions& run, OutputSink& sink,
                   OutputFiles& files) {
    EnsembleOutputs outputs(options, files);
    if (outputs.bpp) std::fputs("name\ti\tj\tp\n", outputs.bpp->stream());
    RecordCommand<Record, rna::EnsembleResult> command;
    command.label = "tropic fold";
    command.record_verb = "folding";
    command.compute = [&](const RecordChunk<Record>& chunk, const RunOptions& chunk_run) {
        const auto encoded = encode_residues(chunk.records, *chunk_run.pool);
        // Records with a constraint line (-C) are StructureRecords.
        if constexpr (std::is_same_v<Record, rna::StructureRecord>) {
            const auto masks = record_constraints(chunk, encoded);
            return rna::fold_ensemble_many(encoded, params, factors, options.ensemble, chunk_run,
                                           &masks);
        } else {
            return rna::fold_ensemble_many(encoded, params, factors, options.ensemble, chunk_run);
        }
    };
    command.append_text = [&](std::string& out, const Record& record,
                              const rna::EnsembleResult& result) {
        rna::append_ensemble_text(out, as_sequence(record), result, options.text);
    };
    command.append_json = [](std::string& out, const Record& record,
                             const rna::EnsembleResult& result) {
        rna::append_ensemble_json(out, as_sequence(record), result);
    };
    command.chunk_done = [&](const RecordChunk<Record>& chunk,
                             const std::vector<rna::EnsembleResult>& results) {
        write_side_outputs(chunk, results, options, outputs);
    };
    run_records(command, chunks, shared, run, sink);
}

}  // namespace

void fold_ensembles(const std::vector<std::string>& inputs, bool constraints,
                    const rna::EnergyParams& params, const rna::BoltzmannFactors& factors,
                    const EnsembleCliOptions& options, const SharedOptions& shared,
                    const RunOptions& run, OutputSink& sink, OutputFiles& files) {
    if (constraints)
        run_ensembles<rna::StructureRecord>(
            structure_chunks(inputs, shared.chunk, rna::SecondLine::Constraint), params, factors,
            options, shared, run, sink, files);
    else
        run_ensembles<SequenceRecord>(sequence_chunks(inputs, shared.chunk), params, factors,
                                      options, shared, run, sink, files);
}

}  // namespace tropic::cli

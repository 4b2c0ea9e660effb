// Read mapping (include/tropic/map/): the reference index `tropic index` builds and writes, and
// reads mapped as `tropic map` maps them, in batches of the tool's size (the insert size of
// pairs is estimated per batch), written as SAM or BAM by the library's writer, so that the
// records are the tool's. The package's wrappers (python/tropic/_map.py) give them back as SAM
// text or tuples.
#include <fmt/format.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "python/python_more_bindings.hpp"
#include "python/python_residues.hpp"
#include "python/python_run.hpp"
#include "python/python_sequences.hpp"
#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/record_error.hpp"
#include "tropic/core/sequence_reader.hpp"
#include "tropic/map/map_params.hpp"
#include "tropic/map/mapper.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic::python {

namespace {

using map::ReferenceIndex;

// The tool's batch: pairs' insert sizes are estimated per batch, so the same size gives the same
// records.
constexpr std::size_t kReadBatch = 100000;

ReferenceIndex build_index(const std::string& fasta, int kmer_length, int sampling_stride,
                           std::uint32_t max_occurrences, const RunArguments& arguments) {
    map::IndexParams params{kmer_length, sampling_stride, max_occurrences};
    map::validate(params);
    PythonRun run(arguments);
    return run([&] { return map::build_reference_index(fasta, params, run.options()); });
}

ReferenceIndex open_index(const std::string& path, const RunArguments& arguments) {
    PythonRun run(arguments);
    return run([&] { return map::read_reference_index(path, run.options()); });
}

void write_index(const ReferenceIndex& index, const std::string& path) {
    nb::gil_scoped_release release;
    map::write_reference_index(index, path);
}

// Reads given to the module: sequences (with names and qualities, or none), or a file.
struct Reads {
    SequenceBatch batch;
    std::vector<std::string> qualities;  // empty, or one per read
    std::string path;                    // a FASTQ/FASTA file instead of `batch`
};

void check_read(const SequenceRecord& read, const std::string& where, std::size_t index,
                int max_read_length) {
    if (static_cast<long long>(read.residues.size()) > max_read_length)
        throw record_error(where, index, read.name,
                           fmt::format("a read of {} bases is longer than the longest that "
                                       "tropic map takes, {} (max_read_length)",
                                       read.residues.size(), max_read_length));
    if (read.residues.empty()) throw record_error(where, index, read.name, "empty sequence");
    if (const auto problem = sam_query_name_problem(map::template_name(read.name)))
        throw record_error(where, index, read.name, *problem);
}

std::vector<SequenceRecord> read_records(const Reads& reads, int max_read_length,
                                         ThreadPool* pool) {
    std::vector<SequenceRecord> records;
    if (!reads.path.empty()) {
        SequenceReader reader(reads.path, Alphabet::Dna);
        while (auto read = reader.next_with_residues()) {
            check_read(*read, reads.path, reader.records_read(), max_read_length);
            records.push_back(std::move(*read));
        }
        return records;
    }
    const SequenceBatch& b = reads.batch;
    std::vector<std::string> residues = normalize_batch(b, Alphabet::Dna, pool);
    for (std::size_t k = 0; k < residues.size(); ++k) {
        SequenceRecord read;
        read.name = k < b.names.size() ? b.names[k] : fmt::format("read{}", k + 1);
        read.residues = std::move(residues[k]);
        read.alphabet = Alphabet::Dna;
        if (!reads.qualities.empty()) read.qualities = reads.qualities[k];
        if (!read.qualities.empty() && read.qualities.size() != read.residues.size())
            throw record_error(b.argument, k + 1, read.name,
                               fmt::format("{} qualities for {} bases", read.qualities.size(),
                                           read.residues.size()));
        check_read(read, b.argument, k + 1, max_read_length);
        records.push_back(std::move(read));
    }
    return records;
}

void check_mates(const std::vector<SequenceRecord>& first,
                 const std::vector<SequenceRecord>& second, const std::string& where) {
    if (first.size() != second.size())
        throw InputError(fmt::format("{} reads and {} mates: give one mate per read", first.size(),
                                     second.size()));
    for (std::size_t k = 0; k < first.size(); ++k)
        if (map::template_name(first[k].name) != map::template_name(second[k].name))
            throw record_error(where, k + 1, second[k].name,
                               fmt::format("its name differs from its mate's, '{}' (mates "
                                           "share a name, up to a last /1 and /2)",
                                           first[k].name));
}

struct MapRequest {
    map::MapParams params;
    std::string read_group;
    std::string output;        // SAM, or BAM for a path ending in .bam
    std::string command_line;  // the header's @PG CL
};

nb::dict summary_dict(const map::MapSummary& s) {
    nb::dict out;
    out["reads"] = s.reads;
    out["mapped"] = s.mapped;
    out["pairs"] = s.pairs;
    out["properly_paired"] = s.properly_paired;
    out["insert_size_mean"] = s.insert_size.mean;
    out["insert_size_sd"] = s.insert_size.standard_deviation;
    return out;
}

map::MapSummary map_all(const ReferenceIndex& index, const std::vector<SequenceRecord>& first,
                        const std::vector<SequenceRecord>& second, const MapRequest& request,
                        const RunOptions& run) {
    AlignmentWriter writer(request.output,
                           map::map_header(index, request.read_group, request.command_line, false));
    map::Mapper mapper(index, request.params, map::read_group_id(request.read_group));
    map::MapSummary summary;
    for (std::size_t begin = 0; begin < first.size(); begin += kReadBatch) {
        const std::size_t count = std::min(kReadBatch, first.size() - begin);
        const std::span<const SequenceRecord> reads(first.data() + begin, count);
        map::MapSummary batch;
        const auto records =
            second.empty()
                ? mapper.map_single(reads, run, batch)
                : mapper.map_pairs(reads, std::span(second.data() + begin, count), run, batch);
        summary += batch;
        for (const AlignmentRecord& record : records) writer.write(record);
        if (run.on_progress)
            run.on_progress(0,
                            static_cast<double>(begin + count) / static_cast<double>(first.size()));
    }
    writer.close();
    return summary;
}

nb::dict map_reads(const ReferenceIndex& index, const Reads& first,
                   const std::optional<Reads>& second, const MapRequest& request,
                   const RunArguments& arguments) {
    map::validate(request.params);
    PythonRun run(arguments);
    return summary_dict(run([&] {
        const int longest = request.params.max_read_length;
        const auto reads = read_records(first, longest, run.pool());
        std::vector<SequenceRecord> mates;
        if (second) {
            mates = read_records(*second, longest, run.pool());
            check_mates(reads, mates, second->path.empty() ? second->batch.argument : second->path);
        }
        return map_all(index, reads, mates, request, run.options());
    }));
}

nb::list contigs(const ReferenceIndex& index) {
    nb::list out;
    for (const map::ReferenceContig& contig : index.contigs())
        out.append(nb::make_tuple(contig.name, contig.length));
    return out;
}

}  // namespace

void bind_map(nb::module_& m) {
    nb::class_<ReferenceIndex>(m, "ReferenceIndex", "A reference index (map/reference_index.hpp).")
        .def_prop_ro("contigs", &contigs)
        .def_prop_ro("total_length", &ReferenceIndex::total_length)
        .def_prop_ro("kmer_length", &ReferenceIndex::kmer_length)
        .def_prop_ro("sampling_stride", &ReferenceIndex::sampling_stride)
        .def_prop_ro("max_occurrences", &ReferenceIndex::max_occurrences);
    nb::class_<Reads>(m, "Reads", "Reads as sequences (names, qualities) or a FASTQ/FASTA path.")
        .def(
            "__init__",
            [](Reads* self, SequenceBatch batch, std::vector<std::string> qualities,
               std::string path) {
                new (self) Reads{std::move(batch), std::move(qualities), std::move(path)};
            },
            nb::arg("batch"), nb::arg("qualities"), nb::arg("path"));
    nb::class_<MapRequest>(m, "MapRequest", "The options of a mapping run (map/map_params.hpp).")
        .def(
            "__init__",
            [](MapRequest* self, int match, int mismatch, int gap_open, int gap_extend,
               int clip_penalty, int min_score, double max_error_rate, int secondary,
               int max_read_length, std::string read_group, std::string output,
               std::string command_line) {
                new (self) MapRequest{};
                map::MapParams& p = self->params;
                p.scoring = {match, mismatch, gap_open, gap_extend, clip_penalty};
                p.min_score = min_score;
                p.max_error_rate = max_error_rate;
                p.secondary = secondary;
                p.max_read_length = max_read_length;
                self->read_group = std::move(read_group);
                self->output = std::move(output);
                self->command_line = std::move(command_line);
            },
            nb::arg("match"), nb::arg("mismatch"), nb::arg("gap_open"), nb::arg("gap_extend"),
            nb::arg("clip_penalty"), nb::arg("min_score"), nb::arg("max_error_rate"),
            nb::arg("secondary"), nb::arg("max_read_length"), nb::arg("read_group"),
            nb::arg("output"), nb::arg("command_line"));
    m.def("build_reference_index", &build_index, nb::arg("fasta"), nb::arg("kmer_length"),
          nb::arg("sampling_stride"), nb::arg("max_occurrences"), nb::arg("run"),
          "Builds the index of a reference FASTA as `tropic index` does.");
    m.def("read_reference_index", &open_index, nb::arg("path"), nb::arg("run"),
          "Reads an index written by `tropic index` (a .tmi file), checking it.");
    m.def("write_reference_index", &write_index, nb::arg("index"), nb::arg("path"),
          "Writes the index atomically (a .tmi file).");
    m.def("map_reads", &map_reads, nb::arg("index"), nb::arg("reads"), nb::arg("mates").none(),
          nb::arg("request"), nb::arg("run"),
          "Maps reads (and their mates) as `tropic map` does, writing SAM or BAM to "
          "request.output; returns the run's summary.");
}

}  // namespace tropic::python

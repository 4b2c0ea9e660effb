// `tropic map REF READS_1 [READS_2]`: maps reads to a reference (tropic/map/mapper.hpp) and
// writes SAM or BAM. The reference is an index (.tmi) or a FASTA, whose index beside it is used
// when there is one and is otherwise built in memory. docs/map.md.
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <future>
#include <memory>
#include <string>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/map_reads.hpp"
#include "cli/notices.hpp"
#include "cli/progress_bar.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/alignment_format.hpp"
#include "tropic/core/alignment_index.hpp"
#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/map/mapper.hpp"

namespace tropic::cli {

namespace {

struct MapOptions {
    std::string reference, first, second;
    bool interleaved = false;
    bool sort = false;
    std::string read_group;
    map::MapParams params;
    SharedOptions shared;
};

bool names_an_index(const std::string& path) {
    return path.ends_with(".tmi");
}

// The index: the file named, the one beside the FASTA, or one built now.
map::ReferenceIndex open_reference(const MapOptions& o, const RunOptions& run) {
    if (names_an_index(o.reference)) return map::read_reference_index(o.reference, run);
    const std::string beside = map::default_index_path(o.reference);
    std::error_code error;
    if (std::filesystem::is_regular_file(beside, error)) {
        if (std::filesystem::last_write_time(beside, error) <
            std::filesystem::last_write_time(o.reference, error))
            throw InputError(
                fmt::format("{} is older than {}: it may index another reference; "
                            "rebuild it with `tropic index {}`",
                            beside, o.reference, o.reference));
        return map::read_reference_index(beside, run);
    }
    note(fmt::format("tropic map: {} has no index beside it ({}); building one in memory "
                     "(`tropic index {}` writes it for the next run)",
                     o.reference, beside, o.reference),
         o.shared.quiet);
    return map::build_reference_index(o.reference, map::IndexParams{}, run);
}

// Coordinate order: by contig, then position; unplaced pairs (no contig) last; ties keep the
// input order.
void sort_by_coordinate(std::vector<AlignmentRecord>& records) {
    std::stable_sort(
        records.begin(), records.end(), [](const AlignmentRecord& a, const AlignmentRecord& b) {
            const auto key = [](const AlignmentRecord& r) {
                return std::pair(r.reference_id < 0 ? INT32_MAX : r.reference_id, r.position);
            };
            return key(a) < key(b);
        });
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
    return whole == 0 ? "0%" : fmt::format("{:.2f}%", 100.0 * part / whole);
}

void print_summary(const map::MapSummary& s, bool paired, double seconds) {
    std::string line = fmt::format("tropic map: {} reads", s.reads);
    if (paired) line += fmt::format(" ({} pairs)", s.pairs);
    line += fmt::format(", {} mapped ({})", s.mapped, percent(s.mapped, s.reads));
    if (paired) {
        line += fmt::format(", {} properly paired ({})", s.properly_paired,
                            percent(s.properly_paired, s.reads));
        if (s.insert_size.known())
            line += fmt::format(", insert size {:.1f} +- {:.1f}", s.insert_size.mean,
                                s.insert_size.standard_deviation);
    }
    line += fmt::format("; {:.2f} s, {:.0f} reads/s\n", seconds,
                        seconds > 0 ? static_cast<double>(s.reads) / seconds : 0.0);
    fmt::print(stderr, "{}", line);
}

void run_map(MapOptions& o) {
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::string> inputs{o.reference, o.first};
    if (!o.second.empty()) inputs.push_back(o.second);
    check_input_files(inputs);
    map::validate(o.params);
    const std::string output = o.shared.output.empty() ? "-" : o.shared.output;
    if (o.sort && alignment_format_for_path(output) != AlignmentFormat::Bam)
        throw InputError(
            "--sort writes a coordinate-sorted BAM and its index: name the output "
            "with -o FILE.bam");
    const std::string read_group_id = map::read_group_id(o.read_group);
    ThreadPool pool(o.shared.threads);
    const RunOptions run = make_run_options(o.shared, pool);
    MapReads reads(o.first, o.second, o.interleaved, o.params.max_read_length);

    OutputFiles outputs;
    const map::ReferenceIndex index = open_reference(o, run);
    AlignmentWriterOptions writer_options;
    writer_options.threads = o.shared.threads;
    AlignmentWriter writer(outputs, output, "-o",
                           map::map_header(index, o.read_group, command_line(), o.sort),
                           writer_options);
    map::Mapper mapper(index, o.params, read_group_id);
    map::MapSummary summary;
    ProgressBar progress("tropic map", 0, ProgressBar::wanted(o.shared.quiet), " reads");
    // Three stages overlap: the next batch is read, and the previous one's records written, while
    // this one maps.
    std::vector<SequenceRecord> first, second, next_first, next_second;
    std::vector<AlignmentRecord> held;  // --sort: every record, written at the end
    std::future<void> writing;
    bool more = reads.next_batch(o.shared.chunk, first, second);
    while (more) {
        auto reading = std::async(std::launch::async, [&] {
            return reads.next_batch(o.shared.chunk, next_first, next_second);
        });
        map::MapSummary batch;
        auto records = reads.paired() ? mapper.map_pairs(first, second, run, batch)
                                      : mapper.map_single(first, run, batch);
        summary += batch;
        progress.advance(batch.reads);
        if (writing.valid()) writing.get();
        if (o.sort) {
            std::move(records.begin(), records.end(), std::back_inserter(held));
        } else {
            writing = std::async(std::launch::async, [&writer, out = std::move(records)] {
                for (const AlignmentRecord& record : out) writer.write(record);
            });
        }
        more = reading.get();
        std::swap(first, next_first);
        std::swap(second, next_second);
    }
    if (writing.valid()) writing.get();
    if (o.sort) {
        sort_by_coordinate(held);
        for (const AlignmentRecord& record : held) writer.write(record);
    }
    writer.close();
    outputs.commit();
    if (o.sort) write_alignment_index(output);
    progress.finish();
    if (!o.shared.quiet)
        print_summary(
            summary, reads.paired(),
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
}

}  // namespace

Command add_map_command(CLI::App& app) {
    auto o = std::make_shared<MapOptions>();
    o->shared.chunk = 100000;
    auto* sub = app.add_subcommand(
        "map",
        "Map short reads to a reference: SAM (stdout) or BAM (-o FILE.bam), single-end "
        "or paired-end");
    sub->add_option("reference", o->reference,
                    "The reference: an index (REF.tmi, from tropic index) or a FASTA, whose "
                    "index REF.fa.tmi is used when present and otherwise built in memory")
        ->required()
        ->type_name("REF");
    sub->add_option("reads", o->first, "Reads (FASTQ or FASTA, plain or gzip-compressed)")
        ->required()
        ->type_name("READS_1");
    sub->add_option("mates", o->second, "The mates of READS_1, in the same order (paired-end)")
        ->type_name("READS_2");
    sub->add_flag("--interleaved", o->interleaved,
                  "READS_1 holds pairs: each read followed by its mate");
    sub->add_flag("--sort", o->sort,
                  "Write a coordinate-sorted BAM (-o FILE.bam) and its index FILE.bam.bai");
    sub->add_option("-R,--read-group", o->read_group,
                    "The read group: a SAM @RG line, e.g. '@RG\\tID:run1\\tSM:sample1'; its ID "
                    "goes into every record's RG tag");
    map::MapParams& p = o->params;
    sub->add_option("-A,--match", p.scoring.match, "Score of a match")->capture_default_str();
    sub->add_option("-B,--mismatch", p.scoring.mismatch, "Penalty of a mismatch")
        ->capture_default_str();
    sub->add_option("-O,--gap-open", p.scoring.gap_open, "Penalty of opening a gap")
        ->capture_default_str();
    sub->add_option("-E,--gap-extend", p.scoring.gap_extend,
                    "Penalty of each gap base (a gap of k bases costs open + k * extend)")
        ->capture_default_str();
    sub->add_option("-L,--clip-penalty", p.scoring.clip_penalty,
                    "Penalty of soft-clipping a read end")
        ->capture_default_str();
    sub->add_option("-T,--min-score", p.min_score, "Reads whose best hit scores less are unmapped")
        ->capture_default_str();
    sub->add_option("--max-error-rate", p.max_error_rate,
                    "Most edits of a hit, as a fraction of the read's length")
        ->capture_default_str();
    sub->add_option("-N,--secondary", p.secondary,
                    fmt::format("Secondary records (flag 0x100, MAPQ 0) a read may have: its next "
                                "hits scoring at least {} of the primary's",
                                map::kSecondaryScoreRatio))
        ->capture_default_str();
    sub->add_option("--max-read-length", p.max_read_length, "Longest read accepted")
        ->capture_default_str();
    add_run_options(sub, o->shared,
                    Shared::Backend | Shared::Device | Shared::Threads | Shared::MaxMemory |
                        Shared::Output | Shared::Quiet | Shared::Chunk);
    return {sub, [o] { run_map(*o); }};
}

}  // namespace tropic::cli

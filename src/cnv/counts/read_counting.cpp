// count_reads: the checks of every file's header against the layout before any counting (so a
// mismatch fails in seconds, not after hours of reading), then the files in parallel.
#include "tropic/cnv/read_counting.hpp"

#include <fmt/format.h>
#include <htslib/thread_pool.h>

#include <cstdio>
#include <filesystem>
#include <map>
#include <memory>
#include <set>

#include "cnv/counts/count_layout.hpp"
#include "cnv/counts/file_counting.hpp"
#include "core/internal/backend_choice.hpp"
#include "tropic/core/alignment_reader.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cnv {

namespace {

using detail::bed_regions;
using detail::count_file;
using detail::FileCountingSetup;
using detail::FileCounts;
using detail::genome_windows;
using detail::SequenceLayout;

void check_options(const std::vector<std::string>& paths, const ReadCountOptions& options) {
    if (paths.empty()) throw InputError("no alignment files to count");
    for (const std::string& path : paths)
        if (path == "-")
            throw InputError(
                "counting reads needs alignment files, not standard input ('-'): each file's "
                "header is read before the counting starts");
    if (options.window_length <= 0)
        throw InputError(
            fmt::format("the window length must be positive, not {}", options.window_length));
    if (options.min_mapq < 0 || options.min_mapq > 255)
        throw InputError(
            fmt::format("the minimum MAPQ must be between 0 and 255, not {}", options.min_mapq));
    if (!options.bed_path.empty() && !options.sequences.empty())
        throw InputError(
            "regions from a BED file and chosen sequences exclude each other: the BED file "
            "names the sequences");
}

// cn.mops' default names: the files' names without their folders (R's basename).
std::vector<std::string> sample_names(const std::vector<std::string>& paths,
                                      const ReadCountOptions& options) {
    std::vector<std::string> names = options.sample_names;
    if (names.empty()) {
        for (const std::string& path : paths)
            names.push_back(std::filesystem::path(path).filename().string());
    } else if (names.size() != paths.size()) {
        throw InputError(
            fmt::format("{} sample names for {} alignment files", names.size(), paths.size()));
    }
    std::map<std::string, std::size_t> file_of;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (names[i].empty() || names[i].find_first_of("\t\n\r") != std::string::npos)
            throw InputError(
                fmt::format("sample name '{}' (of '{}') is empty or holds a tab or "
                            "line break",
                            names[i], paths[i]));
        auto [at, fresh] = file_of.emplace(names[i], i);
        if (!fresh)
            throw InputError(fmt::format(
                "'{}' and '{}' have the same sample name '{}'; name the samples (--sample-names)",
                paths[at->second], paths[i], names[i]));
    }
    return names;
}

std::vector<ReferenceSequence> references_of(const std::string& path,
                                             const ReadCountOptions& options) {
    AlignmentReaderOptions reader_options;
    reader_options.cram_reference = options.cram_reference;
    AlignmentReader reader(path, reader_options);
    return reader.header().references();
}

std::string names_of(const std::vector<ReferenceSequence>& references) {
    std::string names;
    for (std::size_t i = 0; i < references.size() && i < 10; ++i)
        names += (i ? ", " : "") + references[i].name;
    if (references.size() > 10) names += fmt::format(", ... ({} in all)", references.size());
    return names;
}

// The genome windows of the chosen sequences (all of the first file's by default), checked
// against the first file's header.
std::vector<SequenceLayout> genome_layout(const std::string& first_path,
                                          const std::vector<ReferenceSequence>& first,
                                          const ReadCountOptions& options) {
    std::vector<std::string> chosen = options.sequences;
    if (chosen.empty())
        for (const ReferenceSequence& reference : first) chosen.push_back(reference.name);
    if (chosen.empty()) throw InputError(fmt::format("{}: no reference sequences", first_path));
    std::set<std::string> seen;
    std::vector<SequenceLayout> layouts;
    for (const std::string& name : chosen) {
        if (!seen.insert(name).second)
            throw InputError(fmt::format("sequence '{}' is chosen twice", name));
        auto reference = std::find_if(first.begin(), first.end(),
                                      [&name](const auto& r) { return r.name == name; });
        if (reference == first.end())
            throw InputError(
                fmt::format("{}: no reference sequence '{}' in the header (it has "
                            "{})",
                            first_path, name, names_of(first)));
        if (reference->length <= 0)
            throw InputError(fmt::format("{}: reference sequence '{}' has length {}", first_path,
                                         name, reference->length));
        layouts.push_back(genome_windows(name, reference->length, options.window_length));
    }
    return layouts;
}

// Every file must have each sequence counted, with one length across files.
void check_headers(const std::vector<std::string>& paths,
                   const std::vector<std::vector<ReferenceSequence>>& references,
                   const std::vector<SequenceLayout>& layouts, const ReadCountOptions& options) {
    std::map<std::string, std::pair<std::int64_t, std::size_t>> length_of;  // -> length, file
    for (std::size_t file = 0; file < paths.size(); ++file) {
        std::map<std::string, std::int64_t, std::less<>> lengths;
        for (const ReferenceSequence& reference : references[file])
            lengths.emplace(reference.name, reference.length);
        for (const SequenceLayout& layout : layouts) {
            auto found = lengths.find(layout.name);
            if (found == lengths.end()) {
                const std::string where =
                    layout.bed_lines.empty()
                        ? std::string()
                        : fmt::format(" (named by {} line {})", options.bed_path,
                                      layout.bed_lines.front());
                throw InputError(
                    fmt::format("{}: no reference sequence '{}' in the header{}; it "
                                "has {}",
                                paths[file], layout.name, where, names_of(references[file])));
            }
            auto [known, fresh] = length_of.emplace(layout.name, std::pair{found->second, file});
            if (!fresh && known->second.first != found->second)
                throw InputError(fmt::format(
                    "{}: reference sequence '{}' has length {}, but {} in '{}': the files were "
                    "aligned to different references",
                    paths[file], layout.name, found->second, known->second.first,
                    paths[known->second.second]));
        }
    }
}

struct HtsPoolDestroyer {
    void operator()(hts_tpool* pool) const noexcept { hts_tpool_destroy(pool); }
};

}  // namespace

CountMatrix count_reads(const std::vector<std::string>& bam_paths, const ReadCountOptions& options,
                        const RunOptions& run) {
    check_options(bam_paths, options);
    CountMatrix matrix;
    matrix.samples = sample_names(bam_paths, options);

    std::vector<std::vector<ReferenceSequence>> references;
    for (const std::string& path : bam_paths) references.push_back(references_of(path, options));
    const std::vector<SequenceLayout> layouts =
        options.bed_path.empty() ? genome_layout(bam_paths.front(), references.front(), options)
                                 : bed_regions(options.bed_path);
    check_headers(bam_paths, references, layouts, options);

    // One set of decompression threads for all files: with few files each gets them all, with
    // many the files share them.
    const unsigned threads = thread_count(run.pool);
    std::unique_ptr<hts_tpool, HtsPoolDestroyer> hts_pool;
    htsThreadPool decompression{nullptr, 0};
    if (threads > 1) {
        hts_pool.reset(hts_tpool_init(static_cast<int>(threads)));
        if (!hts_pool)
            throw ResourceError(fmt::format("cannot start {} threads for htslib", threads));
        decompression.pool = hts_pool.get();
    }

    std::vector<FileCounts> counts(bam_paths.size());
    auto count_one = [&](std::size_t file) {
        FileCountingSetup setup;
        setup.layouts = &layouts;
        setup.min_mapq = options.min_mapq;
        setup.cram_reference = options.cram_reference;
        setup.decompression = hts_pool ? &decompression : nullptr;
        if (run.on_progress)
            setup.on_fraction = [&run, file](double fraction) { run.on_progress(file, fraction); };
        counts[file] = count_file(bam_paths[file], setup);
    };
    parallel_for(run.pool, 0, bam_paths.size(), count_one);

    const std::size_t samples = bam_paths.size();
    for (std::size_t slot = 0; slot < layouts.size(); ++slot) {
        SequenceCounts& sequence = matrix.sequences.emplace_back();
        sequence.name = layouts[slot].name;
        sequence.start = layouts[slot].start;
        sequence.end = layouts[slot].end;
        sequence.counts.resize(sequence.window_count() * samples);
        for (std::size_t s = 0; s < samples; ++s)
            for (std::size_t w = 0; w < sequence.window_count(); ++w)
                sequence.counts[w * samples + s] =
                    static_cast<double>(counts[s].per_sequence[slot][w]);
    }
    for (std::size_t s = 0; s < samples; ++s)
        if (counts[s].counted == 0)
            warn(run, fmt::format("{}: no read with MAPQ >= {} in any window (sample '{}')",
                                  bam_paths[s], options.min_mapq, matrix.samples[s]));
    return matrix;
}

}  // namespace tropic::cnv

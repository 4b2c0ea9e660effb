// `tropic index REF.fa [-o PREFIX]`: builds REF.fa.tmi (or PREFIX.tmi), the reference index
// `tropic map` reads (tropic/map/reference_index.hpp). The library reads the FASTA, builds the
// k-mer table on the threads and writes the file atomically; this command shows progress and
// prints the summary.
#include <fmt/format.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "cli/commands.hpp"
#include "cli/progress_bar.hpp"
#include "cli/shared_options.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic::cli {

namespace {

struct IndexOptions {
    std::string input;
    std::string prefix;  // empty: beside the input
    map::IndexParams params;
    SharedOptions shared;  // --threads, --max-memory and -q
};

// REF.tmi beside the input, or PREFIX.tmi (a PREFIX ending in .tmi names the file).
std::string index_path(const IndexOptions& o) {
    if (o.prefix.empty()) {
        if (o.input == "-")
            throw InputError("tropic index: a reference read from stdin needs -o PREFIX");
        return map::default_index_path(o.input);
    }
    constexpr std::string_view kExtension = ".tmi";
    if (o.prefix.size() > kExtension.size() && o.prefix.ends_with(kExtension)) return o.prefix;
    return o.prefix + std::string(kExtension);
}

std::string shown_size(std::uint64_t bytes) {
    constexpr double kMiB = 1024.0 * 1024.0;
    if (bytes < 1024 * 1024) return fmt::format("{:.1f} KiB", static_cast<double>(bytes) / 1024);
    if (bytes < (std::uint64_t{1} << 30))
        return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / kMiB);
    return fmt::format("{:.2f} GiB", static_cast<double>(bytes) / (kMiB * 1024));
}

void run_index(const IndexOptions& o) {
    const auto start = std::chrono::steady_clock::now();
    check_input_files({o.input});
    map::validate(o.params);
    const std::string path = index_path(o);
    // Declared before the work: an output that cannot be written fails now, not after the build.
    OutputFiles outputs;
    AtomicFile& file = outputs.file(path, "-o");
    ThreadPool pool(o.shared.threads);
    const RunOptions options = make_run_options(o.shared, pool);
    ProgressBar progress("tropic index", 0, ProgressBar::wanted(o.shared.quiet), " bases");
    std::uint64_t shown_bases = 0;
    const map::ReferenceIndex index =
        map::build_reference_index(o.input, o.params, options, [&](std::uint64_t bases) {
            progress.advance(bases - shown_bases);
            shown_bases = bases;
        });
    map::write_reference_index(index, file);
    outputs.commit();
    progress.finish();
    const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
    if (!o.shared.quiet)
        fmt::print(stderr,
                   "tropic index: {} contigs, {} bases, k = {}, {} repeated k-mers dropped (over "
                   "{} occurrences), index {}; wrote {} in {:.1f} s\n",
                   index.contigs().size(), index.total_length(), index.kmer_length(),
                   index.repeat_count(), index.max_occurrences(), shown_size(index.memory_bytes()),
                   path, seconds.count());
}

}  // namespace

Command add_index_command(CLI::App& app) {
    auto options = std::make_shared<IndexOptions>();
    auto* sub = app.add_subcommand(
        "index", "Index a reference for tropic map: REF.fa.tmi, its bases and k-mer positions");
    sub->add_option("reference", options->input,
                    "The reference FASTA, plain or gzip-compressed; '-' reads stdin (with -o)")
        ->required()
        ->type_name("REF.fa");
    sub->add_option("-o,--output", options->prefix,
                    "The index to write: PREFIX.tmi (a PREFIX ending in .tmi names the file); "
                    "default REF.fa.tmi beside the reference")
        ->type_name("PREFIX");
    sub->add_option("-k,--kmer", options->params.kmer_length,
                    "K-mer length, 8 to 15; 0 chooses it from the reference's length (10 for "
                    "10 Mbp, 14 for a human genome)")
        ->type_name("K");
    sub->add_option("--max-occurrences", options->params.max_occurrences,
                    "K-mers with more sampled occurrences are repeats, left out of the index")
        ->type_name("N");
    add_run_options(sub, options->shared, Shared::Threads | Shared::MaxMemory | Shared::Quiet);
    return {sub, [options] { run_index(*options); }};
}

}  // namespace tropic::cli

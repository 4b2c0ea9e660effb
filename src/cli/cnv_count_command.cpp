// `tropic cnv count`: read counts per window (or BED region) from SAM/BAM/CRAM files, as cn.mops'
// getReadCountsFromBAM and getSegmentReadCountsFromBAM count them (tropic/cnv/read_counting.hpp
// states the rules), written as a count matrix: TSV to stdout or -o, or the binary form for a
// `.tcm` output or --binary.
#include <fmt/format.h>
#include <sys/stat.h>

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "cli/cnv_commands.hpp"
#include "cli/cnv_count_options.hpp"
#include "cli/progress_bar.hpp"
#include "cli/shared_options.hpp"
#include "tropic/cnv/count_matrix_io.hpp"
#include "tropic/cnv/read_counting.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::cli {

namespace {

struct CountOptions {
    std::vector<std::string> inputs;
    cnv::ReadCountOptions counting;
    bool binary = false;
    SharedOptions shared;
};

// Counting reads nothing from the GPU and holds one count per window and file.
constexpr Shared kCountOptions = Shared::Threads | Shared::Output | Shared::Quiet;

std::uint64_t file_size(const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && info.st_size > 0
               ? static_cast<std::uint64_t>(info.st_size)
               : 0;
}

// A bar over the bytes of all files, fed by the files' shares as they come (from any thread).
class BytesProgress {
  public:
    BytesProgress(const std::vector<std::string>& paths, bool enabled) {
        std::uint64_t total = 0;
        for (const std::string& path : paths) {
            sizes_.push_back(file_size(path));
            total += sizes_.back();
        }
        shown_.assign(paths.size(), 0);
        bar_ = std::make_unique<ProgressBar>("tropic cnv count", total, enabled, " bytes");
    }
    void update(std::size_t file, double fraction) {
        const auto reached =
            static_cast<std::uint64_t>(fraction * static_cast<double>(sizes_[file]));
        std::lock_guard lock(mutex_);
        if (reached <= shown_[file]) return;
        bar_->advance(reached - shown_[file]);
        shown_[file] = reached;
    }
    void finish() { bar_->finish(); }

  private:
    std::vector<std::uint64_t> sizes_, shown_;
    std::unique_ptr<ProgressBar> bar_;
    std::mutex mutex_;
};

void run_count(CountOptions& options) {
    check_input_files(options.inputs);
    const std::string& output = options.shared.output;
    // The output is checked before hours of counting (an AtomicFile made and dropped leaves
    // nothing); it is written once the counts are done.
    if (!output.empty()) AtomicFile checked(output);
    ThreadPool pool(options.shared.threads);
    RunOptions run = make_run_options(options.shared, pool);
    BytesProgress progress(options.inputs, ProgressBar::wanted(options.shared.quiet));
    run.on_progress = [&progress](std::size_t file, double fraction) {
        progress.update(file, fraction);
    };
    const cnv::CountMatrix matrix = cnv::count_reads(options.inputs, options.counting, run);
    progress.finish();
    if (options.binary || output.ends_with(".tcm"))
        cnv::write_count_matrix_binary(matrix, output);
    else
        cnv::write_count_matrix_tsv(matrix, output);
}

}  // namespace

Command add_cnv_count_command(CLI::App& cnv) {
    auto options = std::make_shared<CountOptions>();
    CLI::App* app = cnv.add_subcommand(
        "count",
        "Count reads per window (or BED region) in SAM/BAM/CRAM files, as cn.mops does: a read "
        "counts once, at its leftmost aligned position, when its MAPQ is at least --min-mapq");
    app->add_option("inputs", options->inputs, "SAM, BAM or CRAM files, one per sample")
        ->required()
        ->type_name("FILE")
        ->default_str("");
    add_counting_options(app, options->counting);
    app->add_flag("--binary", options->binary,
                  "Write tropic's binary count matrix (as for an -o name ending in .tcm)");
    add_run_options(app, options->shared, kCountOptions);
    return {app, [options] { run_count(*options); }};
}

}  // namespace tropic::cli

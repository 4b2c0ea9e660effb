#include "cli/cnv_count_options.hpp"

namespace tropic::cli {

void add_counting_options(CLI::App* app, cnv::ReadCountOptions& options) {
    app->add_option("-w,--window", options.window_length, "Window length in bases (cn.mops' WL)")
        ->capture_default_str()
        ->check(CLI::PositiveNumber);
    app->add_option("--sequences", options.sequences,
                    "Reference sequences to count, comma-separated (cn.mops' refSeqNames); "
                    "default: every sequence of the first file's header")
        ->delimiter(',')
        ->allow_extra_args(false)
        ->default_str("")
        ->type_name("NAME,...");
    app->add_option("--bed", options.bed_path,
                    "Count in these regions (e.g. exome targets) instead of windows, as cn.mops' "
                    "getSegmentReadCountsFromBAM")
        ->type_name("FILE");
    app->add_option("--min-mapq", options.min_mapq,
                    "Count only reads with at least this mapping quality")
        ->capture_default_str()
        ->check(CLI::Range(0, 255));
    app->add_option("--sample-names", options.sample_names,
                    "Sample names, comma-separated, one per file; default: the file names "
                    "without their folders, as cn.mops")
        ->delimiter(',')
        ->allow_extra_args(false)
        ->default_str("")
        ->type_name("NAME,...");
    app->add_option("--reference", options.cram_reference,
                    "Reference FASTA for CRAM files that need one")
        ->type_name("FASTA");
}

}  // namespace tropic::cli

#pragma once
// What `tropic cnv call` writes: the tables, the VCF and its index, JSON with --json and pictures
// with --plot, all declared before any work (each path checked then) and committed together when
// the whole run has succeeded: all of them appear, or none.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>
#include <vector>

#include "cli/shared_options.hpp"
#include "tropic/cnv/cnv_result.hpp"

namespace tropic::cli {

struct CnvOutputOptions {
    std::string plot_dir;
    bool png = false;
    std::size_t max_region_plots = 200;
    bool no_vcf = false;
    bool plain_vcf = false;
    bool write_sini = false;
    bool write_normalized = false;
    int digits = 6;
};

void add_cnv_output_options(CLI::App* app, CnvOutputOptions& options);

class CnvOutputs {
  public:
    // Declares every output. Throws InputError without -o, for --png in a build without cairo,
    // and for an output that cannot be written (a missing or unwritable folder, a folder where a
    // file is asked for, a --plot folder that cannot be made, two outputs naming one file).
    CnvOutputs(const CnvOutputOptions& options, const SharedOptions& shared);
    ~CnvOutputs();
    cnv::CnvSink& sink();
    // Once the sink has finished: moves every output into place, all or none. Throws
    // ResourceError when one cannot be completed or moved.
    void commit();
    // The files written, for the closing message.
    std::vector<std::string> paths() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic::cli

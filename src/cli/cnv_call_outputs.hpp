#pragma once
// What `tropic cnv call` writes: the tables, the VCF, JSON with --json and pictures with --plot,
// all under -o PREFIX, each committed only when the whole run has succeeded.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "cli/shared_options.hpp"
#include "tropic/cnv/cnmops_params.hpp"
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
    // Throws InputError without -o, or for --png in a build without cairo.
    CnvOutputs(const CnvOutputOptions& options, const SharedOptions& shared);
    ~CnvOutputs();
    cnv::CnvSink& sink();
    // The files written, for the closing message.
    std::vector<std::string> paths() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic::cli

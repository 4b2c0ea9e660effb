#pragma once
// The writers of `tropic cnv call`'s results: tables (TSV), VCF 4.3 and JSON. Each is a CnvSink:
// it receives the results sequence by sequence and never holds the whole cohort. Files are
// written atomically: under temporary names while the run goes on, renamed into place by
// finish(); a writer destroyed before finish() (a failed run) leaves no file behind.
//
// Coordinates in tables and JSON are 0-based and half-open, as BED (cn.mops' GRanges are 1-based
// and closed: start + 1 there). docs/cnv.md shows each layout.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tropic/cnv/cnv_result.hpp"

namespace tropic::cnv {

// Hands results to several sinks in turn (e.g. tables, VCF and plots of one run).
class CnvSinkList : public CnvSink {
  public:
    void add(CnvSink& sink) { sinks_.push_back(&sink); }
    void begin(const CnvRunInfo& info) override;
    void sequence(const SequenceResult& result) override;
    void finish() override;

  private:
    std::vector<CnvSink*> sinks_;
};

struct TableWriterOptions {
    // Significant digits of real numbers (medians, means, sI/NI, normalised counts). Six reads
    // well; 17 round-trips every double exactly.
    int digits = 6;
    bool write_sini = false;        // PREFIX.sini.tsv: sI/NI per window and sample
    bool write_normalized = false;  // PREFIX.normalized.tsv: normalised counts
};

// `-o PREFIX`: PREFIX.cnvs.tsv (the CNVs, in cn.mops' order: sequence, sample, start),
// PREFIX.cnvr.tsv (CNV regions with each sample's class), PREFIX.cn.tsv (integer copy number per
// window and sample), PREFIX.ini.tsv (I/NI per window), and optionally PREFIX.sini.tsv and
// PREFIX.normalized.tsv. Rows follow the input order. Missing values are written NA.
class CnvTableWriter : public CnvSink {
  public:
    explicit CnvTableWriter(std::string prefix, TableWriterOptions options = {});
    ~CnvTableWriter() override;
    void begin(const CnvRunInfo& info) override;
    void sequence(const SequenceResult& result) override;
    void finish() override;
    // The files this writer makes, in the order above.
    std::vector<std::string> paths() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

struct VcfWriterOptions {
    // PREFIX.vcf.gz, bgzipped and indexed (.tbi, or .csi for sequences beyond 2^29 bases);
    // false: plain PREFIX.vcf.
    bool compress = true;
    std::function<void(const std::string&)> on_notice;  // e.g. why no index could be built
};

// `--vcf`: VCF 4.3, one record per CNV region (docs/cnv.md gives the decisions):
//   POS    the base before the region (0-based start), as VCF 4.3 asks of symbolic alleles;
//          1 for a region that starts at the sequence's first base
//   REF    N (no reference sequence is read), ALT <DEL>, <DUP> or <CNV> (losses and gains)
//   INFO   SVTYPE, END (last base of the region, 1-based), SVLEN (-length for DEL, +length for
//          DUP, absent for CNV), IMPRECISE
//   FORMAT GT (diploid: CN2 0/0, CN1 0/1, CN0 1/1, gains ./.), CN, SINI (mean sI/NI)
// Sequences must be known in begin() (CnvRunInfo::sequences) for the records to be written as
// they come; otherwise they are kept until finish(), when the header is complete.
class CnvVcfWriter : public CnvSink {
  public:
    explicit CnvVcfWriter(std::string prefix, VcfWriterOptions options = {});
    ~CnvVcfWriter() override;
    void begin(const CnvRunInfo& info) override;
    void sequence(const SequenceResult& result) override;
    void finish() override;
    const std::string& path() const noexcept;
    // The index written beside the VCF, empty when none was (plain VCF, or indexing failed).
    const std::string& index_path() const noexcept;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

// `--json FILE` (or "-" for stdout): one document {"format", "params", "samples", "sequences":
// [per sequence: name, windows, prior-only windows, cnvs, regions], "summary"}; each sequence is
// written when it arrives.
class CnvJsonWriter : public CnvSink {
  public:
    explicit CnvJsonWriter(std::string path);
    ~CnvJsonWriter() override;
    void begin(const CnvRunInfo& info) override;
    void sequence(const SequenceResult& result) override;
    void finish() override;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic::cnv

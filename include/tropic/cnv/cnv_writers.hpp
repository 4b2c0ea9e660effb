#pragma once
// The writers of `tropic cnv call`'s results: tables (TSV), VCF 4.3 and JSON. Each is a CnvSink:
// it receives the results sequence by sequence and never holds the whole cohort. A writer declares
// its files when it is made (each path is checked then, before any work) and writes them under
// temporary names. Made with a run's OutputFiles, its files appear together with every other
// output of the run when the caller commits them (OutputFiles::commit, after finish()); made
// without, its own finish() moves them into place. A run that fails before that leaves none of
// them behind.
//
// Coordinates in tables and JSON are 0-based and half-open, as BED (cn.mops' GRanges are 1-based
// and closed: start + 1 there). docs/cnv.md shows each layout.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "tropic/cnv/cnv_result.hpp"
#include "tropic/core/output_files.hpp"

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
    // Throws InputError for a table that cannot be written.
    explicit CnvTableWriter(std::string prefix, TableWriterOptions options = {});
    CnvTableWriter(OutputFiles& outputs, std::string prefix, TableWriterOptions options = {});
    ~CnvTableWriter() override;
    void begin(const CnvRunInfo& info) override;
    void sequence(const SequenceResult& result) override;
    void finish() override;
    // The files this writer makes, in the order above.
    [[nodiscard]] std::vector<std::string> paths() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

struct VcfWriterOptions {
    // PREFIX.vcf.gz, bgzipped and indexed (.tbi, or .csi for sequences beyond 2^29 bases);
    // false: plain PREFIX.vcf.
    bool compress = true;
    // Notices, one line each, without a prefix (that a VCF written to a device or a pipe gets no
    // index); empty: none.
    NoticeHandler on_notice;
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
    // Throws InputError when the VCF or its index cannot be written.
    explicit CnvVcfWriter(std::string prefix, VcfWriterOptions options = {});
    CnvVcfWriter(OutputFiles& outputs, std::string prefix, VcfWriterOptions options = {});
    ~CnvVcfWriter() override;
    void begin(const CnvRunInfo& info) override;
    void sequence(const SequenceResult& result) override;
    void finish() override;
    [[nodiscard]] const std::string& path() const noexcept;
    // The index written beside the VCF once finish() has built it (.tbi, or .csi for positions
    // beyond 2^29); empty for a plain VCF or one written to a device or a pipe.
    [[nodiscard]] const std::string& index_path() const noexcept;

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
    CnvJsonWriter(OutputFiles& outputs, std::string path);
    ~CnvJsonWriter() override;
    void begin(const CnvRunInfo& info) override;
    void sequence(const SequenceResult& result) override;
    void finish() override;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic::cnv

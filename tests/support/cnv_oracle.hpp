#pragma once
// The committed cn.mops outputs (tests/data/cnv/cnmops/<case>/, made by
// tests/oracle/cnmops/regenerate.sh) and what tests need to compare tropic with them.
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "tropic/cnv/cnmops_params.hpp"
#include "tropic/cnv/cnv_result.hpp"
#include "tropic/cnv/count_matrix.hpp"

namespace tropic::test {

// A tab-separated file: its header (a leading '#' removed) and its rows.
struct Table {
    std::vector<std::string> header;
    std::vector<std::vector<std::string>> rows;
};
Table read_table(const std::string& path);

// A case's input: the count matrix, the parameters its args.txt gives (tropic cnv call's
// option names), and in reference mode which samples are controls.
struct OracleCase {
    std::string name;
    std::string dir;
    cnv::CountMatrix counts;
    cnv::CnmopsParams params;
    std::vector<bool> controls;  // empty in cohort mode
};
OracleCase load_oracle_case(const std::string& dir);
// Every case folder under tests/data/cnv/cnmops with an args.txt.
std::vector<std::string> oracle_case_dirs();

// A count matrix from the TSV layout of count_matrix_io.hpp (tests only: no validation).
cnv::CountMatrix parse_count_matrix(const std::string& path);
cnv::CnmopsParams parse_call_arguments(const std::string& line, std::size_t samples,
                                       std::vector<bool>& controls);

// Keeps a copy of everything the pipeline gives.
struct CollectedSequence {
    cnv::SequenceCounts counts;
    cnv::SequenceResult result;  // result.counts points at `counts`
};
class CollectingSink : public cnv::CnvSink {
  public:
    void begin(const cnv::CnvRunInfo& info) override { info_ = info; }
    void sequence(const cnv::SequenceResult& result) override;
    const cnv::CnvRunInfo& info() const { return info_; }
    const std::deque<CollectedSequence>& sequences() const { return sequences_; }

  private:
    cnv::CnvRunInfo info_;
    std::deque<CollectedSequence> sequences_;
};

}  // namespace tropic::test

#pragma once
// A plain mirscan, used only by tests: every window folded one at a time on the CPU, every
// hairpin kept, loci merged by sorting, significance folded one shuffle at a time. The rules are
// docs/mirscan.md's; no batching, no deduplication, no streaming.
#include <string_view>
#include <vector>

#include "tropic/core/sequence.hpp"
#include "tropic/mirna/mirscan.hpp"

namespace tropic::test {

struct ReferenceScan {
    std::vector<mirna::MirnaCandidate> loci;        // every merged locus (MirscanSink::hairpin)
    std::vector<mirna::MirnaCandidate> candidates;  // the reported ones
};

// The windows of one record by the rules of scan_windows.hpp applied base by base: for each
// segment, the '+' walk from its start, then the '-' walk from its end.
[[nodiscard]] std::vector<mirna::ScanWindow> reference_scan_windows(std::string_view residues,
                                                                    const mirna::WindowParams& p);

[[nodiscard]] ReferenceScan reference_mirscan(const std::vector<SequenceRecord>& records,
                                              const rna::EnergyParams& energy,
                                              const mirna::MirscanParams& params);

}  // namespace tropic::test

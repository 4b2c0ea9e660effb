#pragma once
// A MirscanSink that keeps what a scan reports, for the mirscan tests.
#include <cstdint>
#include <vector>

#include "tropic/mirna/mirscan.hpp"

namespace tropic::test {

struct CollectingMirscanSink : mirna::MirscanSink {
    std::vector<mirna::MirnaCandidate> loci;        // every merged locus
    std::vector<mirna::MirnaCandidate> candidates;  // the reported ones
    std::uint64_t last_progress = 0;
    bool progress_went_back = false;
    void hairpin(const mirna::MirnaCandidate& h) override { loci.push_back(h); }
    void candidate(const mirna::MirnaCandidate& c) override { candidates.push_back(c); }
    void progress(std::uint64_t bases) override {
        progress_went_back = progress_went_back || bases < last_progress;
        last_progress = bases;
    }
};

}  // namespace tropic::test

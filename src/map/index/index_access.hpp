#pragma once
// The builder and the file reader fill a ReferenceIndex's arrays through this, the one friend of
// the class, so that its public face stays read-only.
#include "tropic/map/reference_index.hpp"

namespace tropic::map::detail {

struct IndexAccess {
    ReferenceIndex& index;

    std::vector<ReferenceContig>& contigs() { return index.contigs_; }
    std::uint64_t& total_length() { return index.total_length_; }
    int& kmer_length() { return index.kmer_length_; }
    int& sampling_stride() { return index.sampling_stride_; }
    std::uint32_t& max_occurrences() { return index.max_occurrences_; }
    std::vector<std::uint64_t>& packed_bases() { return index.packed_bases_; }
    std::vector<AmbiguousRun>& ambiguous_runs() { return index.ambiguous_runs_; }
    std::vector<std::uint32_t>& offsets() { return index.offsets_; }
    std::vector<std::uint32_t>& positions() { return index.positions_; }
    std::vector<std::uint64_t>& repeats() { return index.repeats_; }
    std::uint64_t& repeat_count() { return index.repeat_count_; }
    std::uint64_t& sequence_checksum() { return index.sequence_checksum_; }
};

}  // namespace tropic::map::detail

#pragma once
// A plain model of the reference index of read mapping: each contig's bases as codes and the
// sampled k-mer starts found by scanning every position, for tests of the packed index.
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tropic::test {

struct ModelContig {
    std::string name;
    std::string letters;  // as written in the FASTA (any case, IUPAC codes)
};

struct KmerIndexModel {
    std::vector<std::uint8_t> codes;  // concatenated, DnaBase codes (4 for N and IUPAC)
    std::vector<std::uint64_t> contig_starts;
    // Every k-mer with a sampled start, ascending, repeats included.
    std::map<std::uint32_t, std::vector<std::uint32_t>> starts;
};

// Positions p with p % stride == 0, p + k inside p's contig, and no code 4 in [p, p + k).
[[nodiscard]] KmerIndexModel scan_kmers(const std::vector<ModelContig>& contigs, int k, int stride);

}  // namespace tropic::test

#include "reference/kmer_index_reference.hpp"

#include <cctype>

namespace tropic::test {

namespace {

std::uint8_t code_of(char letter) {
    switch (std::toupper(static_cast<unsigned char>(letter))) {
        case 'A':
            return 0;
        case 'C':
            return 1;
        case 'G':
            return 2;
        case 'T':
        case 'U':
            return 3;
        default:
            return 4;
    }
}

}  // namespace

KmerIndexModel scan_kmers(const std::vector<ModelContig>& contigs, int k, int stride) {
    KmerIndexModel model;
    for (const ModelContig& contig : contigs) {
        const std::uint64_t start = model.codes.size();
        model.contig_starts.push_back(start);
        for (const char letter : contig.letters) model.codes.push_back(code_of(letter));
        const std::uint64_t end = model.codes.size();
        for (std::uint64_t p = start; p + k <= end; ++p) {
            if (p % stride != 0) continue;
            std::uint32_t code = 0;
            bool clean = true;
            for (int i = 0; i < k; ++i) {
                const std::uint8_t c = model.codes[p + i];
                clean = clean && c < 4;
                code = code * 4 + (c & 3u);
            }
            if (clean) model.starts[code].push_back(static_cast<std::uint32_t>(p));
        }
    }
    return model;
}

}  // namespace tropic::test

#include "rna/placement/record_placement.hpp"

#include <algorithm>

namespace tropic::rna::detail {

RecordPlacement place_records(const std::vector<std::vector<std::uint8_t>>& sequences,
                              BackendChooser& chooser, const PlacementRules& rules) {
    RecordPlacement out;
    std::vector<std::size_t> short_records;
    std::size_t short_residues = 0, short_longest = 0;
    for (std::size_t r = 0; r < sequences.size(); ++r) {
        const std::size_t n = sequences[r].size();
        if (n < rules.alone_length) {
            short_records.push_back(r);
            short_residues += n;
            short_longest = std::max(short_longest, n);
        } else if (chooser.choose(rules.single(n)) == Backend::Cuda) {
            out.gpu.push_back(r);
        } else {
            (n >= rules.cpu_long_length ? out.cpu_long : out.cpu_short).push_back(r);
        }
    }
    if (!short_records.empty()) {
        const bool on_gpu = chooser.choose(rules.batch(short_records.size(), short_residues,
                                                       short_longest)) == Backend::Cuda;
        auto& to = on_gpu ? out.gpu : out.cpu_short;
        to.insert(to.end(), short_records.begin(), short_records.end());
    }
    std::sort(out.gpu.begin(), out.gpu.end());
    return out;
}

}  // namespace tropic::rna::detail

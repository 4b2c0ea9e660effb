#include "rna/placement/record_placement.hpp"

#include <algorithm>
#include <optional>

namespace tropic::rna::detail {

namespace {

// Where `work` runs, or nothing when it is refused (`refuse` hears why).
template <class Refuse>
std::optional<Backend> choose(BackendChooser& chooser, const WorkEstimate& work, Refuse refuse) {
    try {
        return chooser.choose(work);
    } catch (const Error& e) {
        refuse(e);
        return std::nullopt;
    }
}

}  // namespace

RecordPlacement place_records(const std::vector<std::vector<std::uint8_t>>& sequences,
                              const std::vector<std::size_t>& records, BackendChooser& chooser,
                              const PlacementRules& rules) {
    RecordPlacement out;
    std::vector<std::size_t> short_records;
    std::size_t short_residues = 0, short_longest = 0;
    for (std::size_t r : records) {
        const std::size_t n = sequences[r].size();
        if (n < rules.alone_length) {
            short_records.push_back(r);
            short_residues += n;
            short_longest = std::max(short_longest, n);
            continue;
        }
        const auto backend = choose(chooser, rules.single(n), [&](const Error& e) {
            out.refused.push_back({r, e.what(), e.code()});
        });
        if (backend == Backend::Cuda)
            out.gpu.push_back(r);
        else if (backend == Backend::Cpu)
            (n >= rules.cpu_long_length ? out.cpu_long : out.cpu_short).push_back(r);
    }
    if (!short_records.empty()) {
        const auto backend =
            choose(chooser, rules.batch(short_records.size(), short_residues, short_longest),
                   [&](const Error& e) {
                       for (std::size_t r : short_records)
                           out.refused.push_back({r, e.what(), e.code()});
                   });
        if (backend) {
            auto& to = backend == Backend::Cuda ? out.gpu : out.cpu_short;
            to.insert(to.end(), short_records.begin(), short_records.end());
        }
    }
    std::sort(out.gpu.begin(), out.gpu.end());
    std::sort(out.refused.begin(), out.refused.end(),
              [](const Refusal& a, const Refusal& b) { return a.record < b.record; });
    return out;
}

}  // namespace tropic::rna::detail

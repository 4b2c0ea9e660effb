// build_reference_index: the FASTA read into packed bases (its size checked against the memory
// limit before each contig is stored), then the k-mer table.
#include <fmt/format.h>

#include "core/internal/memory_fit.hpp"
#include "core/internal/messages.hpp"
#include "map/index/index_access.hpp"
#include "map/index/kmer_table.hpp"
#include "map/index/reference_reader.hpp"
#include "tropic/core/error.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic::map {

namespace {

void check_fits(const std::string& path, std::uint64_t bases, const IndexParams& params,
                const MemoryBudget& budget) {
    const std::uint64_t needed = estimate_index_bytes(bases, params);
    if (needed <= budget.bytes) return;
    const std::size_t longest = longest_that_fits(
        budget.bytes, [&](std::size_t n) { return estimate_index_bytes(n, params); });
    const std::string suggestion =
        longest == 0
            ? "raise --max-memory"
            : fmt::format("the longest reference that fits is {} bases; raise --max-memory",
                          longest);
    throw ResourceError(does_not_fit_message(
        fmt::format("the index of {} ({} bases so far, k = {})", display_input_path(path), bases,
                    resolved_kmer_length(bases, params)),
        needed, budget, suggestion));
}

}  // namespace

ReferenceIndex build_reference_index(const std::string& fasta_path, const IndexParams& params,
                                     const RunOptions& options,
                                     std::function<void(std::uint64_t bases)> on_progress) {
    validate(params);
    const MemoryBudget budget = host_budget(options.max_memory);
    ReferenceIndex index;
    detail::IndexAccess access{index};
    detail::read_reference(
        fasta_path, access,
        [&](std::uint64_t bases) { check_fits(fasta_path, bases, params, budget); }, on_progress);
    access.packed_bases().shrink_to_fit();
    access.ambiguous_runs().shrink_to_fit();
    access.sequence_checksum() = detail::compute_sequence_checksum(access);

    const int k = resolved_kmer_length(index.total_length(), params);
    access.kmer_length() = k;
    access.sampling_stride() = params.sampling_stride;
    access.max_occurrences() = params.max_occurrences;
    detail::build_kmer_table(access, k, params.sampling_stride, params.max_occurrences,
                             options.pool);
    return index;
}

}  // namespace tropic::map

// What a ReferenceIndex answers: bases, k-mer runs, contigs.
#include "tropic/map/reference_index.hpp"

#include <algorithm>

#include "map/index/packed_bases.hpp"

namespace tropic::map {

namespace {

constexpr std::uint8_t kN = 4;

template <class T>
std::size_t bytes_of(const std::vector<T>& values) {
    return values.capacity() * sizeof(T);
}

}  // namespace

std::uint8_t ReferenceIndex::base(std::int64_t position) const noexcept {
    if (position < 0 || static_cast<std::uint64_t>(position) >= total_length_) return kN;
    const auto at = static_cast<std::uint64_t>(position);
    // The last run that begins at or before the position.
    const auto after =
        std::upper_bound(ambiguous_runs_.begin(), ambiguous_runs_.end(), at,
                         [](std::uint64_t p, const AmbiguousRun& run) { return p < run.begin; });
    if (after != ambiguous_runs_.begin() && at < std::prev(after)->end) return kN;
    return detail::packed_base(packed_bases_, at);
}

void ReferenceIndex::extract(std::int64_t begin, std::int64_t end,
                             std::vector<std::uint8_t>& out) const {
    out.assign(static_cast<std::size_t>(std::max<std::int64_t>(end - begin, 0)), kN);
    if (end <= begin) return;
    const auto total = static_cast<std::int64_t>(total_length_);
    const std::int64_t first = std::clamp<std::int64_t>(begin, 0, total);
    const std::int64_t last = std::clamp<std::int64_t>(end, 0, total);
    for (std::int64_t p = first; p < last; ++p)
        out[static_cast<std::size_t>(p - begin)] =
            detail::packed_base(packed_bases_, static_cast<std::uint64_t>(p));
    auto run = std::upper_bound(ambiguous_runs_.begin(), ambiguous_runs_.end(),
                                static_cast<std::uint64_t>(first),
                                [](std::uint64_t p, const AmbiguousRun& r) { return p < r.end; });
    for (; run != ambiguous_runs_.end() && run->begin < last; ++run) {
        const std::int64_t from = std::max<std::int64_t>(run->begin, first);
        const std::int64_t to = std::min<std::int64_t>(run->end, last);
        std::fill(out.begin() + (from - begin), out.begin() + (to - begin), kN);
    }
}

std::span<const std::uint32_t> ReferenceIndex::occurrences(std::uint32_t kmer) const noexcept {
    if (std::size_t{kmer} + 1 >= offsets_.size()) return {};
    return std::span<const std::uint32_t>(positions_)
        .subspan(offsets_[kmer], offsets_[kmer + 1] - offsets_[kmer]);
}

bool ReferenceIndex::is_repeat(std::uint32_t kmer) const noexcept {
    if (std::size_t{kmer} + 1 >= offsets_.size()) return false;
    return (repeats_[kmer / 64] >> (kmer % 64)) & 1u;
}

std::size_t ReferenceIndex::contig_of(std::int64_t position) const noexcept {
    if (position < 0 || static_cast<std::uint64_t>(position) >= total_length_)
        return contigs_.size();
    const auto after = std::upper_bound(
        contigs_.begin(), contigs_.end(), static_cast<std::uint64_t>(position),
        [](std::uint64_t p, const ReferenceContig& contig) { return p < contig.start; });
    return static_cast<std::size_t>(after - contigs_.begin()) - 1;
}

std::size_t ReferenceIndex::memory_bytes() const noexcept {
    std::size_t bytes = sizeof *this + bytes_of(contigs_) + bytes_of(packed_bases_) +
                        bytes_of(ambiguous_runs_) + bytes_of(offsets_) + bytes_of(positions_) +
                        bytes_of(repeats_);
    for (const ReferenceContig& contig : contigs_) bytes += contig.name.capacity();
    return bytes;
}

}  // namespace tropic::map

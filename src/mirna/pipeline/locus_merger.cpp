#include "mirna/pipeline/locus_merger.hpp"

#include <algorithm>
#include <limits>

namespace tropic::mirna::detail {

namespace {

bool genome_order(const MirnaCandidate& a, const MirnaCandidate& b) {
    if (a.start != b.start) return a.start < b.start;
    if (a.strand != b.strand) return a.strand == '+';
    return a.end < b.end;
}

}  // namespace

bool better_hairpin(const MirnaCandidate& a, const MirnaCandidate& b) {
    if (a.passed_filter != b.passed_filter) return a.passed_filter;
    if (a.score != b.score) return a.score > b.score;
    if (a.features.hairpin.mfe != b.features.hairpin.mfe)
        return a.features.hairpin.mfe < b.features.hairpin.mfe;
    if (a.end - a.start != b.end - b.start) return a.end - a.start > b.end - b.start;
    return a.start < b.start;
}

void LocusMerger::add(MirnaCandidate hairpin) {
    Locus merged{hairpin.start, hairpin.end, std::move(hairpin)};
    std::uint32_t windows = merged.best.windows;
    // Every open locus of the strand that overlaps joins (loci of one strand never overlap each
    // other, but a hairpin may bridge two).
    for (std::size_t i = 0; i < open_.size();) {
        Locus& locus = open_[i];
        bool overlaps = locus.best.strand == merged.best.strand && locus.begin < merged.end &&
                        merged.begin < locus.end;
        if (!overlaps) {
            ++i;
            continue;
        }
        merged.begin = std::min(merged.begin, locus.begin);
        merged.end = std::max(merged.end, locus.end);
        windows += locus.best.windows;
        if (better_hairpin(locus.best, merged.best)) merged.best = std::move(locus.best);
        open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(i));
    }
    merged.best.windows = windows;
    open_.push_back(std::move(merged));
}

void LocusMerger::advance(std::uint64_t window_start, std::vector<MirnaCandidate>& out) {
    for (std::size_t i = 0; i < open_.size();) {
        if (open_[i].end <= window_start) {
            complete_.push_back(std::move(open_[i]));
            open_.erase(open_.begin() + static_cast<std::ptrdiff_t>(i));
        } else {
            ++i;
        }
    }
    std::uint64_t bound = window_start;
    for (const Locus& locus : open_) bound = std::min(bound, locus.begin);
    release(bound, false, out);
}

void LocusMerger::finish(std::vector<MirnaCandidate>& out) {
    for (Locus& locus : open_) complete_.push_back(std::move(locus));
    open_.clear();
    release(std::numeric_limits<std::uint64_t>::max(), true, out);
}

void LocusMerger::release(std::uint64_t bound, bool everything, std::vector<MirnaCandidate>& out) {
    // Reported loci carry their representative's coordinates; ordering uses the same.
    std::sort(complete_.begin(), complete_.end(),
              [](const Locus& a, const Locus& b) { return genome_order(a.best, b.best); });
    std::size_t leaving = 0;
    while (leaving < complete_.size() && (everything || complete_[leaving].best.start < bound))
        ++leaving;
    for (std::size_t i = 0; i < leaving; ++i) out.push_back(std::move(complete_[i].best));
    complete_.erase(complete_.begin(), complete_.begin() + static_cast<std::ptrdiff_t>(leaving));
}

}  // namespace tropic::mirna::detail

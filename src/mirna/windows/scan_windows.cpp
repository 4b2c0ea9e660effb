#include "tropic/mirna/scan_windows.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "tropic/core/error.hpp"

namespace tropic::mirna {

namespace {

bool is_scanned_base(char c, bool skip_masked) {
    switch (c) {
        case 'A':
        case 'C':
        case 'G':
        case 'U':
        case 'T':
            return true;
        case 'a':
        case 'c':
        case 'g':
        case 'u':
        case 't':
            return !skip_masked;
        default:
            return false;
    }
}

char rna_upper(char c) {
    switch (c) {
        case 'a':
        case 'A':
            return 'A';
        case 'c':
        case 'C':
            return 'C';
        case 'g':
        case 'G':
            return 'G';
        default:
            return 'U';  // u, t (segments hold nothing else)
    }
}

char rna_complement(char c) {
    switch (rna_upper(c)) {
        case 'A':
            return 'U';
        case 'C':
            return 'G';
        case 'G':
            return 'C';
        default:
            return 'A';
    }
}

}  // namespace

void validate(const WindowParams& params) {
    if (params.window < 1)
        throw InputError(fmt::format("--window must be at least 1, not {}", params.window));
    if (params.step < 1)
        throw InputError(fmt::format("--step must be at least 1, not {}", params.step));
    if (params.min_length < 1)
        throw InputError(
            fmt::format("the shortest window must be at least 1, not {}", params.min_length));
}

std::vector<Segment> scan_segments(std::string_view residues, bool skip_masked) {
    std::vector<Segment> segments;
    std::uint64_t i = 0;
    const std::uint64_t n = residues.size();
    while (i < n) {
        while (i < n && !is_scanned_base(residues[i], skip_masked)) ++i;
        std::uint64_t begin = i;
        while (i < n && is_scanned_base(residues[i], skip_masked)) ++i;
        if (i > begin) segments.push_back({begin, i});
    }
    return segments;
}

namespace {

// The walk of one strand over a segment of `size` bases: window k starts `k * step` from the
// strand's 5' end and is min(window, size - k * step) long; the walk ends with the first window
// that reaches the far end.
struct StrandWalk {
    std::uint64_t size, window, step;
    [[nodiscard]] std::uint64_t count() const {
        const std::uint64_t starts = (size + step - 1) / step;  // offsets inside the segment
        if (size <= window) return 1;
        return std::min(starts, (size - window + step - 1) / step + 1);
    }
    [[nodiscard]] std::uint64_t length(std::uint64_t k) const {
        return std::min(window, size - k * step);
    }
};

}  // namespace

void for_each_window_by_start(std::string_view residues, const WindowParams& params,
                              const std::function<void(const ScanWindow&)>& visit) {
    validate(params);
    const bool forward = params.strands != ScanStrands::Reverse;
    const bool reverse = params.strands != ScanStrands::Forward;
    const auto min_length = static_cast<std::uint64_t>(params.min_length);
    for (const Segment& segment : scan_segments(residues, params.skip_masked)) {
        const StrandWalk walk{segment.end - segment.begin,
                              static_cast<std::uint64_t>(params.window),
                              static_cast<std::uint64_t>(params.step)};
        const std::uint64_t count = walk.count();
        // '+' windows by increasing k have increasing starts; '-' windows by decreasing k too.
        std::uint64_t next_forward = forward ? 0 : count;
        std::uint64_t reverse_left = reverse ? count : 0;
        while (next_forward < count || reverse_left > 0) {
            ScanWindow f{}, r{};
            if (next_forward < count) {
                f = {segment.begin + next_forward * walk.step,
                     static_cast<std::uint32_t>(walk.length(next_forward)), '+'};
            }
            if (reverse_left > 0) {
                const std::uint64_t k = reverse_left - 1;
                const std::uint64_t length = walk.length(k);
                r = {segment.end - k * walk.step - length, static_cast<std::uint32_t>(length), '-'};
            }
            const bool take_forward =
                next_forward < count && (reverse_left == 0 || f.start <= r.start);
            const ScanWindow& w = take_forward ? f : r;
            if (take_forward)
                ++next_forward;
            else
                --reverse_left;
            if (w.length >= min_length) visit(w);
        }
    }
}

std::string window_sequence(std::string_view residues, const ScanWindow& window) {
    std::string out(window.length, 'N');
    std::string_view bases = residues.substr(window.start, window.length);
    if (window.strand == '+') {
        for (std::uint32_t i = 0; i < window.length; ++i) out[i] = rna_upper(bases[i]);
    } else {
        for (std::uint32_t i = 0; i < window.length; ++i)
            out[i] = rna_complement(bases[window.length - 1 - i]);
    }
    return out;
}

Segment forward_range(const ScanWindow& window, std::uint32_t local_begin,
                      std::uint32_t local_end) {
    if (window.strand == '+') return {window.start + local_begin, window.start + local_end};
    const std::uint64_t end = window.start + window.length;
    return {end - local_end, end - local_begin};
}

}  // namespace tropic::mirna

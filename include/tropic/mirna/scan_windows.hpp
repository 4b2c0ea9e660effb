#pragma once
// The windows `tropic mirscan` folds: fixed-length windows at a fixed step over every stretch of
// a genome sequence that holds only A, C, G and U (T), on one or both strands.
//
// Rules (docs/mirscan.md):
// - A segment is a maximal run of A/C/G/U in either case; any other letter (N and the other
//   IUPAC codes) ends it. With skip_masked, lower-case (soft-masked) letters end it as well.
// - In a segment [b, e) the forward windows start at b, b + step, b + 2 step, ...; each is
//   `window` long or, the last one, as long as what is left (a window shorter than `window` only
//   where it reaches e); the walk stops after the first window that reaches e. Windows shorter
//   than min_length are not made (no hairpin of min_length fits them).
// - Reverse-strand windows are the same walk over the reverse complement of the segment, from
//   its 5' end (the forward e): the k-th covers forward [e - k step - len, e - k step). They are
//   reported in forward coordinates with strand '-'; their sequence is the reverse complement.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace tropic::mirna {

enum class ScanStrands : std::uint8_t { Both, Forward, Reverse };

struct WindowParams {
    int window = 120;
    int step = 20;
    ScanStrands strands = ScanStrands::Both;
    bool skip_masked = false;
    int min_length = 60;
};

// [begin, end) of the forward sequence.
struct Segment {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;
};

struct ScanWindow {
    std::uint64_t start = 0;   // 0-based forward coordinate of the window's leftmost base
    std::uint32_t length = 0;  // bases
    char strand = '+';         // '+' or '-'
};

// Throws InputError (naming the option) when window < 1, step < 1 or min_length < 1.
void validate(const WindowParams& params);

// The segments of `residues` (a normalised record, lower case kept for soft-masked bases).
[[nodiscard]] std::vector<Segment> scan_segments(std::string_view residues, bool skip_masked);

// Every window of `residues` (the rules above), segment by segment and within a segment by
// increasing start ('+' before '-' at one start: the order a scan merges hairpins in), handed
// to `visit` one at a time: no list, so a chromosome's windows never sit in memory together.
void for_each_window_by_start(std::string_view residues, const WindowParams& params,
                              const std::function<void(const ScanWindow&)>& visit);

// The window's bases 5'->3' on its strand, upper case, T as U (the reverse complement for '-').
[[nodiscard]] std::string window_sequence(std::string_view residues, const ScanWindow& window);

// Forward [begin, end) of the window-local range [local_begin, local_end) (positions 5'->3' on
// the window's strand).
[[nodiscard]] Segment forward_range(const ScanWindow& window, std::uint32_t local_begin,
                                    std::uint32_t local_end);

}  // namespace tropic::mirna

#pragma once
// Stem-loops in a folded window and the features of an excised hairpin (docs/mirscan.md).
#include <cstdint>
#include <optional>
#include <string_view>

namespace tropic::mirna {

// A stem-loop [begin, end) of a dot-bracket: (begin, end - 1) is a pair, and the region holds
// exactly one hairpin loop: every pair inside encloses at most one other pair directly (stacks,
// bulges and interior loops; no multiloop).
struct StemLoop {
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
    [[nodiscard]] std::uint32_t length() const noexcept { return end - begin; }
};

// The longest stem-loop of `structure` with at least min_length bases, nullopt when none has.
// Only outermost stem-loops count (a pair whose enclosing pair, if any, closes a multiloop or
// the exterior loop); among equally long ones the leftmost. InputError when the dot-bracket is
// unbalanced or holds other characters.
[[nodiscard]] std::optional<StemLoop> longest_stem_loop(std::string_view structure,
                                                        std::uint32_t min_length);

// The arms of a hairpin's own fold, in hairpin-local positions 5'->3': the 5' arm runs from 0 to
// the first base of the terminal loop, the 3' arm from after the loop to the end. With several
// hairpin loops (the excised sequence folded into branches) the loop of the longest stem-loop
// is taken; with none, both arms are empty and loop_begin == loop_end == length / 2.
struct HairpinArms {
    std::uint32_t loop_begin = 0;  // first unpaired base of the terminal loop
    std::uint32_t loop_end = 0;    // one past its last
};

// The features of a hairpin sequence (upper case RNA, 5'->3') folded alone to `structure` with
// free energy `mfe` (dcal/mol). Sizes count unpaired bases. Pairs, helices, bulges and internal
// loops count over the whole fold (a multiloop is neither a bulge nor an internal loop).
struct HairpinFeatures {
    std::uint32_t length = 0;
    int mfe = 0;  // dcal/mol
    double amfe =
        0;  // adjusted MFE: kcal/mol per 100 nt (mfe / 100 / length * 100: dcal/mol to kcal/mol)
    double mfei = 0;        // MFE index (Zhang et al. 2006): -amfe / GC%, 0 when GC% is 0
    double gc_percent = 0;  // G + C, percent of the length
    std::uint32_t base_pairs = 0;
    std::uint32_t longest_helix = 0;  // most consecutive stacked pairs (a lone pair: 1)
    std::uint32_t bulges = 0;         // interior loops with unpaired bases on one side only
    std::uint32_t largest_bulge = 0;
    std::uint32_t internal_loops = 0;  // interior loops with unpaired bases on both sides
    std::uint32_t largest_internal_loop = 0;
    std::uint32_t asymmetry = 0;      // sum over bulges and internal loops of |5' side - 3' side|
    std::uint32_t terminal_loop = 0;  // unpaired bases of the terminal loop (HairpinArms)
    std::uint32_t hairpin_loops = 0;  // 1 for a single stem-loop
    double complexity = 0;  // Shannon entropy of the overlapping dinucleotides, bits (0..4)
    HairpinArms arms;
};

// InputError when the lengths differ, the structure is unbalanced or holds other characters than
// '(', ')' and '.', the sequence is empty or holds other letters than A, C, G and U.
[[nodiscard]] HairpinFeatures hairpin_features(std::string_view sequence,
                                               std::string_view structure, int mfe);

}  // namespace tropic::mirna

#pragma once
// Shuffled-sequence significance of a hairpin's MFE (randfold's test, Bonnet et al. 2004):
// dinucleotide-preserving shuffles (Altschul & Erickson 1985) folded like the hairpin.
//
// Reproducibility: the shuffles of a hairpin depend only on the user's seed and the hairpin's
// sequence (shuffle_seed), never on its position, batch, backend or thread count.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace tropic::mirna {

// A random sequence with exactly the dinucleotide counts and the first letter of `sequence` (and
// so its last letter and its mononucleotide counts), drawn uniformly among all such sequences by
// the Altschul–Erickson / Kandel et al. Eulerian-walk method, from a generator seeded with `seed`
// (SplitMix64 with bounded draws by rejection: the result is the same on every platform).
// `sequence` is upper-case RNA: InputError for any letter but A, C, G and U (naming it and its
// 1-based position). Sequences of 0, 1 or 2 letters come back unchanged.
[[nodiscard]] std::string dinucleotide_shuffle(std::string_view sequence, std::uint64_t seed);
// The same, written into `shuffled` (resized to the sequence's length; its capacity is reused,
// so a loop of shuffles allocates nothing).
void dinucleotide_shuffle(std::string_view sequence, std::uint64_t seed, std::string& shuffled);

// The seed of shuffle number `index` (0-based) of a hairpin: with mix(x) SplitMix64's output
// function of x + 0x9e3779b97f4a7c15 and fnv1a the 64-bit FNV-1a hash of the hairpin's bytes,
// mix(mix(mix(user_seed) ^ fnv1a(hairpin)) ^ index).
[[nodiscard]] std::uint64_t shuffle_seed(std::uint64_t user_seed, std::string_view hairpin,
                                         std::uint32_t index);

struct Significance {
    std::uint32_t shuffles = 0;
    double mean = 0;    // mean shuffled MFE, kcal/mol
    double sd = 0;      // their standard deviation (n - 1 denominator), kcal/mol
    double zscore = 0;  // (mfe - mean) / sd; 0 when sd is 0
    double pvalue = 1;  // (1 + #{shuffled mfe <= mfe}) / (1 + shuffles)
};

// mfe and shuffled_mfes in dcal/mol. InputError when shuffled_mfes is empty. One shuffle has
// sd 0 (and so z-score 0).
[[nodiscard]] Significance shuffle_significance(int mfe, std::span<const int> shuffled_mfes);

}  // namespace tropic::mirna

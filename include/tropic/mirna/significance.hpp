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

// A random sequence with exactly the dinucleotide counts of `sequence` (and so its first and
// last letters and its mononucleotide counts), drawn uniformly among all such sequences by the
// Altschul–Erickson / Kandel et al. Eulerian-walk method, from a generator seeded with `seed`
// (a fixed, documented generator: the result is the same on every platform).
[[nodiscard]] std::string dinucleotide_shuffle(std::string_view sequence, std::uint64_t seed);

// The seed of shuffle number `index` (0-based) of a hairpin.
[[nodiscard]] std::uint64_t shuffle_seed(std::uint64_t user_seed, std::string_view hairpin,
                                         std::uint32_t index);

struct Significance {
    std::uint32_t shuffles = 0;
    double mean = 0;    // mean shuffled MFE, kcal/mol
    double sd = 0;      // their standard deviation (n - 1 denominator), kcal/mol
    double zscore = 0;  // (mfe - mean) / sd; 0 when sd is 0
    double pvalue = 1;  // (1 + #{shuffled mfe <= mfe}) / (1 + shuffles)
};

// mfe and shuffled_mfes in dcal/mol. InputError when shuffled_mfes is empty.
[[nodiscard]] Significance shuffle_significance(int mfe, std::span<const int> shuffled_mfes);

}  // namespace tropic::mirna

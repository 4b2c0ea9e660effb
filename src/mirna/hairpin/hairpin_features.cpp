// Features of an excised hairpin folded alone, in a few linear passes over its partner table.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "mirna/hairpin/dot_bracket.hpp"
#include "mirna/hairpin/rna_letters.hpp"
#include "tropic/core/error.hpp"
#include "tropic/mirna/hairpin.hpp"

namespace tropic::mirna {

namespace {

// GC% and the Shannon entropy (bits) of the overlapping dinucleotide frequencies.
void add_composition(std::string_view sequence, HairpinFeatures& features) {
    std::array<std::uint32_t, 16> dinucleotides{};
    std::uint32_t gc = 0;
    unsigned previous = 0;
    for (std::size_t k = 0; k < sequence.size(); ++k) {
        const unsigned base = detail::rna_letter_index(sequence[k], k, "hairpin");
        gc += (base == 1 || base == 2) ? 1 : 0;
        if (k > 0) ++dinucleotides[previous * 4 + base];
        previous = base;
    }
    features.gc_percent = 100.0 * gc / static_cast<double>(sequence.size());
    if (sequence.size() < 2) return;
    const auto total = static_cast<double>(sequence.size() - 1);
    double entropy = 0;
    for (const std::uint32_t count : dinucleotides) {
        if (count == 0) continue;
        const double p = count / total;
        entropy -= p * std::log2(p);
    }
    features.complexity = entropy;
}

// The first paired position in (i, j), or j when every base between is unpaired.
std::int32_t next_paired(const std::vector<std::int32_t>& partner, std::int32_t i, std::int32_t j) {
    std::int32_t k = i + 1;
    while (k < j && partner[static_cast<std::size_t>(k)] < 0) ++k;
    return k;
}

// Pairs, helices, and the loop each pair closes: a hairpin loop, a stack, a bulge, an internal
// loop or a multiloop. Each unpaired run is walked once, by the pair whose loop it lies in.
void add_loops(const std::vector<std::int32_t>& partner, HairpinFeatures& features) {
    const auto n = static_cast<std::int32_t>(partner.size());
    for (std::int32_t i = 0; i < n; ++i) {
        const std::int32_t j = partner[static_cast<std::size_t>(i)];
        if (j < i) continue;
        ++features.base_pairs;
        const bool continues_helix =
            i > 0 && j + 1 < n && partner[static_cast<std::size_t>(i - 1)] == j + 1;
        if (!continues_helix) {
            std::int32_t helix = 1;
            while (i + helix < j - helix &&
                   partner[static_cast<std::size_t>(i + helix)] == j - helix)
                ++helix;
            features.longest_helix =
                std::max(features.longest_helix, static_cast<std::uint32_t>(helix));
        }
        const std::int32_t k = next_paired(partner, i, j);
        if (k == j) {
            ++features.hairpin_loops;
            continue;
        }
        const std::int32_t l = partner[static_cast<std::size_t>(k)];
        if (next_paired(partner, l, j) != j) continue;  // a multiloop
        const auto five = static_cast<std::uint32_t>(k - i - 1);
        const auto three = static_cast<std::uint32_t>(j - l - 1);
        if (five == 0 && three == 0) continue;  // a stack
        if (five == 0 || three == 0) {
            ++features.bulges;
            features.largest_bulge = std::max(features.largest_bulge, five + three);
        } else {
            ++features.internal_loops;
            features.largest_internal_loop = std::max(features.largest_internal_loop, five + three);
        }
        features.asymmetry += five > three ? five - three : three - five;
    }
}

// The terminal loop of the longest stem-loop: its chain of pairs followed inwards.
HairpinArms terminal_loop_arms(std::string_view structure,
                               const std::vector<std::int32_t>& partner) {
    const auto length = static_cast<std::uint32_t>(structure.size());
    const std::optional<StemLoop> stem = longest_stem_loop(structure, 0);
    if (!stem) return {length / 2, length / 2};
    auto i = static_cast<std::int32_t>(stem->begin);
    auto j = static_cast<std::int32_t>(stem->end) - 1;
    for (std::int32_t k = next_paired(partner, i, j); k != j; k = next_paired(partner, i, j)) {
        i = k;
        j = partner[static_cast<std::size_t>(k)];
    }
    return {static_cast<std::uint32_t>(i + 1), static_cast<std::uint32_t>(j)};
}

}  // namespace

HairpinFeatures hairpin_features(std::string_view sequence, std::string_view structure, int mfe) {
    if (sequence.empty()) throw InputError("hairpin: the sequence is empty");
    if (sequence.size() != structure.size())
        throw InputError(fmt::format("hairpin: the sequence has {} bases but the structure {}",
                                     sequence.size(), structure.size()));
    std::vector<std::int32_t> partner;
    detail::partner_table(structure, partner);

    HairpinFeatures features;
    features.length = static_cast<std::uint32_t>(sequence.size());
    features.mfe = mfe;
    features.amfe = mfe / 100.0 * 100.0 / features.length;  // dcal/mol -> kcal/mol, per 100 nt
    add_composition(sequence, features);
    // Zhang et al. (2006) define MFEI = AMFE / (G+C)% with the MFE taken by its magnitude, so
    // that stable hairpins score positive (miRNA precursors mostly above 0.85).
    features.mfei = features.gc_percent > 0 ? -features.amfe / features.gc_percent : 0.0;
    add_loops(partner, features);
    features.arms = terminal_loop_arms(structure, partner);
    features.terminal_loop = features.arms.loop_end - features.arms.loop_begin;
    return features;
}

}  // namespace tropic::mirna

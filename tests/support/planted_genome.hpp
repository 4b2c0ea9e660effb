#pragma once
// Genomes for the mirscan tests and benchmarks: a random background with precursor-like
// stem-loops planted on either strand (a perfect stem with a few mismatches and a bulge, a short
// terminal loop), so that scans have hairpins to find.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace tropic::test {

struct PlantedHairpin {
    std::uint64_t start = 0;  // forward coordinates of the planted stretch
    std::uint64_t end = 0;
    char strand = '+';
};

inline char random_base(std::mt19937_64& rng, double gc = 0.42) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    bool strong = unit(rng) < gc;
    bool first = unit(rng) < 0.5;
    return strong ? (first ? 'G' : 'C') : (first ? 'A' : 'U');
}

inline char complement_base(char c) {
    switch (c) {
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

// A stem-loop of about 2 * stem + loop bases, 5'->3'.
inline std::string precursor_like_hairpin(std::mt19937_64& rng, int stem = 30, int loop = 8) {
    std::string arm;
    for (int i = 0; i < stem; ++i) arm += random_base(rng, 0.5);
    std::string loop_bases;
    for (int i = 0; i < loop; ++i) loop_bases += random_base(rng, 0.3);
    std::string other;
    for (auto it = arm.rbegin(); it != arm.rend(); ++it) other += complement_base(*it);
    std::uniform_int_distribution<int> where(3, stem - 4);
    for (int m = 0; m < 3; ++m) {  // mismatches on the 3' arm
        int i = where(rng);
        other[static_cast<std::size_t>(i)] = other[static_cast<std::size_t>(i)] == 'A' ? 'C' : 'A';
    }
    other.insert(static_cast<std::size_t>(where(rng)), 1, 'A');  // a bulge
    return arm + loop_bases + other;
}

inline std::string reverse_complement_rna(const std::string& s) {
    std::string out;
    for (auto it = s.rbegin(); it != s.rend(); ++it) out += complement_base(*it);
    return out;
}

// `length` bases of background with `count` hairpins planted at random places and strands
// (non-overlapping, at least 150 bases apart); their places in `planted`.
inline std::string planted_genome(std::mt19937_64& rng, std::size_t length, int count,
                                  std::vector<PlantedHairpin>* planted = nullptr) {
    std::string genome;
    genome.reserve(length);
    std::size_t slot = count > 0 ? length / static_cast<std::size_t>(count) : length;
    std::uniform_int_distribution<int> strand(0, 1);
    for (int h = 0; h < count; ++h) {
        std::string hairpin = precursor_like_hairpin(rng);
        bool reverse = strand(rng) == 1;
        if (reverse) hairpin = reverse_complement_rna(hairpin);
        std::size_t slot_end = static_cast<std::size_t>(h + 1) * slot;
        std::size_t gap = slot > hairpin.size() + 150 ? (slot - hairpin.size()) / 2 : 75;
        while (genome.size() < slot_end - slot + gap) genome += random_base(rng);
        if (planted)
            planted->push_back(
                {genome.size(), genome.size() + hairpin.size(), reverse ? '-' : '+'});
        genome += hairpin;
    }
    while (genome.size() < length) genome += random_base(rng);
    return genome;
}

}  // namespace tropic::test

#pragma once
// Random genomes and reads with a known origin, for the mapper's tests.
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "tropic/core/sequence.hpp"

namespace tropic::test {

struct PlantedRead {
    SequenceRecord read;
    std::size_t contig = 0;
    std::int64_t begin = 0;  // 0-based first reference base the read covers (forward strand)
    std::int64_t end = 0;    // one past the last
    bool reverse = false;
};

inline std::string random_bases(std::mt19937_64& rng, std::size_t length) {
    static constexpr char kBases[] = "ACGT";
    std::string out(length, 'A');
    for (char& base : out) base = kBases[rng() % 4];
    return out;
}

inline std::string reverse_complement(const std::string& bases) {
    std::string out(bases.rbegin(), bases.rend());
    for (char& base : out)
        base = base == 'A' ? 'T' : base == 'C' ? 'G' : base == 'G' ? 'C' : base == 'T' ? 'A' : base;
    return out;
}

// `edits` random substitutions, insertions and deletions, none within 3 bases of either end
// (an edit at an end may be clipped or shifted, which moves the first aligned base).
inline std::string with_edits(std::mt19937_64& rng, std::string bases, int edits) {
    for (int k = 0; k < edits && bases.size() > 10; ++k) {
        const std::size_t at = 3 + rng() % (bases.size() - 6);
        switch (rng() % 3) {
            case 0:
                bases[at] = "ACGT"[(std::string("ACGT").find(bases[at]) + 1 + rng() % 3) % 4];
                break;
            case 1:
                bases.insert(bases.begin() + static_cast<std::ptrdiff_t>(at), "ACGT"[rng() % 4]);
                break;
            default:
                bases.erase(bases.begin() + static_cast<std::ptrdiff_t>(at));
                break;
        }
    }
    return bases;
}

// A read of `length` bases from a random place of a random contig, on a random strand, with
// `edits` edits; named by its number.
inline PlantedRead plant_read(std::mt19937_64& rng, const std::vector<std::string>& contigs,
                              std::size_t length, int edits, const std::string& name) {
    PlantedRead planted;
    planted.contig = rng() % contigs.size();
    const std::string& contig = contigs[planted.contig];
    planted.begin = static_cast<std::int64_t>(rng() % (contig.size() - length));
    planted.end = planted.begin + static_cast<std::int64_t>(length);
    planted.reverse = rng() % 2;
    std::string bases =
        with_edits(rng, contig.substr(static_cast<std::size_t>(planted.begin), length), edits);
    if (planted.reverse) bases = reverse_complement(bases);
    planted.read = SequenceRecord{name, bases, std::string(bases.size(), 'I'), Alphabet::Dna};
    return planted;
}

// Random contigs of the given lengths holding copies of three 300-base elements, each copy with
// its own substitutions (at rate `divergence`), every ~4 kb, and a run of 1..40 N every ~15 kb:
// reads there have several candidate places, and some windows hold N.
inline std::vector<std::string> repeat_contigs(std::mt19937_64& rng,
                                               const std::vector<std::size_t>& lengths,
                                               double divergence) {
    std::vector<std::string> elements;
    for (int k = 0; k < 3; ++k) elements.push_back(random_bases(rng, 300));
    std::uniform_real_distribution<double> unit(0, 1);
    std::vector<std::string> contigs;
    for (const std::size_t length : lengths) {
        std::string contig = random_bases(rng, length);
        for (std::size_t at = rng() % 4000; at + 300 < length; at += 2000 + rng() % 4000) {
            std::string copy = elements[rng() % elements.size()];
            for (char& base : copy)
                if (unit(rng) < divergence) base = "ACGT"[rng() % 4];
            contig.replace(at, copy.size(), copy);
        }
        for (std::size_t at = rng() % 15000; at + 40 < length; at += 10000 + rng() % 10000) {
            const std::size_t run = 1 + rng() % 40;
            contig.replace(at, run, std::string(run, 'N'));
        }
        contigs.push_back(std::move(contig));
    }
    return contigs;
}

inline std::string fasta_text(const std::vector<std::string>& contigs) {
    std::string text;
    for (std::size_t k = 0; k < contigs.size(); ++k)
        text += ">c" + std::to_string(k + 1) + "\n" + contigs[k] + "\n";
    return text;
}

}  // namespace tropic::test

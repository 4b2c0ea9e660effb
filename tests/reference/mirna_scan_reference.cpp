#include "reference/mirna_scan_reference.hpp"

#include <algorithm>
#include <string>

#include "tropic/core/alphabet.hpp"
#include "tropic/mirna/hairpin.hpp"
#include "tropic/mirna/significance.hpp"

namespace tropic::test {

namespace {

bool scanned(char c, bool skip_masked) {
    std::string upper = "ACGUT";
    std::string lower = "acgut";
    return upper.find(c) != std::string::npos ||
           (!skip_masked && lower.find(c) != std::string::npos);
}

}  // namespace

std::vector<mirna::ScanWindow> reference_scan_windows(std::string_view s,
                                                      const mirna::WindowParams& p) {
    std::vector<mirna::ScanWindow> out;
    const std::size_t n = s.size();
    std::size_t i = 0;
    while (i < n) {
        if (!scanned(s[i], p.skip_masked)) {
            ++i;
            continue;
        }
        std::size_t b = i;
        while (i < n && scanned(s[i], p.skip_masked)) ++i;
        std::size_t e = i;
        std::vector<mirna::ScanWindow> forward, reverse;
        bool reached = false;
        for (std::size_t k = 0; !reached && b + k * p.step < e; ++k) {
            std::size_t start = b + k * p.step;
            std::size_t len = std::min<std::size_t>(p.window, e - start);
            reached = start + len == e;
            if (len >= static_cast<std::size_t>(p.min_length))
                forward.push_back({start, static_cast<std::uint32_t>(len), '+'});
        }
        reached = false;
        for (std::size_t k = 0; !reached && k * p.step < e - b; ++k) {
            std::size_t end = e - k * p.step;
            std::size_t len = std::min<std::size_t>(p.window, end - b);
            reached = end - len == b;
            if (len >= static_cast<std::size_t>(p.min_length))
                reverse.push_back({end - len, static_cast<std::uint32_t>(len), '-'});
        }
        if (p.strands != mirna::ScanStrands::Reverse)
            out.insert(out.end(), forward.begin(), forward.end());
        if (p.strands != mirna::ScanStrands::Forward)
            out.insert(out.end(), reverse.begin(), reverse.end());
    }
    return out;
}

namespace {

using mirna::MirnaCandidate;

rna::MfeResult fold_alone(const std::string& sequence, const rna::EnergyParams& energy,
                          const mirna::MirscanParams& params) {
    RunOptions cpu;
    cpu.backend = Backend::Cpu;
    std::vector<std::uint8_t> encoded = encode_rna(sequence);
    return rna::fold_mfe(encoded, energy, params.mfe, cpu);
}

double score_of(const mirna::CandidateFeatures& f, const mirna::MirscanParams& params) {
    return params.model ? params.model->predict(f) : mirna::default_score(f);
}

// The documented choice of a locus' representative.
bool better(const MirnaCandidate& a, const MirnaCandidate& b) {
    if (a.passed_filter != b.passed_filter) return a.passed_filter;
    if (a.score != b.score) return a.score > b.score;
    if (a.features.hairpin.mfe != b.features.hairpin.mfe)
        return a.features.hairpin.mfe < b.features.hairpin.mfe;
    if (a.end - a.start != b.end - b.start) return a.end - a.start > b.end - b.start;
    return a.start < b.start;
}

}  // namespace

ReferenceScan reference_mirscan(const std::vector<SequenceRecord>& records,
                                const rna::EnergyParams& energy,
                                const mirna::MirscanParams& params) {
    ReferenceScan out;
    mirna::WindowParams windows = params.windows;
    windows.min_length = static_cast<int>(params.min_hairpin);
    for (const SequenceRecord& record : records) {
        std::vector<MirnaCandidate> hairpins;
        for (const mirna::ScanWindow& w : reference_scan_windows(record.residues, windows)) {
            std::string sequence = mirna::window_sequence(record.residues, w);
            rna::MfeResult fold = fold_alone(sequence, energy, params);
            auto stem = mirna::longest_stem_loop(fold.structure, params.min_hairpin);
            if (!stem) continue;
            MirnaCandidate h;
            h.sequence_name = record.name;
            mirna::Segment place = mirna::forward_range(w, stem->begin, stem->end);
            h.start = place.begin;
            h.end = place.end;
            h.strand = w.strand;
            h.sequence = sequence.substr(stem->begin, stem->length());
            rna::MfeResult alone = fold_alone(h.sequence, energy, params);
            h.structure = alone.structure;
            h.features.hairpin = mirna::hairpin_features(h.sequence, h.structure, alone.energy);
            h.passed_filter = mirna::passes(params.filter, h.features.hairpin);
            h.score = score_of(h.features, params);
            hairpins.push_back(h);
        }
        // Loci: per strand, sorted hairpins whose intervals chain into one another.
        std::vector<MirnaCandidate> loci;
        for (char strand : {'+', '-'}) {
            std::vector<MirnaCandidate> s;
            for (const auto& h : hairpins)
                if (h.strand == strand) s.push_back(h);
            std::stable_sort(s.begin(), s.end(),
                             [](const auto& a, const auto& b) { return a.start < b.start; });
            for (std::size_t i = 0; i < s.size();) {
                MirnaCandidate best = s[i];
                std::uint64_t end = s[i].end;
                std::uint32_t count = 1;
                std::size_t j = i + 1;
                for (; j < s.size() && s[j].start < end; ++j) {
                    end = std::max(end, s[j].end);
                    ++count;
                    if (better(s[j], best)) best = s[j];
                }
                best.windows = count;
                loci.push_back(best);
                i = j;
            }
        }
        std::sort(loci.begin(), loci.end(), [](const auto& a, const auto& b) {
            if (a.start != b.start) return a.start < b.start;
            if (a.strand != b.strand) return a.strand == '+';
            return a.end < b.end;
        });
        for (MirnaCandidate& locus : loci) {
            if (locus.passed_filter && params.shuffles > 0) {
                std::vector<int> energies;
                for (std::uint32_t k = 0; k < params.shuffles; ++k) {
                    std::string shuffled = mirna::dinucleotide_shuffle(
                        locus.sequence, mirna::shuffle_seed(params.seed, locus.sequence, k));
                    energies.push_back(fold_alone(shuffled, energy, params).energy);
                }
                locus.features.significance =
                    mirna::shuffle_significance(locus.features.hairpin.mfe, energies);
            }
            locus.score = score_of(locus.features, params);
            out.loci.push_back(locus);
            if (locus.passed_filter && locus.score >= params.min_score)
                out.candidates.push_back(locus);
        }
    }
    return out;
}

}  // namespace tropic::test

#pragma once
// Synthetic cn.mops results for the writers' tests: a cohort with planted CNVs, its per-window
// values made from them (normalised counts, sI/NI, calls, classes) and its CNV regions merged as
// GenomicRanges::reduce merges them (overlapping or adjacent CNVs of any samples).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "tropic/cnv/cnv_result.hpp"

namespace tropic::test {

using cnv::CnvRegion;
using cnv::CnvRunInfo;
using cnv::CnvSink;
using cnv::Segment;
using cnv::SequenceCounts;
using cnv::SequenceResult;

struct PlantedCnv {
    std::size_t sequence, sample, first, last;
    int cn;  // class index = copy number (CN0..CN8)
};

struct SyntheticCohort {
    CnvRunInfo info;
    std::deque<SequenceCounts> counts;  // stable addresses for SequenceResult::counts
    std::vector<SequenceResult> results;

    void run(CnvSink& sink) const {
        sink.begin(info);
        for (const SequenceResult& result : results) sink.sequence(result);
        sink.finish();
    }
};

// `noise` > 0 adds a deterministic wobble to the values (for pictures); 0 keeps them exact.
struct SequenceShape {
    std::string name;
    std::size_t windows;
    std::int64_t window_size;
};

inline SyntheticCohort make_cohort(std::vector<std::string> samples,
                                   std::vector<SequenceShape> sequences,
                                   std::vector<PlantedCnv> planted, double noise = 0) {
    SyntheticCohort cohort;
    cohort.info.samples = samples;
    for (const SequenceShape& shape : sequences) cohort.info.sequences.push_back(shape.name);
    const std::size_t n = samples.size();
    std::uint64_t state = 12345;
    auto wobble = [&] {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return noise * (static_cast<double>(state >> 11) / 9007199254740992.0 - 0.5) * 2;
    };
    for (std::size_t q = 0; q < sequences.size(); ++q) {
        SequenceCounts& c = cohort.counts.emplace_back();
        c.name = sequences[q].name;
        const std::size_t windows = sequences[q].windows;
        const std::int64_t window_size = sequences[q].window_size;
        for (std::size_t w = 0; w < windows; ++w) {
            c.start.push_back(static_cast<std::int64_t>(w) * window_size);
            c.end.push_back(static_cast<std::int64_t>(w + 1) * window_size);
        }
        c.counts.assign(windows * n, 100);
        SequenceResult r;
        r.counts = &c;
        r.model.resize(windows, n, 9);
        std::vector<int> cn(windows * n, 2);
        for (const PlantedCnv& p : planted) {
            if (p.sequence != q) continue;
            for (std::size_t w = p.first; w <= p.last; ++w) cn[w * n + p.sample] = p.cn;
            Segment s;
            s.sample = p.sample, s.first = p.first, s.last = p.last;
            s.start = c.start[p.first], s.end = c.end[p.last];
            s.median = s.mean = p.cn == 0 ? -4.0 : std::log2(p.cn / 2.0);
            s.cn = p.cn;
            r.cnvs.push_back(s);
        }
        std::sort(r.cnvs.begin(), r.cnvs.end(), [](const Segment& a, const Segment& b) {
            return a.sample != b.sample ? a.sample < b.sample : a.start < b.start;
        });
        r.segments = r.cnvs;
        r.normalized.resize(windows * n);
        r.individual_call.resize(windows * n);
        for (std::size_t w = 0; w < windows; ++w) {
            double ini = 0;
            for (std::size_t s = 0; s < n; ++s) {
                const int k = cn[w * n + s];
                r.normalized[w * n + s] = 100.0 * (k == 0 ? 0.025 : k / 2.0) * (1 + wobble() * 0.1);
                const double sini = (k == 0 ? -4.0 : std::log2(k / 2.0)) + wobble() * 0.15;
                r.model.sini[w * n + s] = sini;
                r.individual_call[w * n + s] = sini;
                r.model.expected_class[w * n + s] = static_cast<std::uint8_t>(k);
                ini += std::abs(sini) / static_cast<double>(n);
            }
            r.model.ini[w] = ini;
        }
        r.model.prior_only_windows = q;  // something to count
        // Regions: windows where any sample has a CNV, merged over adjacent windows.
        for (std::size_t w = 0; w < windows;) {
            auto called = [&](std::size_t x) {
                for (const Segment& s : r.cnvs)
                    if (s.first <= x && x <= s.last) return true;
                return false;
            };
            if (!called(w)) {
                ++w;
                continue;
            }
            CnvRegion region;
            region.first = w;
            while (w < windows && called(w)) ++w;
            region.last = w - 1;
            region.start = c.start[region.first], region.end = c.end[region.last];
            region.cn.assign(n, 2);
            for (const Segment& s : r.cnvs)
                if (s.first <= region.last && s.last >= region.first) region.cn[s.sample] = s.cn;
            r.regions.push_back(region);
        }
        cohort.results.push_back(std::move(r));
    }
    return cohort;
}

// The small cohort of the exact-text tests: three samples; chr1 (20 windows of 1 kb) with a
// region of a loss and a gain (CNV) and one of a gain (DUP); "chr2/x" (6 windows of 500 bp)
// with a loss at its first base (DEL).
inline SyntheticCohort small_cohort() {
    auto cohort =
        make_cohort({"s1", "s2", "s3"}, {{"chr1", 20, 1000}, {"chr2/x", 6, 500}},
                    {{0, 0, 3, 5, 1}, {0, 2, 6, 8, 3}, {0, 1, 12, 14, 4}, {1, 1, 0, 2, 0}});
    cohort.info.sequence_lengths = {20000, 3000};
    return cohort;
}

}  // namespace tropic::test

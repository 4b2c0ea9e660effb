#pragma once
// Genome-scale microRNA precursor scanning (`tropic mirscan`, docs/mirscan.md):
//   windows (scan_windows.hpp) -> Turner MFE fold of each window (rna/mfe.hpp, one batch on the
//   device or on every CPU thread) -> the longest stem-loop of at least min_hairpin nt
//   (hairpin.hpp) -> excised and folded alone -> features -> overlapping hairpins of one locus
//   and strand merged (the best one kept) -> the feature filter (classifier.hpp) -> shuffles
//   folded in the same batches -> significance -> read evidence -> score -> reported.
//
// Results are identical on every backend and thread count: folds are exact, shuffles depend only
// on the seed and the hairpin (significance.hpp), and candidates come out in genome order.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "tropic/core/run_options.hpp"
#include "tropic/core/sequence.hpp"
#include "tropic/mirna/classifier.hpp"
#include "tropic/mirna/scan_windows.hpp"
#include "tropic/rna/energy_params.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic::mirna {

struct MirscanParams {
    WindowParams windows;  // windows.min_length follows min_hairpin
    std::uint32_t min_hairpin = 60;
    rna::MfeParams mfe;
    std::uint32_t shuffles = 100;  // 0: no significance (the score uses what it has)
    std::uint64_t seed = 1;
    FeatureFilter filter = default_feature_filter();
    const DecisionTree* model = nullptr;  // null: default_score
    double min_score = kDefaultScoreThreshold;
    std::string reads_path;  // an indexed BAM of small-RNA reads, or empty
    // Windows folded per batch (bounded memory: the batch's windows and their structures).
    std::size_t batch_windows = 200'000;
};

// One hairpin: where, what, and what is known about it.
struct MirnaCandidate {
    std::string sequence_name;
    std::uint64_t start = 0;  // forward coordinates, 0-based, half-open
    std::uint64_t end = 0;
    char strand = '+';
    std::string sequence;   // the hairpin 5'->3' on its strand, upper-case RNA
    std::string structure;  // its own MFE structure
    CandidateFeatures features;
    bool passed_filter = false;
    double score = 0;           // default_score or the model's
    std::uint32_t windows = 1;  // windows whose hairpins merged into this candidate
};

// What a scan reports as it goes. Calls come from the scanning thread, in genome order
// (sequence, then start, then strand '+' before '-').
class MirscanSink {
  public:
    virtual ~MirscanSink() = default;
    // Every merged hairpin before classification (features without significance unless it
    // passed the filter), for --all-hairpins; the default ignores it.
    virtual void hairpin(const MirnaCandidate& /*hairpin*/) {}
    // A candidate scoring at least min_score.
    virtual void candidate(const MirnaCandidate& candidate) = 0;
    // Bases of the genome scanned so far (both strands count once), for a progress display.
    virtual void progress(std::uint64_t /*bases_scanned*/) {}
};

struct MirscanSummary {
    std::uint64_t sequences = 0;
    std::uint64_t bases = 0;
    std::uint64_t windows = 0;     // windows folded
    std::uint64_t hairpins = 0;    // windows with a stem-loop of min_hairpin nt
    std::uint64_t loci = 0;        // after merging
    std::uint64_t filtered = 0;    // loci passing the feature filter
    std::uint64_t shuffles = 0;    // shuffled sequences folded
    std::uint64_t candidates = 0;  // reported
    // Wall seconds spent folding windows, excised hairpins and shuffles (where the time goes).
    double seconds_windows = 0;
    double seconds_hairpins = 0;
    double seconds_shuffles = 0;
};

// InputError naming the option for a parameter out of range.
void validate(const MirscanParams& params);

// Scans every record of a FASTA file (plain or gzip; lower case kept as soft-masking) one record
// at a time. Throws InputError for malformed input (file, record, position).
MirscanSummary mirscan_file(const std::string& genome_path, const rna::EnergyParams& energy,
                            const MirscanParams& params, const RunOptions& run, MirscanSink& sink);

// The same over records already in memory (residues normalised, lower case kept).
MirscanSummary mirscan_records(const std::vector<SequenceRecord>& records,
                               const rna::EnergyParams& energy, const MirscanParams& params,
                               const RunOptions& run, MirscanSink& sink);

// Each record taken whole as a hairpin (training sets, `--train`): folded alone, its features,
// significance from params.shuffles shuffles (always, filter or not), score. Records keep their
// order; positions are 0..length on '+'.
[[nodiscard]] std::vector<MirnaCandidate> characterize_hairpins(
    const std::vector<SequenceRecord>& records, const rna::EnergyParams& energy,
    const MirscanParams& params, const RunOptions& run);

}  // namespace tropic::mirna

#pragma once
// `tropic mirscan --train POSITIVES.fa NEGATIVES.fa`: every record of each file taken whole as a
// hairpin (folded alone, its features and shuffles), and a decision tree fitted to tell them
// apart (label 1 for the positives, 0 for the negatives).
#include <string>

#include "tropic/core/run_options.hpp"
#include "tropic/mirna/classifier.hpp"
#include "tropic/mirna/mirscan.hpp"
#include "tropic/rna/energy_params.hpp"

namespace tropic::cli {

struct TrainingSummary {
    std::size_t positives = 0;
    std::size_t negatives = 0;
    std::size_t correct = 0;  // training rows the tree puts on their own side of 0.5
};

// Reads both files (FASTA or FASTQ, plain or gzip), characterises their records and trains.
// InputError naming the file for one without records.
[[nodiscard]] mirna::DecisionTree train_model(const std::string& positives,
                                              const std::string& negatives,
                                              const rna::EnergyParams& energy,
                                              const mirna::MirscanParams& params,
                                              const RunOptions& run, TrainingSummary& summary);

}  // namespace tropic::cli

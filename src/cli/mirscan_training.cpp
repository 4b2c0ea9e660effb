#include "cli/mirscan_training.hpp"

#include <vector>

#include "tropic/core/error.hpp"
#include "tropic/core/sequence_reader.hpp"

namespace tropic::cli {

namespace {

std::vector<SequenceRecord> read_all(const std::string& path) {
    SequenceReader reader(path, Alphabet::Rna);
    std::vector<SequenceRecord> records;
    while (std::optional<SequenceRecord> record = reader.next_with_residues())
        records.push_back(std::move(*record));
    if (records.empty()) throw InputError(path + ": no sequences to train on");
    return records;
}

// The hairpins' feature vectors (without read features: training sequences have no genome
// position to count reads at) appended to `rows`, with `label` for each.
void add_rows(const std::vector<mirna::MirnaCandidate>& hairpins, int label,
              std::vector<std::vector<double>>& rows, std::vector<int>& labels) {
    for (const mirna::MirnaCandidate& hairpin : hairpins) {
        rows.push_back(mirna::feature_vector(hairpin.features, false));
        labels.push_back(label);
    }
}

// The hairpins of one training file characterised, an input error naming the file.
std::vector<mirna::MirnaCandidate> characterized(const std::string& path,
                                                 const std::vector<SequenceRecord>& records,
                                                 const rna::EnergyParams& energy,
                                                 const mirna::MirscanParams& params,
                                                 const RunOptions& run) {
    try {
        return mirna::characterize_hairpins(records, energy, params, run);
    } catch (const InputError& error) {
        throw InputError(path + ": " + error.what());
    }
}

}  // namespace

mirna::DecisionTree train_model(const std::string& positives, const std::string& negatives,
                                const rna::EnergyParams& energy, const mirna::MirscanParams& params,
                                const RunOptions& run, TrainingSummary& summary) {
    const std::vector<SequenceRecord> positive_records = read_all(positives);
    const std::vector<SequenceRecord> negative_records = read_all(negatives);
    std::vector<std::vector<double>> rows;
    std::vector<int> labels;
    add_rows(characterized(positives, positive_records, energy, params, run), 1, rows, labels);
    add_rows(characterized(negatives, negative_records, energy, params, run), 0, rows, labels);
    mirna::DecisionTree tree =
        mirna::DecisionTree::train(mirna::feature_names(false), rows, labels);
    summary.positives = positive_records.size();
    summary.negatives = negative_records.size();
    summary.correct = 0;
    for (std::size_t i = 0; i < rows.size(); ++i)
        summary.correct += (tree.predict(rows[i]) >= 0.5) == (labels[i] == 1) ? 1 : 0;
    return tree;
}

}  // namespace tropic::cli

#include "mirna/pipeline/fold_batch.hpp"

#include "tropic/core/alphabet.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::mirna::detail {

std::vector<rna::MfeResult> fold_batch(const std::vector<std::string>& sequences,
                                       const rna::EnergyParams& energy, const rna::MfeParams& mfe,
                                       const RunOptions& run) {
    std::vector<std::vector<std::uint8_t>> encoded(sequences.size());
    parallel_for(
        run.pool, 0, sequences.size(),
        [&](std::size_t i) { encoded[i] = encode_rna(sequences[i]); }, 1024);
    std::vector<Outcome<rna::MfeResult>> outcomes = rna::fold_mfe_many(encoded, energy, mfe, run);
    std::vector<rna::MfeResult> results(outcomes.size());
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
        outcomes[i].rethrow_error();
        results[i] = std::move(outcomes[i].result);
    }
    return results;
}

}  // namespace tropic::mirna::detail

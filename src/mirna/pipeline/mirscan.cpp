#include "tropic/mirna/mirscan.hpp"

#include <fmt/format.h>

#include "mirna/pipeline/hairpin_candidates.hpp"
#include "mirna/pipeline/scan_driver.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/sequence_reader.hpp"

namespace tropic::mirna {

void validate(const MirscanParams& params) {
    validate(params.windows);
    if (params.min_hairpin < 1)
        throw InputError(
            fmt::format("--min-hairpin must be at least 1, not {}", params.min_hairpin));
    if (params.min_hairpin > static_cast<std::uint32_t>(params.windows.window))
        throw InputError(
            fmt::format("--min-hairpin {} is longer than the window ({} nt): no "
                        "hairpin could be found",
                        params.min_hairpin, params.windows.window));
    if (!(params.min_score >= 0 && params.min_score <= 1))
        throw InputError(
            fmt::format("--min-score must be between 0 and 1, not {}", params.min_score));
    if (params.batch_windows < 1) throw InputError("the batch must hold at least one window");
}

MirscanSummary mirscan_records(const std::vector<SequenceRecord>& records,
                               const rna::EnergyParams& energy, const MirscanParams& params,
                               const RunOptions& run, MirscanSink& sink) {
    detail::ScanDriver driver(energy, params, run, sink);
    for (const SequenceRecord& record : records) driver.add_record(record);
    return driver.finish();
}

MirscanSummary mirscan_file(const std::string& genome_path, const rna::EnergyParams& energy,
                            const MirscanParams& params, const RunOptions& run, MirscanSink& sink) {
    detail::ScanDriver driver(energy, params, run, sink);
    SequenceReader reader(genome_path, Alphabet::Rna, LetterCase::KeepSoftMask);
    while (std::optional<SequenceRecord> record = reader.next())
        driver.add_record(std::move(*record));
    return driver.finish();
}

std::vector<MirnaCandidate> characterize_hairpins(const std::vector<SequenceRecord>& records,
                                                  const rna::EnergyParams& energy,
                                                  const MirscanParams& params,
                                                  const RunOptions& run) {
    std::vector<MirnaCandidate> hairpins(records.size());
    for (std::size_t i = 0; i < records.size(); ++i) {
        const std::string& residues = records[i].residues;
        if (residues.empty())
            throw InputError(
                fmt::format("record {} ('{}'): empty sequence", i + 1, records[i].name));
        MirnaCandidate& h = hairpins[i];
        h.sequence_name = records[i].name;
        h.end = residues.size();
        h.sequence.resize(residues.size());
        for (std::size_t k = 0; k < residues.size(); ++k) {
            char c = static_cast<char>(residues[k] & ~0x20);  // upper case
            if (c != 'A' && c != 'C' && c != 'G' && c != 'U')
                throw InputError(fmt::format(
                    "record {} ('{}'): position {}: '{}' is not A, C, G or U; a hairpin to "
                    "characterise holds only those",
                    i + 1, records[i].name, k + 1, residues[k]));
            h.sequence[k] = c;
        }
    }
    detail::characterize(hairpins, energy, params, run);
    std::vector<bool> needs(hairpins.size(), true);
    std::uint64_t folded = 0;
    detail::add_significance(hairpins, needs, energy, params, run, folded);
    for (MirnaCandidate& h : hairpins) h.score = detail::candidate_score(h.features, params);
    return hairpins;
}

}  // namespace tropic::mirna

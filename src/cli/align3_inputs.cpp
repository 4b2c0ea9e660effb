#include "cli/align3_inputs.hpp"

#include <fmt/format.h>

#include "tropic/core/error.hpp"

namespace tropic::cli {

namespace {

std::string triple_name(std::size_t number, const std::array<SequenceRecord, 3>& records) {
    return fmt::format("triple {} ('{}', '{}', '{}')", number, records[0].name, records[1].name,
                       records[2].name);
}

std::string record_count(std::size_t records) {
    return fmt::format("{} record{}", records, records == 1 ? "" : "s");
}

}  // namespace

TripleInput::TripleInput(const std::vector<std::string>& paths, std::optional<Alphabet> alphabet) {
    if (paths.size() != 1 && paths.size() != 3)
        throw InputError(fmt::format(
            "align3 takes one file (its records in threes) or three files (record i of each), "
            "not {}",
            paths.size()));
    for (const std::string& path : paths)
        inputs_.push_back(std::make_unique<AlignInput>(path, alphabet, true));
}

Alphabet TripleInput::detect_alphabet() {
    bool dna = true;
    for (const auto& input : inputs_)
        if (const SequenceRecord* first = input->peek())
            dna = dna && looks_like_dna(first->residues);
    const Alphabet alphabet = dna ? Alphabet::Dna : Alphabet::Protein;
    for (const auto& input : inputs_) input->set_alphabet(alphabet);
    return alphabet;
}

std::optional<Triple> TripleInput::next() {
    std::optional<Triple> triple = inputs_.size() == 1 ? next_of_one_file() : next_of_three_files();
    if (triple)
        triple->what = triple_name(++triples_, triple->records);
    else if (triples_ == 0)
        throw InputError(
            fmt::format("'{}' holds no records: nothing to align", inputs_[0]->path()));
    return triple;
}

std::optional<Triple> TripleInput::next_of_one_file() {
    AlignInput& input = *inputs_[0];
    Triple triple;
    for (std::size_t k = 0; k < 3; ++k) {
        std::optional<SequenceRecord> record = input.next();
        if (!record) {
            if (k == 0) return std::nullopt;
            const std::size_t records = input.records_read();
            const std::string last = k == 1 ? fmt::format("record {}", records)
                                            : fmt::format("records {}-{}", records - 1, records);
            throw InputError(
                fmt::format("'{}' has {}, not a multiple of three: the last triple ({}) is "
                            "incomplete (one file is read in threes: records 1-3, 4-6, ...)",
                            input.path(), record_count(records), last));
        }
        triple.records[k] = std::move(*record);
    }
    return triple;
}

std::optional<Triple> TripleInput::next_of_three_files() {
    std::array<std::optional<SequenceRecord>, 3> records;
    for (std::size_t k = 0; k < 3; ++k) records[k] = inputs_[k]->next();
    if (!records[0] && !records[1] && !records[2]) return std::nullopt;
    for (std::size_t k = 0; k < 3; ++k)
        if (!records[k]) {
            const std::size_t longer = records[0] ? 0 : records[1] ? 1 : 2;
            throw InputError(fmt::format(
                "'{}' has {}, fewer than '{}' (its record {} has no partner): the three "
                "files must hold as many records",
                inputs_[k]->path(), record_count(inputs_[k]->records_read()),
                inputs_[longer]->path(), inputs_[longer]->records_read()));
        }
    Triple triple;
    for (std::size_t k = 0; k < 3; ++k) triple.records[k] = std::move(*records[k]);
    return triple;
}

}  // namespace tropic::cli

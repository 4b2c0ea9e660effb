#include "map/index/reference_reader.hpp"

#include <fmt/format.h>

#include <unordered_set>

#include "core/internal/checksum.hpp"
#include "core/internal/messages.hpp"
#include "map/index/packed_bases.hpp"
#include "tropic/core/alignment_header.hpp"
#include "tropic/core/dna_encoding.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/record_error.hpp"
#include "tropic/core/sequence_reader.hpp"

namespace tropic::map::detail {

namespace {

void check_record(const std::string& path, std::size_t ordinal, const SequenceRecord& record,
                  std::unordered_set<std::string>& names, std::uint64_t total,
                  std::uint64_t longest) {
    if (!record.has_header)
        throw record_error(path, ordinal, "",
                           "not FASTA: a reference's contigs need names ('>name' lines)");
    if (const auto problem = sam_reference_name_problem(record.name))
        throw record_error(path, ordinal, record.name, *problem);
    if (record.residues.empty())
        throw record_error(path, ordinal, record.name, "empty contig (no bases)");
    if (!names.insert(record.name).second)
        throw record_error(path, ordinal, record.name,
                           "duplicate name: an earlier contig has the same name");
    if (record.residues.size() > longest - total)
        throw record_error(path, ordinal, record.name,
                           fmt::format("the reference grows to {} bases with this contig; an "
                                       "index holds at most {}",
                                       total + record.residues.size(), longest));
}

void append_bases(IndexAccess index, const std::string& residues) {
    std::uint64_t position = index.total_length();
    auto& words = index.packed_bases();
    auto& runs = index.ambiguous_runs();
    words.resize(packed_words(position + residues.size()), 0);
    for (const char residue : residues) {
        const auto code = static_cast<std::uint8_t>(encode_dna_residue(residue));
        if (code > 3) {
            const auto at = static_cast<std::uint32_t>(position);
            if (!runs.empty() && runs.back().end == at)
                ++runs.back().end;
            else
                runs.push_back({at, at + 1});
        } else {
            words[position / kBasesPerWord] |= std::uint64_t{code}
                                               << (2 * (position % kBasesPerWord));
        }
        ++position;
    }
    index.total_length() = position;
}

}  // namespace

void read_reference(const std::string& path, IndexAccess index,
                    const std::function<void(std::uint64_t)>& before_contig,
                    const std::function<void(std::uint64_t)>& on_bases, std::uint64_t longest) {
    SequenceReader reader(path, Alphabet::Dna);
    std::unordered_set<std::string> names;
    while (auto record = reader.next()) {
        check_record(path, reader.records_read(), *record, names, index.total_length(), longest);
        if (before_contig) before_contig(index.total_length() + record->residues.size());
        index.contigs().push_back(
            {std::move(record->name), index.total_length(), record->residues.size()});
        append_bases(index, record->residues);
        if (on_bases) on_bases(index.total_length());
    }
    if (index.contigs().empty())
        throw InputError(fmt::format("{}: no sequence: a reference needs at least one contig",
                                     display_input_path(path)));
}

std::uint64_t compute_sequence_checksum(IndexAccess index) {
    std::uint32_t contigs_crc = 0;
    for (const ReferenceContig& contig : index.contigs()) {
        // The terminating zero keeps "ab" + "c" apart from "a" + "bc".
        contigs_crc = extend_crc32(contigs_crc, contig.name.c_str(), contig.name.size() + 1);
        contigs_crc = extend_crc32(contigs_crc, &contig.length, sizeof contig.length);
    }
    const auto& words = index.packed_bases();
    const auto& runs = index.ambiguous_runs();
    std::uint32_t bases_crc = extend_crc32(0, words.data(), words.size() * sizeof words[0]);
    bases_crc = extend_crc32(bases_crc, runs.data(), runs.size() * sizeof runs[0]);
    return std::uint64_t{contigs_crc} << 32 | bases_crc;
}

}  // namespace tropic::map::detail

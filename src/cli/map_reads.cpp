#include "cli/map_reads.hpp"

#include <fmt/format.h>

#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/record_error.hpp"
#include "tropic/map/mapper.hpp"

namespace tropic::cli {

MapReads::MapReads(const std::string& first, const std::string& second, bool interleaved,
                   int max_read_length)
    : first_(std::make_unique<SequenceReader>(first, Alphabet::Dna)),
      paired_(interleaved || !second.empty()),
      interleaved_(interleaved),
      max_read_length_(max_read_length) {
    if (!second.empty()) second_ = std::make_unique<SequenceReader>(second, Alphabet::Dna);
}

std::optional<SequenceRecord> MapReads::next_read(SequenceReader& reader) {
    auto read = reader.next_with_residues();
    if (!read) return read;
    const std::size_t index = reader.records_read();
    if (static_cast<long long>(read->residues.size()) > max_read_length_)
        throw record_error(reader.path(), index, read->name,
                           fmt::format("a read of {} bases is longer than the longest that "
                                       "tropic map takes, {} (--max-read-length)",
                                       read->residues.size(), max_read_length_));
    if (const auto problem = sam_query_name_problem(map::template_name(read->name)))
        throw record_error(reader.path(), index, read->name, *problem);
    return read;
}

void MapReads::check_mates(const SequenceRecord& first, const SequenceRecord& second) const {
    const SequenceReader& reader = second_ ? *second_ : *first_;
    if (map::template_name(first.name) != map::template_name(second.name))
        throw record_error(reader.path(), reader.records_read(), second.name,
                           fmt::format("its name differs from its mate's, '{}' (mates share a "
                                       "name, up to a last /1 and /2)",
                                       first.name));
}

bool MapReads::next_batch(std::size_t count, std::vector<SequenceRecord>& first,
                          std::vector<SequenceRecord>& second) {
    first.clear();
    second.clear();
    while (first.size() < count) {
        auto read = next_read(*first_);
        if (!paired_) {
            if (!read) break;
            first.push_back(std::move(*read));
            continue;
        }
        SequenceReader& mates = second_ ? *second_ : *first_;
        auto mate = read ? next_read(mates) : std::optional<SequenceRecord>();
        if (!read && second_ && (mate = next_read(mates)))
            throw InputError(fmt::format(
                "{}: it has more reads than {} ({} and more against {}): the two files must hold "
                "the mates of the same pairs, in the same order",
                second_->path(), first_->path(), second_->records_read(), first_->records_read()));
        if (!read) break;
        if (!mate) {
            if (interleaved_)
                throw record_error(first_->path(), first_->records_read(), read->name,
                                   "the last read of an interleaved file has no mate (an odd "
                                   "number of reads)");
            throw InputError(fmt::format(
                "{}: it has fewer reads ({}) than {}: the two files must hold the mates of the "
                "same pairs, in the same order",
                second_->path(), second_->records_read(), first_->path()));
        }
        check_mates(*read, *mate);
        first.push_back(std::move(*read));
        second.push_back(std::move(*mate));
    }
    return !first.empty();
}

}  // namespace tropic::cli

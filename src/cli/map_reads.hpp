#pragma once
// The reads of `tropic map`: one file of single reads, two files of mates, or one interleaved
// file of mates, read in batches and checked at the edge: a read needs bases, a SAM-fit name and
// at most the longest supported length; mates need the same name (up to "/1" and "/2") and the
// two files the same number of reads.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "tropic/core/sequence.hpp"
#include "tropic/core/sequence_reader.hpp"

namespace tropic::cli {

class MapReads {
  public:
    // `second` empty: single reads, unless `interleaved` (mates alternate in `first`).
    MapReads(const std::string& first, const std::string& second, bool interleaved,
             int max_read_length);
    [[nodiscard]] bool paired() const noexcept { return paired_; }
    // Up to `count` reads (or pairs) into `first` (and `second`), replacing what they held.
    // False when the input is exhausted.
    [[nodiscard]] bool next_batch(std::size_t count, std::vector<SequenceRecord>& first,
                                  std::vector<SequenceRecord>& second);

  private:
    [[nodiscard]] std::optional<SequenceRecord> next_read(SequenceReader& reader);
    void check_mates(const SequenceRecord& first, const SequenceRecord& second) const;

    std::unique_ptr<SequenceReader> first_, second_;
    bool paired_ = false;
    bool interleaved_ = false;
    int max_read_length_ = 0;
};

}  // namespace tropic::cli

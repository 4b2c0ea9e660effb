#pragma once
// The records of several inputs in order, a chunk at a time, as the streaming pipeline
// (pipeline.hpp) reads them. A chunk holds records of one input only and says which input and
// where in it, so that a step after reading can name a bad record as the reader would.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "tropic/core/record_error.hpp"

namespace tropic {

// How much one chunk holds: at most `records` records, and no more once they hold `residues`
// residues (so one longer record still comes whole).
struct ChunkLimits {
    std::size_t records = 65536;
    std::size_t residues = std::size_t{32} << 20;
};

template <class Record>
struct RecordChunk {
    std::string path;             // the input the records come from, as given ("-": stdin)
    std::size_t first_index = 1;  // the 1-based index of records.front() in that input
    std::vector<Record> records;

    // "FILE: record N ('name')" of records[k], for messages.
    [[nodiscard]] std::string where(std::size_t k) const {
        return record_location(path, first_index + k, records[k].name);
    }
    // InputError "FILE: record N ('name'): what" about records[k].
    [[nodiscard]] InputError error(std::size_t k, const std::string& what) const {
        return record_error(path, first_index + k, records[k].name, what);
    }
};

// `Reader` is one of the library's readers of records (SequenceReader,
// rna::StructureRecordReader): read_chunk(std::vector<Record>&, max_records, max_residues),
// false when exhausted, and records_read().
template <class Reader, class Record>
class InputChunks {
  public:
    // Opens an input when its turn comes; throws InputError when it cannot.
    using Open = std::function<std::unique_ptr<Reader>(const std::string& path)>;

    InputChunks(std::vector<std::string> inputs, ChunkLimits limits, Open open)
        : inputs_(std::move(inputs)), limits_(limits), open_(std::move(open)) {}

    // Replaces `chunk` with the next records; false once every input is exhausted.
    [[nodiscard]] bool next(RecordChunk<Record>& chunk) {
        chunk.records.clear();
        while (next_input_ < inputs_.size() || reader_) {
            if (!reader_) {
                current_ = inputs_[next_input_++];
                reader_ = open_(current_);
            }
            chunk.path = current_;
            chunk.first_index = reader_->records_read() + 1;
            if (reader_->read_chunk(chunk.records, limits_.records, limits_.residues)) return true;
            reader_.reset();
        }
        return false;
    }

  private:
    std::vector<std::string> inputs_;
    ChunkLimits limits_;
    Open open_;
    std::size_t next_input_ = 0;
    std::string current_;
    std::unique_ptr<Reader> reader_;
};

}  // namespace tropic

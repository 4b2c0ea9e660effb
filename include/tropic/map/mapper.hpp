#pragma once
// Maps reads to a reference (tropic map): exact seeds from the index, lossless filters, then an
// affine alignment of every surviving candidate; single reads and pairs, as SAM records in input
// order. docs/map.md describes each stage, the scoring, MAPQ and the proper-pair rule.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "tropic/core/alignment_header.hpp"
#include "tropic/core/alignment_record.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/core/sequence.hpp"
#include "tropic/map/map_params.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic::map {

namespace detail {
class BatchFilter;
}

// The insert sizes of a batch's confidently placed pairs: what the proper-pair rule and the
// pairing score use. `pairs` 0: not estimated (too few such pairs yet).
struct InsertSizeModel {
    double mean = 0, standard_deviation = 0;
    std::int64_t low = 0, high = 0;  // a proper pair's template length lies in [low, high]
    std::uint64_t pairs = 0;
    [[nodiscard]] bool known() const noexcept { return pairs > 0; }
};

// What a run did, summed over batches.
struct MapSummary {
    std::uint64_t reads = 0, mapped = 0, properly_paired = 0, pairs = 0;
    std::uint64_t candidates = 0, extended = 0;  // candidate windows tested; aligned after filters
    InsertSizeModel insert_size;                 // the last batch's estimate
    MapSummary& operator+=(const MapSummary& other);
};

// SAM's header for mapped reads: @HD (SO:coordinate when `sorted`), one @SQ per contig, the
// read group line when given (checked: "@RG\tID:..." with an ID) and @PG with the command line.
// Throws InputError for a bad read group line, saying what is wrong.
[[nodiscard]] AlignmentHeader map_header(const ReferenceIndex& index, const std::string& read_group,
                                         const std::string& command_line, bool sorted);

// The read group's ID of a "@RG\tID:x\t..." line, "" for an empty line.
[[nodiscard]] std::string read_group_id(const std::string& read_group);

// Where the filters run follows options.backend and options.device (docs/map.md, "GPU"): the
// records are the same on every backend. The device, once used, keeps the reference for the
// Mapper's life.
class Mapper {
  public:
    // Throws InputError for invalid params (validate).
    Mapper(const ReferenceIndex& index, const MapParams& params, std::string read_group_id = {});
    ~Mapper();
    Mapper(Mapper&&) noexcept;
    Mapper& operator=(Mapper&&) = delete;

    // Single-end reads, one record each (unmapped reads included), in input order.
    [[nodiscard]] std::vector<AlignmentRecord> map_single(std::span<const SequenceRecord> reads,
                                                          const RunOptions& options,
                                                          MapSummary& summary);
    // Pairs first[k], second[k]: two records per pair, the first read's first. The insert size
    // is estimated from this batch's unique pairs (when there are enough; else the previous
    // batch's estimate is kept).
    [[nodiscard]] std::vector<AlignmentRecord> map_pairs(std::span<const SequenceRecord> first,
                                                         std::span<const SequenceRecord> second,
                                                         const RunOptions& options,
                                                         MapSummary& summary);

    [[nodiscard]] const InsertSizeModel& insert_size() const noexcept { return insert_size_; }

  private:
    const ReferenceIndex& index_;
    MapParams params_;
    std::string read_group_id_;
    InsertSizeModel insert_size_;
    std::unique_ptr<detail::BatchFilter> filter_;
};

}  // namespace tropic::map

namespace tropic::map {

// A read's name without a trailing "/1" or "/2": the name both mates share (SAM's QNAME).
[[nodiscard]] std::string template_name(const std::string& read_name);

}  // namespace tropic::map

// The mapping of a batch: hits of every read (in parallel), the batch's insert-size model, then
// for pairs the rescue of mates and the choice of a pairing, and the SAM records in input order.
#include "tropic/map/mapper.hpp"

#include <algorithm>
#include <optional>

#include "map/mapper/batch_hits.hpp"
#include "map/mapper/pair_choice.hpp"
#include "map/mapper/read_hits.hpp"
#include "map/record/map_records.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::map {

using detail::HitCounts;
using detail::Placement;
using detail::StrandHit;

namespace {

void add_counts(MapSummary& summary, const HitCounts& counts) {
    summary.candidates += counts.candidates;
    summary.extended += counts.extended;
}

}  // namespace

MapSummary& MapSummary::operator+=(const MapSummary& other) {
    reads += other.reads;
    mapped += other.mapped;
    properly_paired += other.properly_paired;
    pairs += other.pairs;
    candidates += other.candidates;
    extended += other.extended;
    if (other.insert_size.known()) insert_size = other.insert_size;
    return *this;
}

Mapper::Mapper(const ReferenceIndex& index, const MapParams& params, std::string read_group_id)
    : index_(index),
      params_(params),
      read_group_id_(std::move(read_group_id)),
      filter_(std::make_unique<detail::BatchFilter>(index)) {
    validate(params_);
}

Mapper::~Mapper() = default;
Mapper::Mapper(Mapper&&) noexcept = default;

std::vector<AlignmentRecord> Mapper::map_single(std::span<const SequenceRecord> reads,
                                                const RunOptions& options, MapSummary& summary) {
    const detail::HitFinder finder(index_, params_);
    std::vector<detail::EncodedRead> encoded(reads.size());
    std::vector<const detail::EncodedRead*> pointers(reads.size());
    parallel_for(options.pool, 0, reads.size(), [&](std::size_t i) {
        encoded[i] = detail::EncodedRead(reads[i]);
        pointers[i] = &encoded[i];
    });
    std::vector<HitCounts> counts(reads.size());
    const auto hits = detail::find_batch_hits(finder, *filter_, pointers, options, counts);
    std::vector<AlignmentRecord> records(reads.size());
    std::vector<std::vector<AlignmentRecord>> secondary(reads.size());
    parallel_for(options.pool, 0, reads.size(), [&](std::size_t i) {
        if (hits[i].empty()) {
            records[i] = detail::single_read_record(reads[i], nullptr, index_, read_group_id_);
            return;
        }
        const Placement placement = detail::place_hit(
            hits[i], 0, static_cast<int>(encoded[i].forward.size()), params_.scoring);
        records[i] = detail::single_read_record(reads[i], &placement, index_, read_group_id_);
        if (params_.secondary > 0)
            secondary[i] =
                detail::secondary_records(reads[i], hits[i], placement.hit, params_.secondary,
                                          nullptr, false, index_, read_group_id_);
    });
    summary.reads += reads.size();
    for (std::size_t i = 0; i < reads.size(); ++i) {
        add_counts(summary, counts[i]);
        if (!(records[i].flag & sam_flag::kUnmapped)) ++summary.mapped;
    }
    return detail::with_secondary(std::move(records), secondary, 1);
}

}  // namespace tropic::map

// Pairs: every read's hits, the batch's insert sizes, then rescue and pairing per pair.
#include <algorithm>

#include "map/mapper/batch_hits.hpp"
#include "map/mapper/pair_choice.hpp"
#include "map/mapper/read_hits.hpp"
#include "map/pair/insert_size.hpp"
#include "map/record/map_records.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/map/mapper.hpp"

namespace tropic::map {

namespace {

struct PairHits {
    detail::EncodedRead first_read, second_read;
    std::vector<detail::StrandHit> first, second;
    detail::HitCounts counts;
};

// A read with one hit, or a best hit this far above the next, gives a confident placement for
// the insert-size estimate.
bool confident(const std::vector<detail::StrandHit>& hits) {
    constexpr int kClearMargin = 10;
    return hits.size() == 1 ||
           (hits.size() > 1 && hits[0].hit.score - hits[1].hit.score >= kClearMargin);
}

std::vector<std::int64_t> confident_template_lengths(const std::vector<PairHits>& pairs) {
    std::vector<std::int64_t> lengths;
    for (const PairHits& pair : pairs)
        if (confident(pair.first) && confident(pair.second))
            if (const auto span = detail::forward_reverse_span(pair.first[0], pair.second[0]))
                if (*span <= detail::kInsertSizeLimit) lengths.push_back(*span);
    return lengths;
}

}  // namespace

std::vector<AlignmentRecord> Mapper::map_pairs(std::span<const SequenceRecord> first,
                                               std::span<const SequenceRecord> second,
                                               const RunOptions& options, MapSummary& summary) {
    if (first.size() != second.size())
        throw InternalError("map_pairs: the two reads of every pair are needed");
    const detail::HitFinder finder(index_, params_);
    std::vector<PairHits> pairs(first.size());
    std::vector<const detail::EncodedRead*> reads(2 * pairs.size());
    parallel_for(options.pool, 0, pairs.size(), [&](std::size_t i) {
        PairHits& pair = pairs[i];
        pair.first_read = detail::EncodedRead(first[i]);
        pair.second_read = detail::EncodedRead(second[i]);
        reads[2 * i] = &pair.first_read;
        reads[2 * i + 1] = &pair.second_read;
    });
    std::vector<detail::HitCounts> counts(reads.size());
    auto hits = detail::find_batch_hits(finder, *filter_, reads, options, counts);
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        pairs[i].first = std::move(hits[2 * i]);
        pairs[i].second = std::move(hits[2 * i + 1]);
        pairs[i].counts = counts[2 * i];
        pairs[i].counts += counts[2 * i + 1];
    }
    std::vector<std::int64_t> lengths = confident_template_lengths(pairs);
    if (auto model = detail::estimate_insert_size(lengths)) insert_size_ = *model;

    std::vector<AlignmentRecord> records(2 * pairs.size());
    std::vector<std::vector<AlignmentRecord>> secondary(pairs.size());
    std::vector<char> proper(pairs.size(), 0);
    parallel_for(options.pool, 0, pairs.size(), [&](std::size_t i) {
        PairHits& pair = pairs[i];
        detail::rescue_mates(finder, insert_size_, pair.first_read.forward, pair.first_read.reverse,
                             pair.second_read.forward, pair.second_read.reverse, pair.first,
                             pair.second, pair.counts);
        const detail::PairChoice choice = detail::choose_pair(
            pair.first, pair.second, insert_size_, static_cast<int>(pair.first_read.forward.size()),
            static_cast<int>(pair.second_read.forward.size()), params_.scoring);
        auto both = detail::pair_records(first[i], choice.first ? &*choice.first : nullptr,
                                         second[i], choice.second ? &*choice.second : nullptr,
                                         choice.proper, index_, read_group_id_);
        if (params_.secondary > 0) {
            if (choice.first)
                secondary[i] = detail::secondary_records(first[i], pair.first, choice.first->hit,
                                                         params_.secondary, &both[1], true, index_,
                                                         read_group_id_);
            if (choice.second)
                for (auto& record : detail::secondary_records(
                         second[i], pair.second, choice.second->hit, params_.secondary, &both[0],
                         false, index_, read_group_id_))
                    secondary[i].push_back(std::move(record));
        }
        records[2 * i] = std::move(both[0]);
        records[2 * i + 1] = std::move(both[1]);
        proper[i] = choice.proper;
    });
    summary.pairs += pairs.size();
    summary.reads += 2 * pairs.size();
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        summary.candidates += pairs[i].counts.candidates;
        summary.extended += pairs[i].counts.extended;
        if (proper[i]) summary.properly_paired += 2;
        for (std::size_t k = 2 * i; k < 2 * i + 2; ++k)
            if (!(records[k].flag & sam_flag::kUnmapped)) ++summary.mapped;
    }
    summary.insert_size = insert_size_;
    return detail::with_secondary(std::move(records), secondary, 2);
}

}  // namespace tropic::map

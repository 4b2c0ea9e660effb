#include "map/index/kmer_table.hpp"

#include <algorithm>
#include <atomic>
#include <span>

#include "map/index/packed_bases.hpp"

namespace tropic::map::detail {

namespace {

// K-mer codes per block of the scans over the table.
constexpr std::size_t kCodeBlock = std::size_t{1} << 16;  // a multiple of 64: whole repeat words

// Starting positions [begin, end) inside one contig, which ends at contig_end.
struct Segment {
    std::uint64_t begin, end, contig_end;
};

std::vector<Segment> segments_of(const std::vector<ReferenceContig>& contigs,
                                 std::uint64_t segment_bases) {
    std::vector<Segment> segments;
    for (const ReferenceContig& contig : contigs) {
        const std::uint64_t end = contig.start + contig.length;
        for (std::uint64_t at = contig.start; at < end; at += segment_bases)
            segments.push_back({at, std::min(at + segment_bases, end), end});
    }
    return segments;
}

class KmerScanner {
  public:
    KmerScanner(IndexAccess index, int kmer_length, int sampling_stride)
        : words_(index.packed_bases()),
          runs_(index.ambiguous_runs()),
          k_(kmer_length),
          stride_(static_cast<std::uint64_t>(sampling_stride)),
          mask_(static_cast<std::uint32_t>((std::uint64_t{1} << (2 * kmer_length)) - 1)) {}

    // Calls emit(position, code) for every sampled start in the segment whose k-mer lies inside
    // its contig and holds no N, in ascending order.
    template <class Emit>
    void scan(const Segment& segment, Emit&& emit) const {
        const std::uint64_t stop =
            std::min(segment.end + static_cast<std::uint64_t>(k_) - 1, segment.contig_end);
        // The first run that ends after the segment's start; runs are ascending and apart.
        auto run =
            std::upper_bound(runs_.begin(), runs_.end(), segment.begin,
                             [](std::uint64_t at, const AmbiguousRun& r) { return at < r.end; });
        std::uint32_t code = 0;
        int valid = 0;  // bases since the segment's start or the last N, up to k
        for (std::uint64_t i = segment.begin; i < stop; ++i) {
            if (run != runs_.end() && i >= run->begin) {
                i = run->end - 1;
                ++run;
                valid = 0;
                continue;
            }
            code = ((code << 2) | packed_base(words_, i)) & mask_;
            if (valid < k_) ++valid;
            if (valid == k_) {
                const std::uint64_t start = i + 1 - static_cast<std::uint64_t>(k_);
                if (start % stride_ == 0) emit(static_cast<std::uint32_t>(start), code);
            }
        }
    }

  private:
    std::span<const std::uint64_t> words_;
    std::span<const AmbiguousRun> runs_;
    int k_;
    std::uint64_t stride_;
    std::uint32_t mask_;
};

std::atomic_ref<std::uint32_t> atomic(std::uint32_t& value) {
    return std::atomic_ref<std::uint32_t>(value);
}

bool repeat_bit(const std::vector<std::uint64_t>& repeats, std::uint32_t code) {
    return (repeats[code / 64] >> (code % 64)) & 1u;
}

// Counts above the cap become repeats, with a count of 0; returns how many.
std::uint64_t drop_repeats(std::vector<std::uint32_t>& counts, std::vector<std::uint64_t>& repeats,
                           std::size_t kmers, std::uint32_t max_occurrences, ThreadPool* pool) {
    const std::size_t blocks = (kmers + kCodeBlock - 1) / kCodeBlock;
    std::vector<std::uint64_t> dropped(blocks, 0);
    parallel_for(pool, 0, blocks, [&](std::size_t block) {
        const std::size_t end = std::min(kmers, (block + 1) * kCodeBlock);
        for (std::size_t code = block * kCodeBlock; code < end; ++code) {
            if (counts[code] <= max_occurrences) continue;
            counts[code] = 0;
            repeats[code / 64] |= std::uint64_t{1} << (code % 64);
            ++dropped[block];
        }
    });
    std::uint64_t total = 0;
    for (const std::uint64_t d : dropped) total += d;
    return total;
}

// Counts -> exclusive prefix sums in place (offsets[code] = the run's start), and offsets[kmers]
// the total; by blocks on the pool, their sums scanned in between.
void prefix_sums(std::vector<std::uint32_t>& offsets, std::size_t kmers, ThreadPool* pool) {
    const std::size_t blocks = (kmers + kCodeBlock - 1) / kCodeBlock;
    std::vector<std::uint64_t> block_start(blocks + 1, 0);
    parallel_for(pool, 0, blocks, [&](std::size_t block) {
        const std::size_t end = std::min(kmers, (block + 1) * kCodeBlock);
        std::uint64_t sum = 0;
        for (std::size_t code = block * kCodeBlock; code < end; ++code) sum += offsets[code];
        block_start[block + 1] = sum;
    });
    for (std::size_t block = 0; block < blocks; ++block)
        block_start[block + 1] += block_start[block];
    parallel_for(pool, 0, blocks, [&](std::size_t block) {
        const std::size_t end = std::min(kmers, (block + 1) * kCodeBlock);
        auto running = static_cast<std::uint32_t>(block_start[block]);
        for (std::size_t code = block * kCodeBlock; code < end; ++code) {
            const std::uint32_t count = offsets[code];
            offsets[code] = running;
            running += count;
        }
    });
    offsets[kmers] = static_cast<std::uint32_t>(block_start[blocks]);
}

}  // namespace

void build_kmer_table(IndexAccess index, int kmer_length, int sampling_stride,
                      std::uint32_t max_occurrences, ThreadPool* pool,
                      std::uint64_t segment_bases) {
    const std::size_t kmers = std::size_t{1} << (2 * kmer_length);
    const std::vector<Segment> segments = segments_of(index.contigs(), segment_bases);
    const KmerScanner scanner(index, kmer_length, sampling_stride);
    auto& offsets = index.offsets();
    auto& positions = index.positions();
    auto& repeats = index.repeats();
    offsets.assign(kmers + 1, 0);
    repeats.assign((kmers + 63) / 64, 0);

    parallel_for(pool, 0, segments.size(), [&](std::size_t s) {
        scanner.scan(segments[s], [&](std::uint32_t, std::uint32_t code) {
            atomic(offsets[code]).fetch_add(1, std::memory_order_relaxed);
        });
    });
    index.repeat_count() = drop_repeats(offsets, repeats, kmers, max_occurrences, pool);
    prefix_sums(offsets, kmers, pool);

    // offsets[code] is the cursor of the k-mer's run; once filled, it is the run's end.
    positions.assign(offsets[kmers], 0);
    parallel_for(pool, 0, segments.size(), [&](std::size_t s) {
        scanner.scan(segments[s], [&](std::uint32_t position, std::uint32_t code) {
            if (repeat_bit(repeats, code)) return;
            positions[atomic(offsets[code]).fetch_add(1, std::memory_order_relaxed)] = position;
        });
    });
    std::copy_backward(offsets.begin(), offsets.begin() + static_cast<std::ptrdiff_t>(kmers),
                       offsets.end());
    offsets[0] = 0;

    sort_kmer_runs(offsets, positions, pool);
}

void sort_kmer_runs(std::span<const std::uint32_t> offsets, std::span<std::uint32_t> positions,
                    ThreadPool* pool) {
    const std::size_t kmers = offsets.size() - 1;
    const std::size_t blocks = (kmers + kCodeBlock - 1) / kCodeBlock;
    parallel_for(pool, 0, blocks, [&](std::size_t block) {
        const std::size_t end = std::min(kmers, (block + 1) * kCodeBlock);
        for (std::size_t code = block * kCodeBlock; code < end; ++code) {
            const auto first = positions.begin() + offsets[code];
            const auto last = positions.begin() + offsets[code + 1];
            if (!std::is_sorted(first, last)) std::sort(first, last);
        }
    });
}

}  // namespace tropic::map::detail

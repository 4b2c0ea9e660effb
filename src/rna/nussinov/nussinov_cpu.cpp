// Multi-threaded CPU Nussinov fold.
//
// The square table of nussinov_table.hpp is cut into T x T tiles, computed one tile diagonal at a
// time by core's triangle wavefront (wavefront.hpp); the tiles of a diagonal are independent and
// run on the thread pool. For tile (I,J), the
// splits k through the tiles strictly between I and J form one dense max-plus product (the
// tropical engine's maxplus_accumulate_abt). The splits with k in tile I or tile J depend on cells
// of the tile itself, so the tile is then finished cell by cell: rows bottom-up, columns left to
// right, each row's tile-I splits as one 1 x T product once the rows below are final.
#include "rna/nussinov/nussinov_cpu.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <limits>
#include <new>
#include <string>
#include <vector>

#include "core/internal/memory_fit.hpp"
#include "core/internal/wavefront.hpp"
#include "rna/nussinov/nussinov_table.hpp"
#include "rna/nussinov/nussinov_traceback.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/memory.hpp"
#include "tropic/core/thread_pool.hpp"
#include "tropic/semiring/maxplus.hpp"

namespace tropic::rna::detail {

bool nussinov_fits_int16(std::size_t n, int max_weight) noexcept {
    return static_cast<std::uint64_t>(n / 2) *
               static_cast<std::uint64_t>(std::max(max_weight, 0)) <=
           static_cast<std::uint64_t>(std::numeric_limits<std::int16_t>::max());
}

std::size_t nussinov_cpu_table_bytes(std::size_t n, std::size_t score_bytes) noexcept {
    constexpr std::size_t kMax = std::numeric_limits<std::size_t>::max();
    if (n != 0 && n > kMax / n / score_bytes) return kMax;
    return n * n * score_bytes;
}

std::size_t nussinov_cpu_fold_bytes(std::size_t n, int max_weight) noexcept {
    return nussinov_cpu_table_bytes(n, nussinov_fits_int16(n, max_weight) ? 2 : 4);
}

std::size_t nussinov_cpu_longest_fitting(std::size_t available, int max_weight) {
    return longest_that_fits(
        available, [max_weight](std::size_t n) { return nussinov_cpu_fold_bytes(n, max_weight); });
}

std::string nussinov_fold_name(std::size_t n) {
    return fmt::format("a Nussinov fold of {} nt", n);
}

void check_nussinov_cpu_memory(std::size_t n, std::size_t score_bytes, int max_weight,
                               std::size_t available) {
    const std::size_t need = nussinov_cpu_table_bytes(n, score_bytes);
    if (need <= available) return;
    throw ResourceError(does_not_fit_message(
        fmt::format("{} ({}-bit scores)", nussinov_fold_name(n), 8 * score_bytes), need,
        {MemoryBudget::Kind::HostAvailable, available, 0},
        fmt::format("the longest sequence that fits is {} nt: fold a shorter window",
                    nussinov_cpu_longest_fitting(available, max_weight))));
}

namespace {

template <typename Score>
class TileFiller {
  public:
    TileFiller(std::span<const std::uint8_t> seq, const NussinovParams& params, Score* cells)
        : seq_(seq.data()),
          n_(seq.size()),
          min_loop_(static_cast<std::size_t>(params.min_loop)),
          weights_(params.weights.table()),
          t_(cells) {}

    void diagonal_tile(std::size_t tile) {
        const std::size_t lo = tile * kNussinovTile, hi = std::min(n_, lo + kNussinovTile);
        for (std::size_t i = hi; i-- > lo;) {
            for (std::size_t j = i + 1; j < hi; ++j) {
                Score best = 0;
                split(i, j, i, j - i, &best);
                finish(i, j, best);
            }
        }
    }

    // Tile (I,J), I < J: rows [I*T, I*T+T), columns [J*T, min(n, J*T+T)).
    void off_diagonal_tile(std::size_t tile_i, std::size_t tile_j, std::vector<Score>& acc) {
        constexpr std::size_t T = kNussinovTile;
        const std::size_t row0 = tile_i * T, col0 = tile_j * T;
        const std::size_t width = std::min(n_, col0 + T) - col0;
        acc.assign(T * width, Score(0));  // every N is >= 0, so 0 is a neutral start
        if (tile_j > tile_i + 1) {
            const std::size_t k0 = row0 + T;
            semiring::maxplus_accumulate_abt<Score>(T, width, col0 - k0, t_ + row0 * n_ + k0, n_,
                                                    t_ + col0 * n_ + k0, n_, acc.data(), width);
        }
        for (std::size_t i = row0 + T; i-- > row0;) {
            Score* row = acc.data() + (i - row0) * width;
            // k in [i, row0 + T): needs N(k+1, j), final for every row below i.
            semiring::maxplus_accumulate_abt<Score>(1, width, row0 + T - i, t_ + i * n_ + i, n_,
                                                    t_ + col0 * n_ + i, n_, row, width);
            for (std::size_t j = col0; j < col0 + width; ++j) {
                Score best = row[j - col0];
                split(i, j, col0, j - col0, &best);  // k in [col0, j): this row, left of j
                finish(i, j, best);
            }
        }
    }

  private:
    // best = max(best, max_{k0 <= k < k0+len} U[i][k] + L[j][k])
    void split(std::size_t i, std::size_t j, std::size_t k0, std::size_t len, Score* best) const {
        semiring::maxplus_accumulate_abt<Score>(1, 1, len, t_ + i * n_ + k0, 0, t_ + j * n_ + k0, 0,
                                                best, 0);
    }

    // Adds the pair term and stores N(i,j) in both views.
    void finish(std::size_t i, std::size_t j, Score best) {
        if (j - i > min_loop_) {
            std::int32_t w = weights_[seq_[i] * kBaseCount + seq_[j]];
            if (w > 0) {
                Score inner = i + 1 <= j - 1 ? t_[(i + 1) * n_ + (j - 1)] : Score(0);
                best = std::max(best, static_cast<Score>(inner + w));
            }
        }
        t_[i * n_ + j] = best;
        if (i > 0) t_[j * n_ + (i - 1)] = best;
    }

    const std::uint8_t* seq_;
    std::size_t n_;
    std::size_t min_loop_;
    std::array<std::int32_t, kBaseCount * kBaseCount> weights_;
    Score* t_;
};

}  // namespace

template <typename Score>
NussinovSquare<Score> fill_nussinov_square(std::span<const std::uint8_t> sequence,
                                           const NussinovParams& params, ThreadPool* pool,
                                           const Progress& on_progress, std::size_t item) {
    const std::size_t n = sequence.size();
    check_nussinov_cpu_memory(n, sizeof(Score), params.weights.max_weight(),
                              available_host_memory());
    std::unique_ptr<Score[]> cells;
    try {
        cells.reset(new Score[n * n]);  // left uninitialised: every cell read is written first
    } catch (const std::bad_alloc&) {
        throw ResourceError(fmt::format("{}: could not allocate {} for the CPU table",
                                        nussinov_fold_name(n),
                                        format_bytes(n * n * sizeof(Score))));
    }
    Score* t = cells.get();
    for (std::size_t i = 0; i < n; ++i) {
        t[i * n + i] = 0;                 // U[i][i] = N(i,i)
        if (i > 0) t[i * n + i - 1] = 0;  // L[i][i-1] = N(i,i)
    }
    TileFiller<Score> filler(sequence, params, t);
    const bool parallel = pool != nullptr && pool->size() > 1;
    std::vector<std::vector<Score>> accumulators(parallel ? pool->size() : 1);
    WavefrontOptions wavefront;
    wavefront.pool = parallel ? pool : nullptr;
    wavefront.on_progress = on_progress;
    wavefront.item = item;
    run_triangle_wavefront(
        n, kNussinovTile,
        [&](Tile tile, std::size_t worker) {
            if (tile.row == tile.column)
                filler.diagonal_tile(tile.row);
            else
                filler.off_diagonal_tile(tile.row, tile.column, accumulators[worker]);
        },
        wavefront);
    return NussinovSquare<Score>(n, std::move(cells));
}

template NussinovSquare<std::int16_t> fill_nussinov_square<std::int16_t>(
    std::span<const std::uint8_t>, const NussinovParams&, ThreadPool*, const Progress&,
    std::size_t);
template NussinovSquare<std::int32_t> fill_nussinov_square<std::int32_t>(
    std::span<const std::uint8_t>, const NussinovParams&, ThreadPool*, const Progress&,
    std::size_t);

namespace {

template <typename Score>
NussinovResult fold_with(std::span<const std::uint8_t> sequence, const NussinovParams& params,
                         ThreadPool* pool, const Progress& on_progress, std::size_t item) {
    auto square = fill_nussinov_square<Score>(sequence, params, pool, on_progress, item);
    const int n = static_cast<int>(sequence.size());
    NussinovResult result;
    result.score = square.score(0, sequence.size() - 1);
    result.structure.assign(sequence.size(), '.');
    std::vector<int> stack(2 * (sequence.size() / 2 + 1));
    auto weights = params.weights.table();
    struct Table {
        const NussinovSquare<Score>& square;
        Score operator()(int i, int j) const {
            return square.score(static_cast<std::size_t>(i), static_cast<std::size_t>(j));
        }
        Score along_column(int i, int j) const {
            return square.along_column(static_cast<std::size_t>(i), static_cast<std::size_t>(j));
        }
    } table{square};
    trace_nussinov<Score>(n, sequence.data(), weights.data(), params.min_loop, table,
                          result.structure.data(), stack.data());
    return result;
}

}  // namespace

NussinovResult fold_nussinov_cpu(std::span<const std::uint8_t> sequence,
                                 const NussinovParams& params, ThreadPool* pool,
                                 const Progress& on_progress, std::size_t item) {
    validate(params);
    for (std::size_t p = 0; p < sequence.size(); ++p)
        if (sequence[p] >= kBaseCount)
            throw InputError(fmt::format("residue {}: code {} is not a Base", p + 1, sequence[p]));
    if (sequence.empty()) return {};
    if (sequence.size() > static_cast<std::size_t>(std::numeric_limits<int>::max() / 2))
        throw ResourceError(fmt::format("sequence of {} nt is too long to fold", sequence.size()));
    if (nussinov_fits_int16(sequence.size(), params.weights.max_weight()))
        return fold_with<std::int16_t>(sequence, params, pool, on_progress, item);
    return fold_with<std::int32_t>(sequence, params, pool, on_progress, item);
}

}  // namespace tropic::rna::detail

// CUDA partition function: ensemble_cells.hpp's cells, one launch per diagonal d = j - i of cells
// for every fold of a chunk at once (inside from d = 4 outwards, outside back from the longest
// fold's last diagonal), the exterior loop Z5/Z3 in a kernel per fold between them, then P(i,j)
// packed on the device; only the probabilities, dense or listed (ensemble_listed.cuh), and for
// sampling the inside tables come back. The pair masks are made on the device
// (ensemble_pair_mask.cuh) except where the host needs them (constraints, sampling); copies go
// through page-locked buffers that each host thread keeps from group to group.
//
// Cells of short diagonals take a thread each (their sums are short; consecutive cells of one
// diagonal take the same loop bounds, so a warp's threads stay together); cells of longer ones
// a warp each, whose lanes share the sums (ensemble_device.cuh's EnsembleWarpSum), so that the dot
// products read contiguous rows 32 elements at a time. Both call the CPU's cell functions.
//
// Tables are ensemble_cells.hpp's n x n squares of doubles, seven per fold. A chunk of one long
// fold (or of folds whose inside tables go back for sampling) keeps them plain, back to back. A
// chunk of several short folds is one interleaved group: pitch N (its longest fold), element (i,j)
// of fold r at (i N + j) R + r, R the chunk's folds, and one thread per cell and fold, consecutive
// threads on consecutive folds, so that a warp reads one contiguous line where the plain layout's
// threads read 32 lines n + 1 doubles apart (EnsembleInterleavedSum). Short folds are what batches
// are made of, and their thread-per-cell sums are short. A fold whose Z leaves the safe range is
// filled again with a corrected scale, as on the CPU, alone with the others that need it.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/cuda/pinned_buffer.cuh"
#include "core/internal/memory_fit.hpp"
#include "rna/ensemble/cuda/ensemble_cuda.hpp"
#include "rna/ensemble/cuda/ensemble_device.cuh"
#include "rna/ensemble/cuda/ensemble_interleaved.cuh"
#include "rna/ensemble/cuda/ensemble_listed.cuh"
#include "rna/ensemble/cuda/ensemble_pair_mask.cuh"
#include "tropic/core/error.hpp"

namespace tropic::rna::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;
using tropic::detail::cuda::PinnedBuffer;

constexpr int kTables = 7;  // qb, qm, qm1, qbh, qmh, qm1h, w
constexpr int kThreadBlock = 128;
constexpr int kCellWarps = 8;  // cells (one warp each) per block of the warp kernels
// Diagonals from this one on take a warp per cell; TROPIC_ENSEMBLE_WARP_FROM overrides it (tests
// run both kernels everywhere, benchmarks compare).
constexpr int kWarpFromDiagonal = 32;

// Chunks of several folds up to this long are interleaved groups (longer ones take the warp
// kernels on long diagonals); TROPIC_ENSEMBLE_INTERLEAVE_MAX overrides it (0: never; tests and
// benchmarks compare). An interleaved group holds at most kGroupFolds folds: kGroupsAtOnce groups
// run at once (fill_ensemble_cuda), and groups this small let one's host work hide under the
// other's kernels (H100, 20,000 x 200 nt with the dense return: 6,000 records/s at 1,024,
// 4,500-5,000 at the budget's 3,493, 3,900 at 256). TROPIC_ENSEMBLE_CHUNK_FOLDS caps every
// chunk's folds instead, TROPIC_ENSEMBLE_GROUPS_AT_ONCE sets how many groups run at once, each
// with that share of the budget (tests, benchmarks: with little host work left per group, more
// groups at once fill the device on the long diagonals, whose cells are few).
constexpr int kInterleaveMaxLength = 1000;
constexpr int kGroupFolds = 1024;
constexpr int kGroupsAtOnce = 2;

int env_int(const char* name, int fallback) {
    const char* value = std::getenv(name);
    return value != nullptr && *value != '\0' ? std::atoi(value) : fallback;
}

int warp_from_diagonal() {
    return env_int("TROPIC_ENSEMBLE_WARP_FROM", kWarpFromDiagonal);
}

// How interleaved groups launch their diagonals (ensemble_interleaved.cuh), for benchmarks to
// compare: TROPIC_ENSEMBLE_DIAGONALS_PER_LAUNCH=k (1 by default: a launch per diagonal; 0: all
// of a pass in one launch), TROPIC_ENSEMBLE_MIN_BLOCKS=8 or 12 (the per-diagonal kernel held to
// fewer registers; 0 by default: no bound).
struct InterleavedShape {
    int diagonals_per_launch = env_int("TROPIC_ENSEMBLE_DIAGONALS_PER_LAUNCH", 1);
    int min_blocks = env_int("TROPIC_ENSEMBLE_MIN_BLOCKS", 0);
};

template <bool kOutside, class Sum>
__device__ void cell(const EnsembleDeviceFold& fold, int i, int j, const Sum& sum) {
    if constexpr (kOutside)
        ensemble_outside_cell(fold.model, fold.tables, i, j, sum);
    else
        ensemble_inside_cell(fold.model, fold.tables, i, j, sum);
}

// Cells (i, i+d) of folds 0..folds-1, `cells` (the longest fold's count on this diagonal) per
// fold back to back, one thread each.
template <bool kOutside>
__global__ void __launch_bounds__(kThreadBlock)
    thread_diagonal_kernel(const EnsembleDeviceFold* folds, int count, int d, int cells) {
    const std::size_t flat = std::size_t(blockIdx.x) * kThreadBlock + threadIdx.x;
    const std::size_t f = flat / std::size_t(cells);
    if (f >= std::size_t(count)) return;
    const EnsembleDeviceFold& fold = folds[f];
    const int i = int(flat - f * std::size_t(cells));
    if (i + d >= fold.model.n) return;
    cell<kOutside>(fold, i, i + d, EnsembleSerialSum{});
}

// The same cells, one warp each.
template <bool kOutside>
__global__ void __launch_bounds__(kCellWarps * 32)
    warp_diagonal_kernel(const EnsembleDeviceFold* folds, int count, int d, int cells) {
    const std::size_t flat = std::size_t(blockIdx.x) * kCellWarps + threadIdx.x / 32;
    const std::size_t f = flat / std::size_t(cells);
    if (f >= std::size_t(count)) return;  // whole warps leave together
    const EnsembleDeviceFold& fold = folds[f];
    const int i = int(flat - f * std::size_t(cells));
    if (i + d >= fold.model.n) return;
    cell<kOutside>(fold, i, i + d, EnsembleWarpSum{int(threadIdx.x % 32)});
}

// The same cells of an interleaved group, one thread per cell and fold.
template <bool kOutside>
__global__ void __launch_bounds__(kThreadBlock)
    interleaved_diagonal_kernel(const EnsembleDeviceFold* folds, int count, int d, int cells) {
    interleaved_diagonal_cell<kOutside>(folds, count, d, cells,
                                        std::size_t(blockIdx.x) * kThreadBlock + threadIdx.x);
}

// Z (= Z5(n)) of folds 0..count-1 into z[].
// Every fold's Z, and the per-base rate of its longest prefix in range (for a retry), as pairs.
__global__ void z_kernel(const EnsembleDeviceFold* folds, int count, double* z) {
    const int f = int(blockIdx.x * blockDim.x + threadIdx.x);
    if (f >= count) return;
    const int n = folds[f].model.n;
    const double zn = folds[f].z5[n];
    z[2 * f] = zn;
    z[2 * f + 1] = ensemble_scale_ok(zn) ? 0.0 : ensemble_prefix_log_rate(folds[f].z5, n);
}

// The sum of `value` over the block, in thread 0 (`shared`: one double per warp).
__device__ double block_sum(double value, double* shared) {
    for (int offset = 16; offset > 0; offset /= 2)
        value += __shfl_xor_sync(0xffffffffu, value, offset);
    const int warp = threadIdx.x / 32, warps = blockDim.x / 32;
    if (threadIdx.x % 32 == 0) shared[warp] = value;
    __syncthreads();
    double total = 0;
    if (threadIdx.x == 0)
        for (int w = 0; w < warps; ++w) total += shared[w];
    __syncthreads();  // shared[] is reused by the next call
    return total;
}

// Z5 and Z3 of fold blockIdx.x (the CPU's fill_exterior, summed in another order).
// Z5 pushed forward: once Z5(k) is final, every helix (k,j) adds Z5(k) Qb(k,j) stem(k,j) to
// scratch[j] (row k of Qb is contiguous; each j of a step is one thread's, and a barrier ends
// every step), and Z5(k+1) = Z5(k) s^-1 + scratch[k], whose terms all came from k' <= k - 4.
// Z3 pulled: Z3(k) = Z3(k+1) s^-1 + sum_l Qb(k,l) stem(k,l) Z3(l+1), a block sum over row k.
__global__ void exterior_kernel(const EnsembleDeviceFold* folds) {
    __shared__ double warp_sums[32];
    const EnsembleDeviceFold& fold = folds[blockIdx.x];
    const EnsembleModel& m = fold.model;
    const EnsembleTables& s = fold.tables;
    const int n = m.n;
    const double unpaired = m.scale_pow[1];
    double* z5 = fold.z5;
    double* z3 = fold.z3;
    double* acc = fold.scratch;
    for (int j = threadIdx.x; j < n; j += blockDim.x) acc[j] = 0;
    if (threadIdx.x == 0) z5[0] = 1.0;
    __syncthreads();
    for (int k = 0; k < n; ++k) {
        const double zk = z5[k];
        for (int j = k + kEnsembleMinHairpin + 1 + threadIdx.x; j < n; j += blockDim.x) {
            const double qb = s.qb[s.at(k, j)];
            if (qb != 0.0) acc[j] += zk * qb * m.exterior_stem(k, j, m.type(k, j));
        }
        if (threadIdx.x == k % blockDim.x) z5[k + 1] = zk * unpaired + acc[k];
        __syncthreads();
    }
    if (threadIdx.x == 0) z3[n] = 1.0;
    __syncthreads();
    for (int k = n - 1; k >= 0; --k) {
        double part = 0;
        for (int l = k + kEnsembleMinHairpin + 1 + threadIdx.x; l < n; l += blockDim.x) {
            const double qb = s.qb[s.at(k, l)];
            if (qb != 0.0) part += qb * m.exterior_stem(k, l, m.type(k, l)) * z3[l + 1];
        }
        const double sum = block_sum(part, warp_sums);
        if (threadIdx.x == 0) z3[k] = z3[k + 1] * unpaired + sum;
        __syncthreads();
    }
}

// P(i,j) = Qb(i,j) Qb^(i,j) / Z into the lower triangle of Qb^ (as the CPU leaves it) and into
// `packed`, which is what goes back to the host. Fold blockIdx.y, cells by blockIdx.x.
__global__ void probability_kernel(const EnsembleDeviceFold* folds) {
    const EnsembleDeviceFold& fold = folds[blockIdx.y];
    const int n = fold.model.n;
    const std::size_t cell = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x;
    if (cell >= std::size_t(n) * std::size_t(n)) return;
    const int i = int(cell / std::size_t(n)), j = int(cell % std::size_t(n));
    if (j < i + kEnsembleMinHairpin + 1) return;
    const EnsembleTables& s = fold.tables;
    const double qbh = s.qbh[s.at(i, j)];
    const double p = qbh != 0.0 ? s.qb[s.at(i, j)] * qbh / fold.z5[n] : 0.0;
    s.qbh[s.at(j, i)] = p;
    fold.packed[ensemble_packed_at(n, i, j)] = p;
}

std::uint64_t square_bytes(std::size_t n) {
    return std::uint64_t(n) * n * sizeof(double);
}

constexpr std::size_t kCostDoubles = (kMaxLoop + 1) * (kMaxLoop + 1);  // EnsembleDeviceFold::costs

// The device bytes of one fold, by part (ensemble_device_bytes is their sum).
std::uint64_t fold_bytes(std::size_t n) {
    const std::uint64_t linear = 5 * (n + 1) * sizeof(double) + 2 * n;  // hairpin, ml, z5, z3,
                                                                        // scratch; bases
    return kTables * square_bytes(n) + std::uint64_t(n) * n             // pair mask
           + ensemble_packed_size(int(n)) * sizeof(double) + linear + sizeof(EnsembleDeviceFold) +
           ensemble_listed_bytes(n);
}

// Runs body(k) for k in [0, count) on up to 16 host threads (the per-fold host work: setups of
// O(n^2), unpacking the probabilities); the first exception is rethrown.
template <class Body>
void host_parallel(std::size_t count, const Body& body) {
    const std::size_t threads =
        std::min<std::size_t>({16, std::max(1u, std::thread::hardware_concurrency()),
                               std::max<std::size_t>(1, count / 8)});
    if (threads <= 1) {
        for (std::size_t k = 0; k < count; ++k) body(k);
        return;
    }
    std::atomic<std::size_t> next{0};
    std::exception_ptr error;
    std::mutex error_mutex;
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < threads; ++t)
        pool.emplace_back([&] {
            try {
                for (std::size_t k = next++; k < count; k = next++) body(k);
            } catch (...) {
                const std::lock_guard<std::mutex> lock(error_mutex);
                if (!error) error = std::current_exception();
            }
        });
    for (auto& thread : pool) thread.join();
    if (error) std::rethrow_exception(error);
}

// TROPIC_ENSEMBLE_TIMING=1: each chunk's host-side phases to stderr (setup, inside, outside with
// its kernels waited for, download and unpacking), for profiling batches without a profiler.
class PhaseTimer {
  public:
    PhaseTimer(std::size_t folds, std::size_t longest, bool interleaved)
        : on_(env_int("TROPIC_ENSEMBLE_TIMING", 0) != 0) {
        if (on_)
            line_ = "ensemble chunk: " + std::to_string(folds) +
                    " folds of <= " + std::to_string(longest) + " nt" +
                    (interleaved ? " interleaved" : " plain");
    }
    ~PhaseTimer() {
        if (on_) std::fprintf(stderr, "%s\n", line_.c_str());
    }
    PhaseTimer(const PhaseTimer&) = delete;
    PhaseTimer& operator=(const PhaseTimer&) = delete;

    bool on() const { return on_; }
    void lap(const char* phase) {
        if (!on_) return;
        const auto now = std::chrono::steady_clock::now();
        line_ += std::string(", ") + phase + " " +
                 std::to_string(std::chrono::duration<double, std::milli>(now - last_).count()) +
                 " ms";
        last_ = now;
    }

  private:
    bool on_;
    std::string line_;
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// Device memory of one chunk, and the page-locked host memory its copies go through, so that
// they run asynchronously on the host thread's stream (buffers only grow from chunk to chunk).
// A host buffer is rewritten only after the stream has been waited for since its last copy.
struct Workspace {
    DeviceBuffer<BoltzmannFactors> factors;
    DeviceBuffer<double> tables, linear, packed, costs, z;
    DeviceBuffer<std::uint8_t> sequence, pair_ok;
    DeviceBuffer<std::uint8_t> mask_from_host;  // by fold: 1 where the host made its mask
    DeviceBuffer<std::int8_t> base;
    DeviceBuffer<EnsembleDeviceFold> folds;
    DeviceBuffer<char> text;  // the listed return's strings
    EnsembleListedBuffers listed;
    // Host side: sequences, parameter codes and mask flags; scaled factors; views.
    PinnedBuffer<std::uint8_t> bytes_in;
    PinnedBuffer<double> linear_in, costs_in;
    PinnedBuffer<EnsembleDeviceFold> folds_in;
    // The listed return.
    PinnedBuffer<EnsembleListedFold> listed_out;
    PinnedBuffer<char> text_out;
    PinnedBuffer<unsigned long long> head_out;
    PinnedBuffer<double> values_out;
    PinnedBuffer<std::uint32_t> cells_out;
};

// Asynchronous copies on the per-thread stream; `to_device` grows the device buffer first.
template <class T>
void to_device(DeviceBuffer<T>& to, const T* from, std::size_t count) {
    to.resize(std::max<std::size_t>(count, 1));
    if (count > 0)
        TROPIC_CUDA_CHECK(cudaMemcpyAsync(to.data(), from, count * sizeof(T),
                                          cudaMemcpyHostToDevice, cudaStreamPerThread));
}
template <class T>
void to_host(T* to, const T* from, std::size_t count) {
    if (count > 0)
        TROPIC_CUDA_CHECK(cudaMemcpyAsync(to, from, count * sizeof(T), cudaMemcpyDeviceToHost,
                                          cudaStreamPerThread));
}

// Offsets of one fold's parts in the workspace.
struct FoldPlace {
    std::size_t tables = 0, linear = 0, packed = 0, bases = 0, pair_ok = 0;  // text: 2 bases
    int n = 0;
};

class ChunkFill {
  public:
    ChunkFill(std::span<const EnsembleJob> jobs, std::vector<std::size_t> chunk,
              const BoltzmannFactors& factors, const MfeParams& mfe_params,
              const EnsembleOutput& output, bool interleaved, Workspace& w,
              const Progress& on_progress)
        : jobs_(jobs),
          chunk_(std::move(chunk)),
          interleaved_(interleaved),
          factors_(factors),
          mfe_params_(mfe_params),
          outside_(output.outside),
          keep_inside_(output.keep_inside),
          listed_(output.outside && !output.dense &&
                  ensemble_listable(jobs_[chunk_.front()].sequence.size())),
          list_threshold_(output.list_threshold),
          w_(w),
          on_progress_(on_progress) {}

    void run() {
        PhaseTimer timer(chunk_.size(), job(0).sequence.size(), interleaved_);
        std::vector<double> scale = set_up();
        timer.lap("setup");
        const bool retried = fill_inside(scale, timer);
        fill_outside(retried, timer);
        download();
        timer.lap("download");
    }

  private:
    // Plan and upload: every fold's place, its setup at RNAfold's first scale, and the inputs.
    std::vector<double> set_up() {
        place();
        std::vector<double> scale(chunk_.size());
        for (std::size_t f = 0; f < chunk_.size(); ++f)
            scale[f] = initial_ensemble_scale(job(f).mfe_dcal, job(f).sequence.size(), factors_.kT);
        host_parallel(chunk_.size(), [&](std::size_t f) { setup(f, scale[f]); });
        upload_inputs();
        return scale;
    }

    // Launch: the inside pass and Z of every fold. Folds whose Z left the safe range are filled
    // again, alone with the others that need it, at the scales that fill_ensemble_cpu's
    // EnsembleScaleSearch gives. True when some fold was filled again.
    bool fill_inside(std::vector<double>& scale, PhaseTimer& timer) {
        TROPIC_CUDA_CHECK(cudaMemsetAsync(w_.tables.data(), 0, table_doubles_ * sizeof(double),
                                          cudaStreamPerThread));
        std::vector<EnsembleScaleSearch> search;
        for (std::size_t f = 0; f < chunk_.size(); ++f)
            search.emplace_back(scale[f], job(f).sequence.size());
        std::vector<std::size_t> todo(chunk_.size());
        for (std::size_t f = 0; f < todo.size(); ++f) todo[f] = f;
        bool retried = false;
        for (bool first = true; !todo.empty(); first = false) {
            if (!first) {
                host_parallel(todo.size(), [&](std::size_t k) { setup(todo[k], scale[todo[k]]); });
                upload_scaled_again(todo);
            }
            upload_folds(todo);
            if (first)
                launch_pair_mask(w_.folds.data(), todo.size(), longest(todo),
                                 w_.mask_from_host.data(), w_.pair_ok.data(),
                                 mfe_params_.max_bp_span, mfe_params_.no_lonely_pairs);
            fill(todo, false);
            const std::vector<double> zs = exterior_and_z(todo);
            timer.lap(first ? "inside" : "inside again");
            std::vector<std::size_t> again;
            for (std::size_t k = 0; k < todo.size(); ++k) {
                const std::size_t f = todo[k];
                const double z = zs[2 * k];
                if (ensemble_scale_ok(z)) {
                    job(f).fold->log_z = std::log(z) + places_[f].n * std::log(scale[f]);
                    job(f).fold->inside_fills = 1 + search[f].attempts();
                } else {
                    scale[f] = search[f].next(z, zs[2 * k + 1]);
                    again.push_back(f);
                }
            }
            retried = retried || !again.empty();
            todo.swap(again);
        }
        return retried;
    }

    // Launch and collect: the exterior loop of the folds `todo`, and each one's scaled Z and the
    // per-base rate of its longest prefix in range, (Z, rate) by fold, in one copy (a copy per
    // fold costs a round trip each).
    std::vector<double> exterior_and_z(const std::vector<std::size_t>& todo) {
        exterior_kernel<<<unsigned(todo.size()), longest(todo) >= 2048 ? 1024 : 128>>>(
            w_.folds.data());
        TROPIC_CUDA_CHECK_LAUNCH("exterior_kernel");
        w_.z.resize(2 * todo.size());
        z_kernel<<<unsigned((todo.size() + kThreadBlock - 1) / kThreadBlock), kThreadBlock>>>(
            w_.folds.data(), int(todo.size()), w_.z.data());
        TROPIC_CUDA_CHECK_LAUNCH("z_kernel");
        std::vector<double> zs(2 * todo.size());
        TROPIC_CUDA_CHECK(
            cudaMemcpy(zs.data(), w_.z.data(), zs.size() * sizeof(double), cudaMemcpyDeviceToHost));
        return zs;
    }

    // Launch: the outside pass and the probabilities of every fold, when asked.
    void fill_outside(bool retried, PhaseTimer& timer) {
        std::vector<std::size_t> all(chunk_.size());
        for (std::size_t f = 0; f < all.size(); ++f) all[f] = f;
        if (retried) upload_folds(all);  // else w_.folds holds them already
        if (!outside_) return;
        fill(all, true);
        const int n = longest(all);
        const auto cells = std::size_t(n) * std::size_t(n);
        if (cells > 0) {
            probability_kernel<<<dim3(unsigned((cells + 255) / 256), unsigned(all.size())), 256>>>(
                w_.folds.data());
            TROPIC_CUDA_CHECK_LAUNCH("probability_kernel");
        }
        if (listed_)
            launch_pair_list(w_.folds.data(), all.size(), packed_doubles_, list_threshold_,
                             w_.listed);
        if (timer.on()) TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
        timer.lap("outside");
    }

    const EnsembleJob& job(std::size_t f) const { return jobs_[chunk_[f]]; }
    static std::size_t z5_at(const FoldPlace& p) { return p.linear + 2 * (std::size_t(p.n) + 1); }

    int longest(const std::vector<std::size_t>& folds) const {
        int n = 0;
        for (std::size_t f : folds) n = std::max(n, places_[f].n);
        return n;
    }

    // Offsets of every fold's parts; linear: hairpin factors, ml_unpaired, z5, z3 (n + 1 each),
    // scratch (n).
    void place() {
        places_.resize(chunk_.size());
        const std::size_t pitch = job(0).sequence.size();  // the longest
        for (std::size_t f = 0; f < chunk_.size(); ++f) {
            FoldPlace& p = places_[f];
            p.n = int(job(f).sequence.size());
            const std::size_t n = std::size_t(p.n);
            if (interleaved_) {
                p.tables = f;  // table t of fold f at t N^2 R + f
            } else {
                p.tables = table_doubles_;
                table_doubles_ += kTables * n * n;
            }
            p.linear = linear_doubles_;
            linear_doubles_ += 5 * (n + 1);
            p.packed = packed_doubles_;
            packed_doubles_ += ensemble_packed_size(p.n);
            p.bases = bases_;
            bases_ += n;
            p.pair_ok = pair_bytes_;
            pair_bytes_ += n * n;
        }
        if (interleaved_) {
            table_doubles_ = kTables * pitch * pitch * chunk_.size();
            w_.costs.resize(kCostDoubles * chunk_.size());
        }
        w_.tables.resize(std::max<std::size_t>(table_doubles_, 1));
        w_.linear.resize(std::max<std::size_t>(linear_doubles_, 1));
        w_.packed.resize(std::max<std::size_t>(packed_doubles_, 1));
        if (listed_) w_.text.resize(std::max<std::size_t>(2 * bases_, 1));
        w_.folds.resize(chunk_.size());
    }

    void setup(std::size_t f, double scale) {
        make_ensemble_setup(job(f).fold->setup, job(f).sequence, factors_, mfe_params_,
                            job(f).constraint, scale, mask_from_host(f));
    }

    // Whether the host makes fold f's pair mask: under a constraint (the device knows none), or
    // when the host reads it too (sampling). The device makes the others (launch_pair_mask).
    bool mask_from_host(std::size_t f) const {
        return keep_inside_ || job(f).constraint != nullptr;
    }

    // Sequences, parameter codes and mask flags in one page-locked area (bases, bases, folds),
    // the host's masks straight from the setups.
    void upload_inputs() {
        const std::size_t folds = chunk_.size();
        w_.bytes_in.resize(2 * bases_ + folds);
        std::uint8_t* sequence = w_.bytes_in.data();
        auto* base = reinterpret_cast<std::int8_t*>(sequence + bases_);
        std::uint8_t* from_host = sequence + 2 * bases_;
        for (std::size_t f = 0; f < folds; ++f) {
            const EnsembleSetup& setup = job(f).fold->setup;
            const FoldPlace& p = places_[f];
            std::copy(job(f).sequence.begin(), job(f).sequence.end(), sequence + p.bases);
            std::copy(setup.base.begin(), setup.base.end(), base + p.bases);
            from_host[f] = mask_from_host(f) ? 1 : 0;
        }
        to_device(w_.sequence, sequence, bases_);
        to_device(w_.base, base, bases_);
        to_device(w_.mask_from_host, from_host, folds);
        w_.pair_ok.resize(std::max<std::size_t>(pair_bytes_, 1));
        for (std::size_t f = 0; f < folds; ++f)
            if (from_host[f] != 0 && places_[f].n > 0)
                TROPIC_CUDA_CHECK(cudaMemcpy(
                    w_.pair_ok.data() + places_[f].pair_ok, job(f).fold->setup.pair_ok.data(),
                    job(f).fold->setup.pair_ok.size(), cudaMemcpyHostToDevice));
        upload_scaled();
    }

    // The parts of the setup that depend on the scale (hairpin factors and ml_unpaired) of every
    // fold, in one copy.
    void upload_scaled() {
        w_.linear_in.resize(linear_doubles_);
        double* linear = w_.linear_in.data();
        for (std::size_t f = 0; f < chunk_.size(); ++f) {
            const EnsembleSetup& setup = job(f).fold->setup;
            const FoldPlace& p = places_[f];
            double* at = linear + p.linear;
            at = std::copy(setup.hairpin_factor.begin(), setup.hairpin_factor.end(), at);
            at = std::copy(setup.ml_unpaired.begin(), setup.ml_unpaired.end(), at);
            std::fill(at, linear + p.linear + 5 * (std::size_t(p.n) + 1), 0.0);  // Z5, Z3, scratch
        }
        to_device(w_.linear, linear, linear_doubles_);
        upload_costs();
    }

    // Interleaved groups: every fold's generic_cost, interleaved as the tables (the scale is
    // part of them, so a retry uploads them again).
    void upload_costs() {
        if (!interleaved_) return;
        const std::size_t folds = chunk_.size();
        w_.costs_in.resize(kCostDoubles * folds);
        double* costs = w_.costs_in.data();
        for (std::size_t f = 0; f < folds; ++f) {
            const double* from = &job(f).fold->setup.model.generic_cost[0][0];
            for (std::size_t e = 0; e < kCostDoubles; ++e) costs[e * folds + f] = from[e];
        }
        to_device(w_.costs, costs, kCostDoubles * folds);
    }

    // The same for a retry, fold by fold: the other folds' Z5 and Z3 stay.
    void upload_scaled_again(const std::vector<std::size_t>& folds) {
        for (std::size_t f : folds) {
            const EnsembleSetup& setup = job(f).fold->setup;
            const FoldPlace& p = places_[f];
            const std::size_t bytes = (std::size_t(p.n) + 1) * sizeof(double);
            TROPIC_CUDA_CHECK(cudaMemcpy(w_.linear.data() + p.linear, setup.hairpin_factor.data(),
                                         bytes, cudaMemcpyHostToDevice));
            TROPIC_CUDA_CHECK(cudaMemcpy(w_.linear.data() + p.linear + p.n + 1,
                                         setup.ml_unpaired.data(), bytes, cudaMemcpyHostToDevice));
        }
        upload_costs();
    }

    // The device views of `folds` (in order), at w_.folds[0 ..].
    void upload_folds(const std::vector<std::size_t>& folds) {
        w_.folds_in.resize(folds.size());
        EnsembleDeviceFold* views = w_.folds_in.data();
        for (std::size_t k = 0; k < folds.size(); ++k) {
            const std::size_t f = folds[k];
            const FoldPlace& p = places_[f];
            const std::size_t n = std::size_t(p.n);
            EnsembleDeviceFold& v = views[k] = EnsembleDeviceFold{};
            v.model = job(f).fold->setup.model;  // scale powers, n, dangles
            v.model.f = w_.factors.data();
            v.model.sequence = w_.sequence.data() + p.bases;
            v.model.base = w_.base.data() + p.bases;
            v.model.hairpin_factor = w_.linear.data() + p.linear;
            v.model.pair_ok = w_.pair_ok.data() + p.pair_ok;
            double* square = w_.tables.data() + p.tables;
            EnsembleTables& s = v.tables;
            double** tables[kTables] = {&s.qb, &s.qm, &s.qm1, &s.qbh, &s.qmh, &s.qm1h, &s.w};
            // Interleaved: pitch N, step R, and the tables N^2 R apart.
            const std::size_t pitch = interleaved_ ? std::size_t(places_[0].n) : n;
            s.step = interleaved_ ? chunk_.size() : 1;
            for (int t = 0; t < kTables; ++t) *tables[t] = square + t * pitch * pitch * s.step;
            if (interleaved_) v.costs = w_.costs.data() + f;
            s.ml_unpaired = w_.linear.data() + p.linear + (n + 1);
            v.z5 = w_.linear.data() + z5_at(p);
            v.z3 = v.z5 + (n + 1);
            v.scratch = v.z3 + (n + 1);
            s.z5 = v.z5;
            s.z3 = v.z3;
            s.n = int(pitch);
            v.packed = w_.packed.data() + p.packed;
            if (listed_) v.text = w_.text.data() + 2 * p.bases;
        }
        to_device(w_.folds, views, folds.size());
    }

    // Every diagonal of the inside (outwards) or the outside (inwards) pass of `folds` (longest
    // first), whose views are at w_.folds[0 ..].
    void fill(const std::vector<std::size_t>& folds, bool outside) {
        const int n = longest(folds);
        const int warp_from = warp_from_diagonal();
        const bool report = on_progress_ && folds.size() == 1 && n >= 1000;
        const std::size_t item = job(folds.front()).record;
        const double from = outside ? 0.45 : 0.0, to = outside_ ? (outside ? 1.0 : 0.45) : 1.0;
        for (int step = 0; step < n - kEnsembleMinHairpin - 1; ++step) {
            const int d = outside ? n - 1 - step : kEnsembleMinHairpin + 1 + step;
            // Folds longer than d: a prefix, lengths descend.
            int active = int(folds.size());
            while (active > 0 && places_[folds[active - 1]].n <= d) --active;
            const int cells = n - d;
            const std::size_t total = std::size_t(cells) * std::size_t(active);
            if (interleaved_) {
                launch_interleaved(step, n, outside, int(folds.size()), active);
            } else if (d >= warp_from) {
                const auto blocks = unsigned((total + kCellWarps - 1) / kCellWarps);
                if (outside)
                    warp_diagonal_kernel<true>
                        <<<blocks, kCellWarps * 32>>>(w_.folds.data(), active, d, cells);
                else
                    warp_diagonal_kernel<false>
                        <<<blocks, kCellWarps * 32>>>(w_.folds.data(), active, d, cells);
                TROPIC_CUDA_CHECK_LAUNCH("warp_diagonal_kernel");
            } else {
                const auto blocks = unsigned((total + kThreadBlock - 1) / kThreadBlock);
                if (outside)
                    thread_diagonal_kernel<true>
                        <<<blocks, kThreadBlock>>>(w_.folds.data(), active, d, cells);
                else
                    thread_diagonal_kernel<false>
                        <<<blocks, kThreadBlock>>>(w_.folds.data(), active, d, cells);
                TROPIC_CUDA_CHECK_LAUNCH("thread_diagonal_kernel");
            }
            if (report && step % 256 == 255) {
                TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
                // Cells of diagonal d cost ~d: the diagonals below x n hold 3x^2 - 2x^3 of it.
                auto below = [](double x) { return x * x * (3 - 2 * x); };
                const double x = double(step + 1) / n;
                on_progress_(item, from + (to - from) * (outside ? 1 - below(1 - x) : below(x)));
            }
        }
    }

    // The listed return of every fold, in page-locked memory: their totals and strings, then as
    // many pairs as were listed.
    struct Listed {
        const EnsembleListedFold* folds;
        const char* text;
        const double* values;
        const std::uint32_t* cells;
    };
    Listed download_listed() {
        const std::size_t folds = chunk_.size();
        w_.listed_out.resize(folds);
        w_.text_out.resize(2 * bases_);
        w_.head_out.resize(1);
        to_host(w_.listed_out.data(), w_.listed.folds.data(), folds);
        to_host(w_.text_out.data(), w_.text.data(), 2 * bases_);
        to_host(w_.head_out.data(), w_.listed.head.data(), 1);
        TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
        const std::size_t pairs = *w_.head_out.data();
        w_.values_out.resize(pairs);
        w_.cells_out.resize(pairs);
        to_host(w_.values_out.data(), w_.listed.values.data(), pairs);
        to_host(w_.cells_out.data(), w_.listed.cells.data(), pairs);
        TROPIC_CUDA_CHECK(cudaStreamSynchronize(cudaStreamPerThread));
        return {w_.listed_out.data(), w_.text_out.data(), w_.values_out.data(),
                w_.cells_out.data()};
    }

    // Launch: diagonal `step` of the pass (its d as fill's) of an interleaved group of `count`
    // folds, `active` of them longer than d, in the shape the environment asks for: with several
    // diagonals per launch, the launch at every k-th step covers the next k.
    void launch_interleaved(int step, int n, bool outside, int count, int active) {
        const int steps = n - kEnsembleMinHairpin - 1;
        const int d = outside ? n - 1 - step : kEnsembleMinHairpin + 1 + step;
        const int cells = n - d;
        const int span = shape_.diagonals_per_launch > 0 ? shape_.diagonals_per_launch : steps;
        if (span > 1) {
            if (step % span == 0)
                launch_interleaved_diagonals(w_.folds.data(), count, n, outside, d,
                                             std::min(span, steps - step));
        } else if (shape_.min_blocks > 0) {
            launch_interleaved_capped(w_.folds.data(), active, d, cells, outside,
                                      shape_.min_blocks);
        } else {
            const std::size_t total = std::size_t(cells) * std::size_t(active);
            const auto blocks = unsigned((total + kThreadBlock - 1) / kThreadBlock);
            if (outside)
                interleaved_diagonal_kernel<true>
                    <<<blocks, kThreadBlock>>>(w_.folds.data(), active, d, cells);
            else
                interleaved_diagonal_kernel<false>
                    <<<blocks, kThreadBlock>>>(w_.folds.data(), active, d, cells);
            TROPIC_CUDA_CHECK_LAUNCH("interleaved_diagonal_kernel");
        }
    }

    void download() {
        const Listed listed = listed_ ? download_listed() : Listed{};
        const bool dense = outside_ && !listed_;
        // Z5 and Z3 (sampling reads them) come back with every return but the listed one.
        const bool linear_back = keep_inside_ || !listed_;
        std::vector<double> packed(dense ? packed_doubles_ : 0);
        if (dense && packed_doubles_ > 0)
            TROPIC_CUDA_CHECK(cudaMemcpy(packed.data(), w_.packed.data(),
                                         packed_doubles_ * sizeof(double), cudaMemcpyDeviceToHost));
        std::vector<double> linear(linear_back ? linear_doubles_ : 0);
        if (linear_back)
            TROPIC_CUDA_CHECK(cudaMemcpy(linear.data(), w_.linear.data(),
                                         linear_doubles_ * sizeof(double), cudaMemcpyDeviceToHost));
        // The inside tables for sampling: straight into the folds' vectors (one copy each; such
        // chunks are never interleaved).
        if (keep_inside_)
            for (std::size_t f = 0; f < chunk_.size(); ++f) {
                EnsembleFold& fold = *job(f).fold;
                const std::size_t n = std::size_t(places_[f].n);
                const double* square = w_.tables.data() + places_[f].tables;
                std::vector<double>* tables[3] = {&fold.qb, &fold.qm, &fold.qm1};
                for (int t = 0; t < 3; ++t) {
                    tables[t]->resize(n * n);
                    if (n > 0)
                        TROPIC_CUDA_CHECK(cudaMemcpy(tables[t]->data(), square + t * n * n,
                                                     n * n * sizeof(double),
                                                     cudaMemcpyDeviceToHost));
                }
            }
        host_parallel(chunk_.size(), [&](std::size_t f) {
            EnsembleFold& fold = *job(f).fold;
            const FoldPlace& p = places_[f];
            const int n = p.n;
            const std::size_t un = std::size_t(n);
            fold.z5.clear();
            fold.z3.clear();
            if (linear_back) {
                const double* z5 = linear.data() + z5_at(p);
                fold.z5.assign(z5, z5 + un + 1);
                fold.z3.assign(z5 + un + 1, z5 + 2 * (un + 1));
            }
            for (auto* table : {&fold.qmh, &fold.qm1h, &fold.w}) table->clear();
            if (!keep_inside_)
                for (auto* table : {&fold.qb, &fold.qm, &fold.qm1}) table->clear();
            fold.qbh.clear();
            if (listed_)
                unpack_listed(fold, listed.folds[f], listed.values, listed.cells,
                              listed.text + 2 * p.bases);
            if (dense) {
                fold.qbh.assign(un * un, 0.0);
                const double* from = packed.data() + p.packed;
                for (int i = 0; i < n; ++i)
                    for (int j = i + kEnsembleMinHairpin + 1; j < n; ++j)
                        fold.qbh[std::size_t(j) * un + std::size_t(i)] =
                            from[ensemble_packed_at(n, i, j)];
            }
            EnsembleTables& s = fold.tables;
            s = EnsembleTables{};
            s.qb = keep_inside_ ? fold.qb.data() : nullptr;
            s.qm = keep_inside_ ? fold.qm.data() : nullptr;
            s.qm1 = keep_inside_ ? fold.qm1.data() : nullptr;
            s.qbh = dense ? fold.qbh.data() : nullptr;
            s.ml_unpaired = fold.setup.ml_unpaired.data();
            s.z5 = linear_back ? fold.z5.data() : nullptr;
            s.z3 = linear_back ? fold.z3.data() : nullptr;
            s.n = n;
            fold.outside_done = dense;
        });
    }

    std::span<const EnsembleJob> jobs_;
    std::vector<std::size_t> chunk_;  // indices into jobs_, longest first
    bool interleaved_;                // one interleaved group (see the top)
    const BoltzmannFactors& factors_;
    const MfeParams& mfe_params_;
    bool outside_, keep_inside_;
    bool listed_;  // the listed return (else dense)
    double list_threshold_;
    Workspace& w_;
    const Progress& on_progress_;
    InterleavedShape shape_;
    std::vector<FoldPlace> places_;
    std::size_t table_doubles_ = 0, linear_doubles_ = 0, packed_doubles_ = 0, bases_ = 0,
                pair_bytes_ = 0;
};

// The jobs by decreasing length (stable).
std::vector<std::size_t> longest_first(std::span<const EnsembleJob> jobs) {
    std::vector<std::size_t> order(jobs.size());
    for (std::size_t r = 0; r < order.size(); ++r) order[r] = r;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return jobs[a].sequence.size() > jobs[b].sequence.size();
    });
    return order;
}

// Refuses, before anything is allocated, a record that does not fit the device's budget.
void check_fits(std::span<const EnsembleJob> jobs, const std::vector<std::size_t>& order,
                const MemoryBudget& device_memory) {
    const std::uint64_t usable = device_memory.bytes;
    for (std::size_t r : order) {
        const std::size_t n = jobs[r].sequence.size();
        const std::uint64_t bytes = fold_bytes(n) + sizeof(BoltzmannFactors);
        if (bytes <= usable) return;  // the rest are shorter
        const std::size_t fits = longest_that_fits(usable, [](std::size_t length) {
            return fold_bytes(length) + sizeof(BoltzmannFactors);
        });
        throw ResourceError(does_not_fit_message(
            "an ensemble fold of " + std::to_string(n) + " nt", bytes, device_memory,
            "the longest sequence that fits is about " + std::to_string(fits) +
                " nt (or use the cpu backend)"));
    }
}

// How records are grouped into chunks.
struct ChunkRules {
    std::uint64_t budget = 0;  // device bytes a chunk may take
    int interleave_max = 0;    // chunks of records up to this long interleave (0: none)
    std::size_t max_folds = 0;
    bool capped = false;  // TROPIC_ENSEMBLE_CHUNK_FOLDS set: max_folds applies to groups too
    int groups_at_once = kGroupsAtOnce;

    bool interleavable(std::size_t longest) const {
        return interleave_max > 0 && longest <= std::size_t(interleave_max);
    }
};

// The chunks' budget: the device's usable memory, at most 16 GiB (TROPIC_ENSEMBLE_BUDGET_GIB
// moves the cap, for benchmarks of larger groups).
ChunkRules chunk_rules(std::uint64_t usable, bool keep_inside) {
    ChunkRules rules;
    const auto cap_gib = std::uint64_t(std::max(1, env_int("TROPIC_ENSEMBLE_BUDGET_GIB", 16)));
    rules.budget = std::min<std::uint64_t>(usable - sizeof(BoltzmannFactors), cap_gib << 30);
    rules.interleave_max =
        keep_inside ? 0 : env_int("TROPIC_ENSEMBLE_INTERLEAVE_MAX", kInterleaveMaxLength);
    const int chunk_folds = env_int("TROPIC_ENSEMBLE_CHUNK_FOLDS", 0);  // 0: not set
    rules.capped = chunk_folds > 0;
    rules.max_folds =  // probability_kernel's grid y at most
        std::min<std::size_t>(65535, rules.capped ? std::size_t(chunk_folds) : 65535);
    rules.groups_at_once =
        std::clamp(env_int("TROPIC_ENSEMBLE_GROUPS_AT_ONCE", kGroupsAtOnce), 1, 16);
    return rules;
}

struct Chunk {
    std::vector<std::size_t> folds;
    bool interleaved = false;
};

// Plan: chunks of records that fit the budget; a record of less than half the chunk's longest
// starts a new one, since every launch covers the longest record's cells for each record. Folds
// of an interleaved group take their longest one's squares, and such groups run several at a time
// (each on its own host thread and per-thread stream, with its share of the budget), so that one
// group's host work (setups, the return) overlaps the others' kernels.
std::vector<Chunk> plan_chunks(std::span<const EnsembleJob> jobs,
                               const std::vector<std::size_t>& order, const ChunkRules& rules) {
    std::vector<Chunk> chunks;
    std::vector<std::size_t> chunk;
    std::uint64_t chunk_bytes = 0;
    auto flush = [&] {
        if (chunk.empty()) return;
        const bool interleaved =
            chunk.size() > 1 && rules.interleavable(jobs[chunk.front()].sequence.size());
        chunks.push_back({std::move(chunk), interleaved});
        chunk.clear();
        chunk_bytes = 0;
    };
    auto cost = [&](std::size_t n, std::size_t longest) {
        return rules.interleavable(longest) ? fold_bytes(longest) + kCostDoubles * sizeof(double)
                                            : fold_bytes(n);
    };
    for (std::size_t r : order) {
        const std::size_t n = jobs[r].sequence.size();
        if (!chunk.empty()) {
            const std::size_t longest = jobs[chunk.front()].sequence.size();
            const bool group = rules.interleavable(longest);
            const std::uint64_t limit =
                group ? rules.budget / std::uint64_t(rules.groups_at_once) : rules.budget;
            const std::size_t most = group && !rules.capped
                                         ? std::min<std::size_t>(rules.max_folds, kGroupFolds)
                                         : rules.max_folds;
            if (chunk_bytes + cost(n, longest) > limit || chunk.size() == most || 2 * n < longest)
                flush();
        }
        chunk.push_back(r);
        chunk_bytes += cost(n, jobs[chunk.front()].sequence.size());
    }
    flush();
    return chunks;
}

// What every chunk of one fill_ensemble_cuda call shares.
struct FillRun {
    std::span<const EnsembleJob> jobs;
    const BoltzmannFactors& factors;
    const MfeParams& mfe_params;
    const EnsembleOutput& output;
    int device;
    const Progress& on_progress;

    void run(Chunk& chunk, Workspace& w) const {
        ChunkFill(jobs, std::move(chunk.folds), factors, mfe_params, output, chunk.interleaved, w,
                  on_progress)
            .run();
    }
    void prepare(Workspace& w) const {
        w.factors.assign(std::span<const BoltzmannFactors>(&factors, 1));
    }
};

// Launch: the plain chunks one after another on this thread; returns the interleaved groups.
std::vector<Chunk*> run_plain_chunks(const FillRun& run, std::vector<Chunk>& chunks) {
    std::vector<Chunk*> groups;
    Workspace w;
    run.prepare(w);
    for (Chunk& c : chunks) {
        if (c.interleaved)
            groups.push_back(&c);
        else
            run.run(c, w);
    }
    return groups;
}

// Launch: the interleaved groups `at_once` at a time, each on its own host thread (and
// per-thread stream); the first failure stops them all and is rethrown.
void run_groups_together(const FillRun& run, const std::vector<Chunk*>& groups, int at_once) {
    std::atomic<std::size_t> next{0};
    std::atomic<bool> failed{false};
    std::exception_ptr error;
    std::mutex error_mutex;
    auto worker = [&] {
        try {
            TROPIC_CUDA_CHECK(cudaSetDevice(run.device));  // per host thread
            Workspace w;
            run.prepare(w);
            for (std::size_t k = next++; k < groups.size() && !failed; k = next++)
                run.run(*groups[k], w);
        } catch (...) {
            failed = true;
            const std::lock_guard<std::mutex> lock(error_mutex);
            if (!error) error = std::current_exception();
        }
    };
    std::vector<std::thread> others;
    const std::size_t threads = std::min<std::size_t>(groups.size(), std::size_t(at_once));
    for (std::size_t t = 1; t < threads; ++t) others.emplace_back(worker);
    worker();
    for (std::thread& other : others) other.join();
    if (error) std::rethrow_exception(error);
}

}  // namespace

std::uint64_t ensemble_device_bytes(std::size_t length) {
    return fold_bytes(length);
}

void fill_ensemble_cuda(std::span<const EnsembleJob> jobs, const BoltzmannFactors& factors,
                        const MfeParams& mfe_params, const EnsembleOutput& output, int device,
                        const Progress& on_progress) {
    if (jobs.empty()) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(device));
    const MemoryBudget device_memory = tropic::detail::cuda::device_budget(device);
    const std::vector<std::size_t> order = longest_first(jobs);
    check_fits(jobs, order, device_memory);
    const ChunkRules rules = chunk_rules(device_memory.bytes, output.keep_inside);
    std::vector<Chunk> chunks = plan_chunks(jobs, order, rules);
    const FillRun run{jobs, factors, mfe_params, output, device, on_progress};
    run_groups_together(run, run_plain_chunks(run, chunks), rules.groups_at_once);
}

}  // namespace tropic::rna::detail::cuda

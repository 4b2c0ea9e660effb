// The CUDA path of the local model: one thread per window, running the shared rule
// (window_em.hpp) with the class count as a constant (9 and 13, cn.mops' two defaults), so that
// lambda, alpha and the posteriors of a window stay in registers.
//
// Data flow, per chunk of windows, on one of two streams:
//   caller's window-major counts --H2D--> transpose on the device to sample-major (the threads
//   of a warp then read one sample of 32 neighbouring windows together, coalesced, in every
//   cycle) --> fit kernel --> sI/NI and classes transposed back to window-major on the device
//   --D2H--> straight into the caller's result vectors. The host never transposes.
// Chunks alternate between two buffer sets and streams: the next chunk's copy in and kernels are
// queued before the current chunk's results are copied out, so transfers overlap computation.
// Buffers and streams are kept per host thread between calls (they only grow). Before
// allocating, the chunk size is cut to what the device's free memory holds, twice over.
//
// Cost, per window of N samples, n classes, C cycles (the cohort method; the reference method is
// one E-step without cycles):
//   FP64 work: C * N * n E/M-steps of about 38 FP64 instructions each with one coverage for all
//   samples (exp ~20, the division by the column sum ~10, the rest multiplies and adds; the log
//   of cov * lambda_i is taken once per cycle and class), ~63 with cn.mops' norm = 2 coverages
//   (a log ~25 more per step). Plus N lgamma and a quickselect median once per window.
//   BM-A (15 samples, 9 classes, 20 cycles): 2700 steps ~ 1.0e5 FP64 instructions per window;
//   1000 samples: 1.8e5 steps ~ 6.8e6 per window.
//   Device memory traffic: counts 8N in, transposes 4 x 8N, per cycle 16N from L2 (x and
//   lgamma), results 9N + 16n + 9 out.
//   Host <-> device: 8N in, 9N + 16n + 9 out: 408 bytes per BM-A window (2.8 GB for 6.9 M
//   windows), 17 kB per 1000-sample window.
// Expected on an H100 SXM (FP64 without tensor cores: 33.5 TFLOPS, i.e. 16.7 T FP64 instructions
// per second; the 67 TFLOPS figure is the FP64 tensor-core rate, which exp and log cannot use):
//   BM-A, 6.9 M windows x 15 samples: 1.86e10 steps -> ~45 ms of kernel at the FP64 ceiling;
//   transfers of 2.8 GB at 25-50 GB/s (pageable/pinned PCIe 5) take 55-110 ms, so the run is
//   bound by PCIe and overlap matters more than the kernel;
//   1000 samples x 250 k windows: 4.5e10 steps -> ~100 ms of kernel; 4.3 GB of transfers.
// Measured (H100 80GB HBM3, 2026-11-24, bench_cnv_model, median of 5, results kept between
// calls): BM-A 0.555 s end to end, of which the fit kernel 96 ms (195 G steps/s, 44% of the
// estimate above) and result.resize()'s zero fill of 2.8 GB on the host ~0.2 s; 1000 x 250 k:
// 0.845 s, the kernel 346 ms (130 G steps/s). The CPU on the same host (16 threads): ~1.2 G
// steps/s, so 16 s and 37 s. Page-locking the caller's buffers (cudaHostRegister) for the call
// was tried: 10% faster at 1000 samples, 15% slower at BM-A; not kept.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cnv/model/cuda/transpose.cuh"
#include "cnv/model/local_model_backends.hpp"
#include "cnv/model/model_constants.hpp"
#include "cnv/model/window_em.hpp"
#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "core/cuda/device_memory.cuh"
#include "core/internal/profile.hpp"
#include "tropic/cnv/local_model.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv::detail::cuda {

namespace {

using tropic::detail::cuda::DeviceBuffer;

constexpr int kThreads = 128;
// Chunks: at least two waves of the H100 at the fit kernel's occupancy (~16 warps per SM, 132
// SMs: 67 k threads), at most 1 M windows so that a BM-A block of 6.9 M windows pipelines over 7.
constexpr std::size_t kMinChunkWindows = std::size_t{1} << 17;
constexpr std::size_t kMaxChunkWindows = std::size_t{1} << 20;

struct KernelArgs {
    detail::ModelConstants constants;
    std::size_t windows;  // of this chunk
    std::size_t samples;
    const double* x;                 // [s * windows + w]
    const double* coverage;          // [s]
    const double* reference_lambda;  // [w] or null
    double* ratio;                   // scratch [s * windows + w]; then sI/NI, same layout
    double* log_factorial;           // scratch [s * windows + w]
    double* lambda;                  // [w * classes + i]
    double* alpha;                   // [w * classes + i]
    std::uint8_t* expected_class;    // [s * windows + w]
    double* ini;                     // [w]
    bool* prior_only;                // [w]
};

// The fit writes sI/NI over the ratio scratch: each thread touches only its own window's column,
// whose ratios are dead once its median is taken.
template <int kClasses>
__global__ void __launch_bounds__(kThreads) fit_windows_kernel(KernelArgs args) {
    const std::size_t w = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (w >= args.windows) return;
    const int n = args.constants.classes;
    detail::WindowIn in{args.x + w, args.windows, args.coverage,
                        args.reference_lambda ? args.reference_lambda[w] : 0.0};
    detail::WindowOut out{args.lambda + w * n, args.alpha + w * n, args.expected_class + w,
                          args.ratio + w,      args.windows,       args.ini + w,
                          args.prior_only + w};
    if (args.constants.reference) {
        detail::fit_window_reference<kClasses>(args.constants, args.samples, in, out);
    } else {
        detail::fit_window_cohort<kClasses>(args.constants, args.samples, in,
                                            {args.ratio + w, args.log_factorial + w, args.windows},
                                            out);
    }
}

void launch_fit(const KernelArgs& args, cudaStream_t stream) {
    const unsigned blocks = static_cast<unsigned>((args.windows + kThreads - 1) / kThreads);
    switch (args.constants.classes) {
        case 9:  // cn.mops() and exomecn.mops()
            fit_windows_kernel<9><<<blocks, kThreads, 0, stream>>>(args);
            break;
        case 13:  // referencecn.mops()
            fit_windows_kernel<13><<<blocks, kThreads, 0, stream>>>(args);
            break;
        default:  // any other class set: the same rule with the count read at run time
            fit_windows_kernel<0><<<blocks, kThreads, 0, stream>>>(args);
            break;
    }
    TROPIC_CUDA_CHECK_LAUNCH("fit_windows_kernel");
}

// One chunk's buffers and the stream its work runs on.
struct ChunkSet {
    DeviceBuffer<double> counts, x, ratio, log_factorial, lambda, alpha, ini, reference_lambda;
    DeviceBuffer<std::uint8_t> class_by_sample, class_by_window;
    DeviceBuffer<bool> prior_only;
    cudaStream_t stream = nullptr;
    cudaEvent_t fit_start = nullptr, fit_end = nullptr;
    std::size_t first = 0, windows = 0;  // the chunk it holds

    std::size_t held_bytes() const {
        return (counts.size() + x.size() + ratio.size() + log_factorial.size() + lambda.size() +
                alpha.size() + ini.size() + reference_lambda.size()) *
                   sizeof(double) +
               class_by_sample.size() + class_by_window.size() + prior_only.size();
    }
    void reserve(std::size_t windows_, std::size_t samples, std::size_t classes) {
        const std::size_t cells = windows_ * samples;
        counts.resize(cells);
        x.resize(cells);
        ratio.resize(cells);
        log_factorial.resize(cells);
        class_by_sample.resize(cells);
        class_by_window.resize(cells);
        lambda.resize(windows_ * classes);
        alpha.resize(windows_ * classes);
        ini.resize(windows_);
        reference_lambda.resize(windows_);
        prior_only.resize(windows_);
    }
    ~ChunkSet() {
        // At process exit the runtime may be gone before this thread's workspace: errors ignored.
        if (fit_start) cudaEventDestroy(fit_start);
        if (fit_end) cudaEventDestroy(fit_end);
        if (stream) cudaStreamDestroy(stream);
    }
};

struct Workspace {
    int device = -1;
    DeviceBuffer<double> coverage;
    ChunkSet sets[2];
};

Workspace& workspace_for(int device) {
    thread_local std::unique_ptr<Workspace> kept;
    if (!kept || kept->device != device) {
        kept.reset();  // the old device's buffers go before the new ones are made
        kept = std::make_unique<Workspace>();
        kept->device = device;
        for (ChunkSet& set : kept->sets) {
            TROPIC_CUDA_CHECK(cudaStreamCreateWithFlags(&set.stream, cudaStreamNonBlocking));
            TROPIC_CUDA_CHECK(cudaEventCreate(&set.fit_start));
            TROPIC_CUDA_CHECK(cudaEventCreate(&set.fit_end));
        }
    }
    return *kept;
}

template <typename T>
void copy_in(T* device, const T* host, std::size_t count, cudaStream_t stream) {
    if (count)
        TROPIC_CUDA_CHECK(
            cudaMemcpyAsync(device, host, count * sizeof(T), cudaMemcpyHostToDevice, stream));
}
template <typename T>
void copy_out(T* host, const T* device, std::size_t count, cudaStream_t stream) {
    if (count)
        TROPIC_CUDA_CHECK(
            cudaMemcpyAsync(host, device, count * sizeof(T), cudaMemcpyDeviceToHost, stream));
}

// How a block is cut into chunks, and the device memory the chunks take.
struct ChunkPlan {
    std::size_t chunk = 0;   // windows per chunk
    std::size_t chunks = 0;  // in the block
    std::size_t sets = 0;    // buffer sets in use: 2 when chunks alternate, else 1
};

// A quarter of the block within [kMinChunkWindows, kMaxChunkWindows], then what two buffer sets
// may take of the device's budget (with what this workspace already holds). Throws
// ResourceError when not even one window fits.
ChunkPlan plan_chunks(std::size_t windows, std::size_t samples, std::size_t classes,
                      const Workspace& ws, int device) {
    const MemoryBudget device_memory = tropic::detail::cuda::device_budget(
        device,
        ws.sets[0].held_bytes() + ws.sets[1].held_bytes() + ws.coverage.size() * sizeof(double));
    const double budget =
        static_cast<double>(device_memory.bytes) - static_cast<double>(samples * sizeof(double));
    const std::size_t per_window = device_bytes_per_window(samples, classes);
    const double fitting = budget / (2.0 * static_cast<double>(per_window));
    if (fitting < 1) {
        throw ResourceError(does_not_fit_message(
            "one window of " + std::to_string(samples) + " samples (two buffer sets)",
            2 * per_window + samples * sizeof(double), device_memory,
            "use fewer samples per block or the cpu backend"));
    }
    ChunkPlan plan;
    plan.chunk = std::clamp((windows + 3) / 4, kMinChunkWindows, kMaxChunkWindows);
    plan.chunk = std::min({plan.chunk, windows, static_cast<std::size_t>(fitting)});
    plan.chunks = (windows + plan.chunk - 1) / plan.chunk;
    plan.sets = plan.chunks > 1 ? 2 : 1;
    return plan;
}

// One call's work: what every stage reads, and what the stages gather.
struct FitCall {
    const LocalModelBlock& block;
    const ModelConstants& constants;
    std::size_t samples = 0, classes = 0;
    Workspace& ws;
    ChunkPlan plan;
    LocalModelResult& result;
    std::vector<std::uint8_t> prior_only;  // bool on the device, one byte each
    bool profiling = false;
    double fit_seconds = 0;
};

// Chunk c's counts (and controls' lambda) queued for the device on its set's stream.
ChunkSet& upload(FitCall& call, std::size_t c) {
    ChunkSet& set = call.ws.sets[c % 2];
    set.first = c * call.plan.chunk;
    set.windows = std::min(call.plan.chunk, call.block.windows - set.first);
    copy_in(set.counts.data(), call.block.counts + set.first * call.samples,
            set.windows * call.samples, set.stream);
    if (call.block.reference_lambda)
        copy_in(set.reference_lambda.data(), call.block.reference_lambda + set.first, set.windows,
                set.stream);
    return set;
}

// The chunk's kernels: counts to sample-major, the fit, and its results back to window-major.
void launch(const FitCall& call, ChunkSet& set) {
    const std::size_t samples = call.samples;
    transpose(set.counts.data(), set.x.data(), set.windows, samples, set.stream);
    TROPIC_CUDA_CHECK_LAUNCH("transpose (counts)");
    KernelArgs args{call.constants,
                    set.windows,
                    samples,
                    set.x.data(),
                    call.ws.coverage.data(),
                    call.block.reference_lambda ? set.reference_lambda.data() : nullptr,
                    set.ratio.data(),
                    set.log_factorial.data(),
                    set.lambda.data(),
                    set.alpha.data(),
                    set.class_by_sample.data(),
                    set.ini.data(),
                    set.prior_only.data()};
    if (call.profiling) TROPIC_CUDA_CHECK(cudaEventRecord(set.fit_start, set.stream));
    launch_fit(args, set.stream);
    if (call.profiling) TROPIC_CUDA_CHECK(cudaEventRecord(set.fit_end, set.stream));
    // Back to window-major: sI/NI over the counts (dead since their transposition).
    transpose(set.ratio.data(), set.counts.data(), samples, set.windows, set.stream);
    transpose(set.class_by_sample.data(), set.class_by_window.data(), samples, set.windows,
              set.stream);
    TROPIC_CUDA_CHECK_LAUNCH("transpose (results)");
}

// The chunk's results copied into the caller's result, waited for.
void collect(FitCall& call, ChunkSet& set) {
    const std::size_t n = call.classes, cells = set.windows * call.samples;
    LocalModelResult& result = call.result;
    copy_out(result.sini.data() + set.first * call.samples, set.counts.data(), cells, set.stream);
    copy_out(result.expected_class.data() + set.first * call.samples, set.class_by_window.data(),
             cells, set.stream);
    copy_out(result.lambda.data() + set.first * n, set.lambda.data(), set.windows * n, set.stream);
    copy_out(result.alpha.data() + set.first * n, set.alpha.data(), set.windows * n, set.stream);
    copy_out(result.ini.data() + set.first, set.ini.data(), set.windows, set.stream);
    copy_out(reinterpret_cast<bool*>(call.prior_only.data() + set.first), set.prior_only.data(),
             set.windows, set.stream);
    TROPIC_CUDA_CHECK(cudaStreamSynchronize(set.stream));
    if (call.profiling) {
        float ms = 0;
        TROPIC_CUDA_CHECK(cudaEventElapsedTime(&ms, set.fit_start, set.fit_end));
        call.fit_seconds += ms / 1e3;
    }
}

void record_profile(const FitCall& call) {
    const double steps =
        static_cast<double>(call.block.windows) * static_cast<double>(call.samples) *
        static_cast<double>(call.classes) *
        (call.constants.reference ? 1.0 : static_cast<double>(call.constants.cycles));
    profile::record("cnv local model: fit kernel", call.fit_seconds, steps);
}

}  // namespace

}  // namespace tropic::cnv::detail::cuda

namespace tropic::cnv::detail {

void fit_local_models_cuda(const LocalModelBlock& block, const CnmopsParams& params,
                           LocalModelResult& result, const RunOptions& run) {
    const ModelConstants constants = make_model_constants(params);
    const std::size_t n = static_cast<std::size_t>(constants.classes);
    const std::size_t windows = block.windows, samples = block.samples;
    result.resize(windows, samples, n);
    if (windows == 0 || samples == 0) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(run.device));
    cuda::Workspace& ws = cuda::workspace_for(run.device);
    const cuda::ChunkPlan plan = cuda::plan_chunks(windows, samples, n, ws, run.device);
    for (std::size_t s = 0; s < plan.sets; ++s) ws.sets[s].reserve(plan.chunk, samples, n);
    ws.coverage.assign(std::span<const double>(block.coverage, samples));
    cuda::FitCall call{block,
                       constants,
                       samples,
                       n,
                       ws,
                       plan,
                       result,
                       std::vector<std::uint8_t>(windows),
                       profile::enabled(),
                       0};
    // The caller's memory is pageable: a copy out returns only when done, so chunk c + 1 is
    // queued (copy in, kernels) before chunk c is copied out, and runs meanwhile.
    cuda::launch(call, cuda::upload(call, 0));
    for (std::size_t c = 0; c < plan.chunks; ++c) {
        if (c + 1 < plan.chunks) cuda::launch(call, cuda::upload(call, c + 1));
        cuda::collect(call, ws.sets[c % 2]);
    }
    for (std::uint8_t p : call.prior_only) result.prior_only_windows += p ? 1 : 0;
    if (call.profiling) cuda::record_profile(call);
}

}  // namespace tropic::cnv::detail

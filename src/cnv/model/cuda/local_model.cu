// The CUDA path of the local model: one thread per window, running the shared rule
// (window_em.hpp). The block's counts are transposed on the host to sample-major order, so that
// the threads of a warp read neighbouring windows of one sample together (coalesced); outputs
// are written once, sample-major as well, and transposed back on the host.
#include <cuda_runtime.h>

#include <cstdint>
#include <span>
#include <vector>

#include "cnv/model/model_constants.hpp"
#include "cnv/model/window_em.hpp"
#include "core/cuda/cuda_check.cuh"
#include "core/cuda/device_buffer.cuh"
#include "tropic/cnv/local_model.hpp"

namespace tropic::cnv {

namespace {

using cuda_detail::DeviceBuffer;

struct KernelArgs {
    model::ModelConstants constants;
    std::size_t windows;
    std::size_t samples;
    const double* counts;            // [s * windows + w]
    const double* coverage;          // [s]
    const double* reference_lambda;  // [w] or null
    double* ratio;                   // scratch [s * windows + w]
    double* log_factorial;           // scratch [s * windows + w]
    double* lambda;                  // [w * classes + i]
    double* alpha;                   // [w * classes + i]
    std::uint8_t* expected_class;    // [s * windows + w]
    double* sini;                    // [s * windows + w]
    double* ini;                     // [w]
    bool* prior_only;                // [w]
};

__global__ void fit_windows_kernel(KernelArgs args) {
    const std::size_t w = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    if (w >= args.windows) return;
    const int n = args.constants.classes;
    model::WindowIn in{args.counts + w, args.windows, args.coverage,
                       args.reference_lambda ? args.reference_lambda[w] : 0.0};
    model::WindowOut out{args.lambda + w * n, args.alpha + w * n, args.expected_class + w,
                         args.sini + w,       args.windows,       args.ini + w,
                         args.prior_only + w};
    if (args.constants.reference) {
        model::fit_window_reference(args.constants, args.samples, in, out);
    } else {
        model::fit_window_cohort(args.constants, args.samples, in,
                                 {args.ratio + w, args.log_factorial + w, args.windows}, out);
    }
}

}  // namespace

void fit_local_models_cuda(const LocalModelBlock& block, const CnmopsParams& params,
                           LocalModelResult& result, const RunOptions& run) {
    const model::ModelConstants constants = model::make_model_constants(params);
    const std::size_t n = static_cast<std::size_t>(constants.classes);
    const std::size_t windows = block.windows, samples = block.samples;
    result.resize(windows, samples, n);
    if (windows == 0 || samples == 0) return;
    TROPIC_CUDA_CHECK(cudaSetDevice(run.device));

    std::vector<double> transposed(windows * samples);
    for (std::size_t w = 0; w < windows; ++w)
        for (std::size_t s = 0; s < samples; ++s)
            transposed[s * windows + w] = block.counts[w * samples + s];

    DeviceBuffer<double> counts, coverage, reference_lambda, ratio, log_factorial, lambda, alpha,
        sini, ini;
    DeviceBuffer<std::uint8_t> expected_class;
    DeviceBuffer<bool> prior_only;
    counts.assign(std::span<const double>(transposed));
    coverage.assign(std::span<const double>(block.coverage, samples));
    if (block.reference_lambda)
        reference_lambda.assign(std::span<const double>(block.reference_lambda, windows));
    if (!constants.reference) {
        ratio.resize(windows * samples);
        log_factorial.resize(windows * samples);
    }
    lambda.resize(windows * n);
    alpha.resize(windows * n);
    sini.resize(windows * samples);
    expected_class.resize(windows * samples);
    ini.resize(windows);
    prior_only.resize(windows);

    KernelArgs args{constants,
                    windows,
                    samples,
                    counts.data(),
                    coverage.data(),
                    block.reference_lambda ? reference_lambda.data() : nullptr,
                    ratio.data(),
                    log_factorial.data(),
                    lambda.data(),
                    alpha.data(),
                    expected_class.data(),
                    sini.data(),
                    ini.data(),
                    prior_only.data()};
    constexpr int kThreads = 128;
    const unsigned blocks = static_cast<unsigned>((windows + kThreads - 1) / kThreads);
    fit_windows_kernel<<<blocks, kThreads>>>(args);
    TROPIC_CUDA_CHECK_LAUNCH("fit_windows_kernel");
    TROPIC_CUDA_CHECK(cudaDeviceSynchronize());

    auto copy_back = [](auto& host, const auto& device, std::size_t count) {
        TROPIC_CUDA_CHECK(cudaMemcpy(host.data(), device.data(), count * sizeof(host[0]),
                                     cudaMemcpyDeviceToHost));
    };
    copy_back(result.lambda, lambda, windows * n);
    copy_back(result.alpha, alpha, windows * n);
    copy_back(result.ini, ini, windows);
    copy_back(transposed, sini, windows * samples);
    for (std::size_t w = 0; w < windows; ++w)
        for (std::size_t s = 0; s < samples; ++s)
            result.sini[w * samples + s] = transposed[s * windows + w];
    std::vector<std::uint8_t> classes(windows * samples);
    copy_back(classes, expected_class, windows * samples);
    for (std::size_t w = 0; w < windows; ++w)
        for (std::size_t s = 0; s < samples; ++s)
            result.expected_class[w * samples + s] = classes[s * windows + w];
    std::vector<char> flags(windows);
    TROPIC_CUDA_CHECK(cudaMemcpy(flags.data(), prior_only.data(), windows * sizeof(bool),
                                 cudaMemcpyDeviceToHost));
    for (char f : flags) result.prior_only_windows += f ? 1 : 0;
}

}  // namespace tropic::cnv

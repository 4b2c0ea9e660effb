#pragma once
// The GPU benchmarks' timer: the median wall time on the device of `repeats` runs of `run` after
// one warm-up, by CUDA events on the calling thread's default stream (the project compiles with
// --default-stream=per-thread), in seconds.
#include <cuda_runtime.h>

#include <algorithm>
#include <vector>

#include "core/cuda/cuda_check.cuh"

namespace tropic::bench {

template <typename F>
double median_event_seconds(int repeats, F run) {
    cudaEvent_t start, stop;
    TROPIC_CUDA_CHECK(cudaEventCreate(&start));
    TROPIC_CUDA_CHECK(cudaEventCreate(&stop));
    run();  // warm-up
    std::vector<double> times;
    for (int r = 0; r < repeats; ++r) {
        TROPIC_CUDA_CHECK(cudaEventRecord(start, cudaStreamPerThread));
        run();
        TROPIC_CUDA_CHECK(cudaEventRecord(stop, cudaStreamPerThread));
        TROPIC_CUDA_CHECK(cudaEventSynchronize(stop));
        float ms = 0;
        TROPIC_CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
        times.push_back(ms / 1e3);
    }
    TROPIC_CUDA_CHECK(cudaEventDestroy(start));
    TROPIC_CUDA_CHECK(cudaEventDestroy(stop));
    std::sort(times.begin(), times.end());
    return times[times.size() / 2];
}

}  // namespace tropic::bench

#pragma once
// Base of the GPU test fixtures: every test SKIPs visibly without CUDA support or a device, and
// CPU comparisons share one thread pool of all cores.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "tropic/core/device.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::test {

class GpuTest : public ::testing::Test {
  protected:
    void SetUp() override {
        if (!cuda_compiled()) GTEST_SKIP() << "built without CUDA: GPU tests not run";
        if (cuda_device_count() == 0) GTEST_SKIP() << "no CUDA device: GPU tests not run";
    }
    static ThreadPool& pool() {
        static ThreadPool p(0);
        return p;
    }
    // A run on `backend` with the shared pool, spread over `devices` (empty: device 0 alone).
    static RunOptions run_on(Backend backend, std::vector<int> devices = {}) {
        RunOptions run;
        run.backend = backend;
        run.pool = &pool();
        run.devices = std::move(devices);
        return run;
    }
};

}  // namespace tropic::test

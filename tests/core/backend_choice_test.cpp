// choose_backend against a fake device probe: every branch of cpu, cuda and auto, the fit
// messages, auto's notice and its refusal, and that nothing probes the device needlessly.
#include "core/internal/backend_choice.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/internal/device_probe.hpp"
#include "tropic/core/error.hpp"

namespace tropic {
namespace {

constexpr std::uint64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;

// A machine with `devices` CUDA devices of `free` bytes each (or a build without CUDA), that
// counts how often free memory is asked for.
class FakeDevices {
  public:
    FakeDevices(bool compiled, int devices, std::uint64_t free)
        : probe_(detail::DeviceProbe{compiled, devices, [this, free](int) {
                                         ++free_queries_;
                                         return free;
                                     }}) {}
    int free_queries() const { return free_queries_; }

  private:
    int free_queries_ = 0;
    detail::ScopedDeviceProbe probe_;
};

struct Caller {
    RunOptions options;
    std::vector<std::string> notices;

    explicit Caller(Backend backend, std::size_t max_memory = 64 * GiB, int device = 0) {
        options.backend = backend;
        options.max_memory = max_memory;
        options.device = device;
        options.on_notice = [this](const Notice& notice) { notices.push_back(notice.text); };
    }
};

WorkEstimate work(double steps, std::uint64_t host_bytes, std::uint64_t device_bytes) {
    WorkEstimate w;
    w.what = "a test fold of 1000 nt";
    w.steps = steps;
    w.auto_min_steps = 100;
    w.host_bytes = host_bytes;
    w.device_bytes = device_bytes;
    w.suggest = [](const MemoryBudget& budget) {
        return budget.on_device() ? std::string("a smaller batch fits the device")
                                  : std::string("fold shorter windows");
    };
    return w;
}

std::string refusal(Caller& run, const WorkEstimate& w) {
    try {
        choose_backend(run.options, w);
    } catch (const ResourceError& e) {
        EXPECT_EQ(e.code(), ExitCode::Resource);
        return e.what();
    }
    ADD_FAILURE() << "no ResourceError";
    return {};
}

void expect_contains(const std::string& text, const std::string& part) {
    EXPECT_NE(text.find(part), std::string::npos) << "'" << part << "' not in: " << text;
}

TEST(ChooseBackend, CpuRunsWhatFitsWithoutAskingTheDevice) {
    FakeDevices machine(true, 1, 80 * GiB);
    Caller run(Backend::Cpu);
    EXPECT_EQ(choose_backend(run.options, work(1e12, GiB, GiB)), Backend::Cpu);
    EXPECT_EQ(machine.free_queries(), 0);
    EXPECT_TRUE(run.notices.empty());
}

TEST(ChooseBackend, CpuRefusesWhatDoesNotFitTheLimit) {
    FakeDevices machine(true, 1, 80 * GiB);
    Caller run(Backend::Cpu, 4 * MiB);
    const std::string message = refusal(run, work(1, 6 * MiB, 0));
    expect_contains(message,
                    "a test fold of 1000 nt needs 6.0 MiB of memory but the memory limit is "
                    "4.0 MiB; fold shorter windows");
}

TEST(ChooseBackend, HostBudgetWithoutALimitIsWhatIsAvailable) {
    const MemoryBudget budget = host_budget(0);
    EXPECT_EQ(budget.kind, MemoryBudget::Kind::HostAvailable);
    EXPECT_GT(budget.bytes, 0u);
    FakeDevices machine(false, 0, 0);
    Caller run(Backend::Cpu, 0);
    expect_contains(refusal(run, work(1, budget.bytes * 4, 0)), "is available; fold shorter");
}

TEST(ChooseBackend, CudaSaysWhatIsMissingAndSuggestsTheCpu) {
    {
        FakeDevices machine(false, 0, 0);
        Caller run(Backend::Cuda);
        EXPECT_EQ(refusal(run, work(1e12, 0, 0)),
                  "this tropic was built without CUDA support; use the cpu backend");
    }
    FakeDevices machine(true, 1, 80 * GiB);
    for (int device : {1, -1}) {
        Caller run(Backend::Cuda, 64 * GiB, device);
        EXPECT_EQ(refusal(run, work(1e12, 0, 0)),
                  "CUDA device " + std::to_string(device) +
                      " is not available (1 device(s) found); use the cpu backend");
    }
    EXPECT_EQ(machine.free_queries(), 0);
}

TEST(ChooseBackend, CudaRunsWhatFitsTheDeviceAndRefusesTheRest) {
    FakeDevices machine(true, 2, 80 * GiB);
    Caller run(Backend::Cuda, 64 * GiB, 1);
    // Small work too: cuda was asked for. Host memory is not the device's concern.
    EXPECT_EQ(choose_backend(run.options, work(1, 100 * GiB, 72 * GiB)), Backend::Cuda);
    // A tenth of the free memory stays back (usable_device_bytes): 80 GiB free hold 72.
    EXPECT_EQ(refusal(run, work(1e12, 0, 73 * GiB)),
              "a test fold of 1000 nt needs 73.0 GiB of memory on CUDA device 1 but 72.0 GiB of "
              "its 80.0 GiB free can be used; a smaller batch fits the device (or use the cpu "
              "backend)");
    EXPECT_TRUE(run.notices.empty());
}

TEST(ChooseBackend, AutoKeepsSmallWorkOnTheCpuWithoutAskingTheDevice) {
    FakeDevices machine(true, 1, 80 * GiB);
    Caller run(Backend::Auto);
    EXPECT_EQ(choose_backend(run.options, work(99, MiB, MiB)), Backend::Cpu);
    EXPECT_EQ(machine.free_queries(), 0);
    EXPECT_EQ(choose_backend(run.options, work(100, MiB, MiB)), Backend::Cuda);
    EXPECT_TRUE(run.notices.empty());
}

TEST(ChooseBackend, AutoWithoutAUsableDeviceRunsOnTheCpu) {
    for (auto [compiled, devices, device] : {std::tuple{false, 0, 0}, std::tuple{true, 0, 0},
                                             std::tuple{true, 1, 1}, std::tuple{true, 1, -1}}) {
        FakeDevices machine(compiled, devices, 80 * GiB);
        Caller run(Backend::Auto, 64 * GiB, device);
        EXPECT_EQ(choose_backend(run.options, work(1e12, MiB, MiB)), Backend::Cpu)
            << "device " << device << " of " << devices;
        EXPECT_EQ(machine.free_queries(), 0);
        EXPECT_TRUE(run.notices.empty());
        // Work the host cannot hold is refused with the host's message.
        EXPECT_EQ(refusal(run, work(1e12, 128 * GiB, MiB)),
                  "a test fold of 1000 nt needs 128.0 GiB of memory but the memory limit is "
                  "64.0 GiB; fold shorter windows");
    }
}

TEST(ChooseBackend, AutoSaysWhenTheDeviceCannotHoldTheWork) {
    FakeDevices machine(true, 1, 80 * GiB);
    Caller run(Backend::Auto, 192 * GiB);
    EXPECT_EQ(choose_backend(run.options, work(1e12, 160 * GiB, 160 * GiB)), Backend::Cpu);
    ASSERT_EQ(run.notices.size(), 1u);
    EXPECT_EQ(run.notices[0],
              "a test fold of 1000 nt: CUDA device 0 has 72.0 GiB usable (80.0 GiB free) and the "
              "work needs 160.0 GiB; running on the CPU");
}

TEST(ChooseBackend, AutoRefusesUpFrontWhatFitsNeither) {
    FakeDevices machine(true, 1, 80 * GiB);
    Caller run(Backend::Auto, 64 * GiB);
    EXPECT_EQ(refusal(run, work(1e12, 160 * GiB, 150 * GiB)),
              "a test fold of 1000 nt fits neither in memory (160.0 GiB needed, 64.0 GiB allowed) "
              "nor on CUDA device 0 (150.0 GiB needed, 72.0 GiB usable of 80.0 GiB free); fold "
              "shorter windows");
    // Small work too big for the host, and for the device.
    expect_contains(refusal(run, work(1, 160 * GiB, 150 * GiB)), "fits neither");
    EXPECT_TRUE(run.notices.empty());
}

TEST(ChooseBackend, AutoSendsWorkTooLargeForTheHostToADeviceThatHoldsIt) {
    FakeDevices machine(true, 1, 80 * GiB);
    Caller run(Backend::Auto, 64 * GiB);
    EXPECT_EQ(choose_backend(run.options, work(1, 70 * GiB, 72 * GiB)), Backend::Cuda);
    EXPECT_TRUE(run.notices.empty());
}

TEST(ChooseBackend, MemoryTheWorkWouldReuseCountsAsFree) {
    FakeDevices machine(true, 1, 30 * GiB);
    Caller run(Backend::Cuda);
    WorkEstimate w = work(1e12, 0, 45 * GiB);
    EXPECT_EQ(refusal(run, w),
              "a test fold of 1000 nt needs 45.0 GiB of memory on CUDA device 0 but 27.0 GiB of "
              "its 30.0 GiB free can be used; a smaller batch fits the device (or use the cpu "
              "backend)");
    // 30 GiB free and 20 reused: 50 GiB, of which 45 are usable.
    w.device_reusable_bytes = 20 * GiB;
    EXPECT_EQ(choose_backend(run.options, w), Backend::Cuda);
    run.options.backend = Backend::Auto;
    EXPECT_EQ(choose_backend(run.options, w), Backend::Cuda);
    EXPECT_TRUE(run.notices.empty());
}

TEST(ChooseBackend, OneChooserProbesTheDeviceOnce) {
    FakeDevices machine(true, 1, 80 * GiB);
    Caller run(Backend::Auto);
    BackendChooser chooser(run.options);
    for (int k = 0; k < 5; ++k) EXPECT_EQ(chooser.choose(work(1e12, MiB, MiB)), Backend::Cuda);
    EXPECT_EQ(machine.free_queries(), 1);
    EXPECT_EQ(chooser.device().free_bytes, 80 * GiB);
    // The one headroom rule: a tenth of the free memory stays back.
    EXPECT_EQ(chooser.device().bytes, 72 * GiB);
}

TEST(ChooseBackend, OneChooserNoticesOnce) {
    FakeDevices machine(true, 1, GiB);
    Caller run(Backend::Auto);
    BackendChooser chooser(run.options);
    for (int k = 0; k < 3; ++k) EXPECT_EQ(chooser.choose(work(1e12, MiB, 2 * GiB)), Backend::Cpu);
    EXPECT_EQ(run.notices.size(), 1u);
    // Each decision on its own says it again.
    EXPECT_EQ(choose_backend(run.options, work(1e12, MiB, 2 * GiB)), Backend::Cpu);
    EXPECT_EQ(run.notices.size(), 2u);
}

TEST(ChooseBackend, NoticesGoToStderrByDefault) {
    FakeDevices machine(true, 1, MiB);
    RunOptions options;
    options.max_memory = GiB;
    ::testing::internal::CaptureStderr();
    const Backend backend = choose_backend(options, work(1e12, 2 * MiB, 2 * MiB));
    const std::string err = ::testing::internal::GetCapturedStderr();
    EXPECT_EQ(backend, Backend::Cpu);
    EXPECT_EQ(err,
              "tropic: note: a test fold of 1000 nt: CUDA device 0 has 921.6 KiB usable (1.0 MiB "
              "free) and the work needs 2.0 MiB; running on the CPU\n");
}

TEST(MemoryFit, FormatsBytesInBinaryUnits) {
    EXPECT_EQ(format_bytes(0), "0 bytes");
    EXPECT_EQ(format_bytes(1023), "1023 bytes");
    EXPECT_EQ(format_bytes(1536), "1.5 KiB");
    EXPECT_EQ(format_bytes(4 * MiB), "4.0 MiB");
    EXPECT_EQ(format_bytes(3'200'000'000), "3.0 GiB");
    EXPECT_EQ(format_bytes(1'280'000'000'000), "1.2 TiB");
}

TEST(MemoryFit, MessageNamesTheWorkTheNeedTheBudgetAndTheSuggestion) {
    EXPECT_EQ(does_not_fit_message("a batch", 2 * GiB, device_budget(3, GiB)),
              "a batch needs 2.0 GiB of memory on CUDA device 3 but 921.6 MiB of its 1.0 GiB free "
              "can be used");
    EXPECT_EQ(does_not_fit_message("a batch", 2 * GiB, {MemoryBudget::Kind::HostAvailable, GiB, 0},
                                   "a smaller one"),
              "a batch needs 2.0 GiB of memory but 1.0 GiB is available; a smaller one");
}

}  // namespace
}  // namespace tropic

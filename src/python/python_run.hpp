#pragma once
// How one call of the module runs: the RunOptions of the arguments every computing function takes
// (backend, threads, devices, progress), the pool of CPU threads, and the computation itself run
// without the GIL. The library's progress reports reach the Python callback with the GIL held,
// whichever thread they come from; an exception the callback raises stops the computation and
// is raised by the call. Notices are collected and given to Python's warnings (warnings) and
// logging (notes) once the computation is done.
#include <nanobind/nanobind.h>

#include <exception>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "tropic/core/notice.hpp"
#include "tropic/core/run_options.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::python {

namespace nb = nanobind;

struct RunArguments {
    std::string backend = "auto";
    unsigned threads = 0;      // 0: every core
    std::vector<int> devices;  // empty: device 0 alone
    nb::object progress;       // None, or callable(item, fraction)
};

class PythonRun {
  public:
    // Throws InputError for an unknown backend, ResourceError for cuda without a device.
    explicit PythonRun(const RunArguments& arguments);
    PythonRun(const PythonRun&) = delete;
    PythonRun& operator=(const PythonRun&) = delete;

    [[nodiscard]] const RunOptions& options() const noexcept { return run_; }
    [[nodiscard]] ThreadPool* pool() noexcept { return pool_.get(); }

    // compute() with the GIL released; then the callback's exception, if it raised one, and the
    // notices. Call with the GIL held.
    template <class Compute>
    auto operator()(Compute&& compute) {
        try {
            auto result = [&] {
                nb::gil_scoped_release release;
                return compute();
            }();
            finish();
            return result;
        } catch (...) {
            finish();
            throw;
        }
    }

  private:
    void report_progress(std::size_t item, double fraction);
    // Raises the callback's exception, else passes on the notices.
    void finish();

    std::unique_ptr<ThreadPool> pool_;
    RunOptions run_;
    nb::object progress_;
    std::mutex mutex_;
    std::exception_ptr progress_error_;
    std::vector<Notice> notices_;
};

}  // namespace tropic::python

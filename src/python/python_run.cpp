#include "python/python_run.hpp"

#include <nanobind/stl/string.h>

#include <stdexcept>

#include "tropic/core/backend.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"

namespace tropic::python {

namespace {

// Thrown through the library by the progress listener once the callback has raised: not a
// tropic::Error, so no batch keeps it as one item's outcome.
struct ProgressStopped : std::runtime_error {
    ProgressStopped() : std::runtime_error("the progress callback raised an exception") {}
};

}  // namespace

PythonRun::PythonRun(const RunArguments& arguments)
    : pool_(std::make_unique<ThreadPool>(arguments.threads)), progress_(arguments.progress) {
    run_.backend = parse_backend(arguments.backend);
    run_.devices = arguments.devices;
    if (!run_.devices.empty()) run_.device = run_.devices.front();
    if (run_.backend == Backend::Cuda)
        if (const std::string reason = cuda_unavailable_reason(run_.device); !reason.empty())
            throw ResourceError("backend='cuda': " + reason + "; use backend='cpu'");
    run_.pool = pool_.get();
    if (!progress_.is_none())
        run_.on_progress = [this](std::size_t item, double fraction) {
            report_progress(item, fraction);
        };
    run_.on_notice = [this](const Notice& notice) {
        const std::lock_guard lock(mutex_);
        notices_.push_back(notice);
    };
}

void PythonRun::report_progress(std::size_t item, double fraction) {
    nb::gil_scoped_acquire acquire;
    if (progress_error_) throw ProgressStopped();
    try {
        progress_(item, fraction);
    } catch (...) {
        progress_error_ = std::current_exception();
        throw ProgressStopped();
    }
}

void PythonRun::finish() {
    if (progress_error_) std::rethrow_exception(std::exchange(progress_error_, nullptr));
    const nb::module_ warnings = nb::module_::import_("warnings");
    const nb::object logger = nb::module_::import_("logging").attr("getLogger")("tropic");
    for (const Notice& notice : std::exchange(notices_, {})) {
        if (notice.kind == Notice::Kind::Warning)
            warnings.attr("warn")(notice.text, nb::handle(PyExc_RuntimeWarning), 2);
        else
            logger.attr("info")(notice.text);
    }
}

}  // namespace tropic::python

#include "core/internal/backend_choice.hpp"

#include <fmt/format.h>

#include <cstdio>

#include "core/internal/device_probe.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

namespace {

std::string suggestion(const WorkEstimate& work, const MemoryBudget& budget) {
    return work.suggest ? work.suggest(budget) : std::string();
}

}  // namespace

BackendChooser::BackendChooser(const RunOptions& options) : options_(options) {}

bool BackendChooser::device_usable() {
    if (!device_problem_)
        device_problem_ =
            detail::cuda_unavailable_reason(detail::current_device_probe(), options_.device);
    return device_problem_->empty();
}

std::uint64_t BackendChooser::device_free_bytes() {
    if (!device_usable()) return 0;
    if (!device_free_) device_free_ = detail::current_device_probe().free_bytes(options_.device);
    return *device_free_;
}

MemoryBudget BackendChooser::device() {
    return device_budget(options_.device, device_free_bytes());
}

MemoryBudget BackendChooser::host() {
    if (!host_) host_ = host_budget(options_.max_memory);
    return *host_;
}

void BackendChooser::notice(const std::string& text) {
    if (noticed_) return;
    noticed_ = true;
    notify(options_, text);
}

MemoryBudget BackendChooser::device_for(const WorkEstimate& work) {
    return device_budget(options_.device, device_free_bytes() + work.device_reusable_bytes);
}

void BackendChooser::refuse_everywhere(const WorkEstimate& work) {
    const MemoryBudget host_memory = host();
    const MemoryBudget device = device_for(work);
    std::string message = fmt::format(
        "{} fits neither in memory ({} needed, {} {}) nor on CUDA device {} ({} needed, {} "
        "usable of {} free)",
        work.what, format_bytes(work.host_bytes), format_bytes(host_memory.bytes),
        host_memory.kind == MemoryBudget::Kind::HostLimit ? "allowed" : "available",
        options_.device, format_bytes(work.device_bytes), format_bytes(device.bytes),
        format_bytes(device.free_bytes));
    if (std::string hint = suggestion(work, host_memory); !hint.empty()) message += "; " + hint;
    throw ResourceError(message);
}

Backend BackendChooser::choose(const WorkEstimate& work) {
    auto host_fits = [&] { return work.host_bytes == 0 || work.host_bytes <= host().bytes; };
    auto device_fits = [&] { return work.device_bytes <= device_for(work).bytes; };
    switch (options_.backend) {
        case Backend::Cpu:
            if (!host_fits())
                throw ResourceError(does_not_fit_message(work.what, work.host_bytes, host(),
                                                         suggestion(work, host())));
            return Backend::Cpu;
        case Backend::Cuda: {
            if (!device_usable())
                throw ResourceError(*device_problem_ + "; " + std::string(kUseCpuBackend));
            if (!device_fits()) {
                const MemoryBudget device = device_for(work);
                std::string hint = suggestion(work, device);
                hint += hint.empty() ? kUseCpuBackend
                                     : " (or " + std::string(kUseCpuBackend) + ")";
                throw ResourceError(
                    does_not_fit_message(work.what, work.device_bytes, device, hint));
            }
            return Backend::Cuda;
        }
        case Backend::Auto:
            break;
    }
    if (work.steps >= work.auto_min_steps && device_usable()) {
        if (device_fits()) return Backend::Cuda;
        if (!host_fits()) refuse_everywhere(work);
        const MemoryBudget device = device_for(work);
        notice(fmt::format(
            "{}: CUDA device {} has {} usable ({} free) and the work needs {}; running on the "
            "CPU",
            work.what, options_.device, format_bytes(device.bytes), format_bytes(device.free_bytes),
            format_bytes(work.device_bytes)));
        return Backend::Cpu;
    }
    if (host_fits()) return Backend::Cpu;
    // Too small to gain on a device, but too large for the host: a device that holds it will do.
    if (device_usable()) {
        if (device_fits()) return Backend::Cuda;
        refuse_everywhere(work);
    }
    throw ResourceError(
        does_not_fit_message(work.what, work.host_bytes, host(), suggestion(work, host())));
}

void notify(const RunOptions& options, const std::string& text) {
    say(options.on_notice, {Notice::Kind::Note, text});
}

void warn(const RunOptions& options, const std::string& text) {
    say(options.on_notice, {Notice::Kind::Warning, text});
}

Backend choose_backend(const RunOptions& options, const WorkEstimate& work) {
    return BackendChooser(options).choose(work);
}

}  // namespace tropic

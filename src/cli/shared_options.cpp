#include "cli/shared_options.hpp"

#include "cli/memory_size.hpp"
#include "cli/notices.hpp"
#include "cli/option_checks.hpp"
#include "tropic/core/device.hpp"
#include "tropic/core/device_list.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cli {

namespace {

// --backend cuda without a usable device fails before any work, in the tool's words.
void check_backend_available(Backend backend, const std::vector<int>& devices) {
    if (backend != Backend::Cuda) return;
    for (int device : devices)
        if (const std::string reason = cuda_unavailable_reason(device); !reason.empty())
            throw ResourceError("--backend cuda: " + reason + "; use --backend cpu");
}

// A list of several devices under auto, on a host with a device: each must be there (one index
// that is not keeps today's behaviour, the CPU; no device at all runs everything on the CPU).
void check_listed_devices(Backend backend, const std::string& text,
                          const std::vector<int>& devices) {
    if (backend != Backend::Auto || devices.size() < 2 || cuda_device_count() == 0) return;
    for (int device : devices)
        if (const std::string reason = cuda_unavailable_reason(device); !reason.empty())
            throw ResourceError("--device " + text + ": " + reason);
}

// --device's check: the text is a device list (whether its devices exist, the run says).
CLI::Validator device_list() {
    return CLI::Validator(
        [](std::string& text) -> std::string {
            try {
                (void)parse_device_list(text, 0);
            } catch (const InputError& e) {
                return e.what();
            }
            return {};
        },
        "");
}

std::string device_help(Shared which) {
    if (has(which, Shared::OneDeviceProblem))
        return "CUDA device index; of a list (N,M,... or all, as batch commands take) this "
               "command's one problem uses the first";
    return "CUDA devices: an index, all (every device found) or a list such as 0,2,3; a batch "
           "spreads over them in contiguous shares (one long item runs on the first), output "
           "identical to one device's";
}

}  // namespace

void add_run_options(CLI::App* command, SharedOptions& options, Shared which) {
    if (has(which, Shared::Backend))
        command
            ->add_option("--backend", options.backend,
                         "Where to compute: auto (a GPU when one is present and the work is large "
                         "enough), cpu or cuda")
            ->check(one_of({"auto", "cpu", "cuda"}))
            ->type_name("BACKEND");
    if (has(which, Shared::Device))
        command->add_option("--device", options.device, device_help(which))
            ->check(device_list())
            ->type_name("DEVICES");
    if (has(which, Shared::Threads))
        command->add_option("--threads", options.threads, "CPU threads; 0 uses all cores")
            ->check(at_least(0u));
    if (has(which, Shared::MaxMemory))
        command
            ->add_option_function<std::size_t>(
                "--max-memory",
                [&options](const std::size_t& bytes) {
                    options.max_memory = bytes == 0 ? kNoMemoryLimit : bytes;
                },
                "Host memory a computation may take, e.g. 4G, 512M, 1.5G or bytes (K, M, G, T "
                "are powers of 1024); 0: no limit; default: the memory available when the run "
                "starts")
            ->transform(memory_size("--max-memory"))
            ->type_name("SIZE");
    if (has(which, Shared::Json))
        command->add_flag("--json", options.json,
                          "Print JSON, one object per line, instead of text");
    if (has(which, Shared::Output))
        command
            ->add_option("-o,--output", options.output,
                         "Write results to FILE instead of stdout; the file appears only once the "
                         "run has finished (written atomically)")
            ->type_name("FILE");
    if (has(which, Shared::Quiet))
        command->add_flag(
            "-q,--quiet", options.quiet,
            "No progress bar, notes or summary on stderr (warnings and errors still)");
    if (has(which, Shared::Chunk))
        command
            ->add_option("--chunk", options.chunk,
                         "Records read, computed and written at a time (a chunk also stops at "
                         "32 M residues)")
            ->check(at_least(std::size_t{1}));
}

RunOptions make_run_options(const SharedOptions& options) {
    RunOptions run;
    run.backend = parse_backend(options.backend);
    const std::vector<int> devices = parse_device_list(options.device);
    if (!devices.empty()) run.device = devices.front();
    if (devices.size() > 1) run.devices = devices;
    run.max_memory = options.max_memory;
    run.on_notice = notice_handler(options.quiet);
    check_backend_available(run.backend, devices.empty() ? std::vector<int>{0} : devices);
    check_listed_devices(run.backend, options.device, devices);
    return run;
}

RunOptions make_run_options(const SharedOptions& options, ThreadPool& pool) {
    RunOptions run = make_run_options(options);
    run.pool = &pool;
    return run;
}

}  // namespace tropic::cli

#include "core/htslib_threads.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "tropic/core/error.hpp"

namespace tropic {

void start_htslib_threads(htsFile& file, unsigned threads, const std::string& shown_path) {
    if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
    const int workers = static_cast<int>(threads) - 1;
    if (workers > 0 && hts_set_threads(&file, workers) < 0)
        throw ResourceError(
            fmt::format("{}: cannot start {} threads for htslib", shown_path, workers));
}

}  // namespace tropic

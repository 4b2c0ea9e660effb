#include "align/database/read_records.hpp"

#include <fmt/format.h>

#include <vector>

#include "align/database/database_input.hpp"
#include "core/internal/memory_fit.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail {

namespace {

// How often progress is reported: often enough for a smooth bar, rarely enough to cost nothing.
constexpr std::uint64_t kProgressRecords = 4096;
constexpr std::uint64_t kProgressResidues = std::uint64_t{16} << 20;

}  // namespace

ReadRecords read_records(const std::string& input, const DatabaseParams& params,
                         const RunOptions& options, const DatabaseProgress& progress,
                         const std::function<void(std::span<const std::uint8_t>)>& write_codes) {
    DatabaseInput records(input, params.alphabet, options);
    ReadRecords read{records.alphabet(), {}};
    const std::uint64_t budget = host_budget(options.max_memory).bytes;
    std::string name;
    std::vector<std::uint8_t> codes;
    std::uint64_t reported_records = 0, reported_residues = 0;
    while (records.next(name, codes)) {
        write_codes(codes);
        read.index.add(name, codes.size());
        if (read.index.size() - reported_records >= kProgressRecords ||
            read.index.residues() - reported_residues >= kProgressResidues) {
            reported_records = read.index.size();
            reported_residues = read.index.residues();
            // Sorting copies the index once (storage_order): twice its size at the peak.
            const std::uint64_t needed = 2 * read.index.memory_bytes();
            if (needed > budget)
                throw ResourceError(fmt::format(
                    "{}: the index of the first {} sequences needs about {} bytes while it is "
                    "sorted, more than the {} bytes the memory limit allows (--max-memory)",
                    display_input_path(input), reported_records, needed, budget));
            if (progress.on_read) progress.on_read(reported_records, reported_residues);
        }
    }
    if (progress.on_read) progress.on_read(read.index.size(), read.index.residues());
    return read;
}

}  // namespace tropic::align::detail

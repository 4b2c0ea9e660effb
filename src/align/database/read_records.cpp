#include "align/database/read_records.hpp"

#include <fmt/format.h>

#include <vector>

#include "align/database/database_input.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/memory.hpp"

namespace tropic::align::detail {

namespace {

// How often progress is reported: often enough for a smooth bar, rarely enough to cost nothing.
constexpr std::uint64_t kProgressRecords = 4096;
constexpr std::uint64_t kProgressResidues = std::uint64_t{16} << 20;

}  // namespace

std::uint64_t memory_budget(const MakeDatabaseOptions& options) noexcept {
    return options.max_memory != 0 ? options.max_memory : available_host_memory();
}

ReadRecords read_records(const std::string& input, const MakeDatabaseOptions& options,
                         const std::function<void(std::span<const std::uint8_t>)>& write_codes) {
    DatabaseInput records(input, options.alphabet, options.on_notice);
    ReadRecords read{records.alphabet(), {}};
    const std::uint64_t budget = memory_budget(options);
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
            if (options.on_progress) options.on_progress(reported_records, reported_residues);
        }
    }
    if (options.on_progress) options.on_progress(read.index.size(), read.index.residues());
    return read;
}

}  // namespace tropic::align::detail

// The checks a matrix passes before it is written, and the wording of paths in messages.
#include <fmt/format.h>

#include <cmath>
#include <set>

#include "cnv/counts/matrix_reader.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv::detail {

namespace {

void check_name(const std::string& name, const char* what, const std::string& shown) {
    if (name.empty()) throw InputError(fmt::format("{}: an empty {} name", shown, what));
    if (name.find_first_of("\t\n\r") != std::string::npos)
        throw InputError(
            fmt::format("{}: {} name '{}' holds a tab or line break", shown, what, name));
    // The TSV reader takes such a name for a quoted one (R's write.table).
    if (name.size() >= 2 && name.front() == '"' && name.back() == '"')
        throw InputError(fmt::format(
            "{}: {} name '{}' is in double quotes, which would be read back without them", shown,
            what, name));
}

}  // namespace

void check_matrix_for_writing(const CountMatrix& matrix, const std::string& path) {
    const std::string shown = display_output_path(path);
    if (matrix.samples.empty())
        throw InputError(fmt::format("{}: a matrix without samples", shown));
    std::set<std::string, std::less<>> names;
    for (const std::string& sample : matrix.samples) {
        check_name(sample, "sample", shown);
        if (!names.insert(sample).second)
            throw InputError(fmt::format("{}: sample name '{}' appears twice", shown, sample));
    }
    names.clear();
    const std::size_t samples = matrix.sample_count();
    for (const SequenceCounts& sequence : matrix.sequences) {
        check_name(sequence.name, "sequence", shown);
        if (!names.insert(sequence.name).second)
            throw InputError(fmt::format("{}: sequence '{}' appears twice", shown, sequence.name));
        const std::size_t windows = sequence.window_count();
        if (windows == 0)
            throw InputError(fmt::format("{}: sequence '{}' has no windows", shown, sequence.name));
        if (sequence.end.size() != windows || sequence.counts.size() != windows * samples)
            throw InputError(fmt::format(
                "{}: sequence '{}' has {} starts, {} ends and {} counts for {} samples", shown,
                sequence.name, windows, sequence.end.size(), sequence.counts.size(), samples));
        for (std::size_t w = 0; w < windows; ++w) {
            const std::int64_t start = sequence.start[w], end = sequence.end[w];
            if (start < 0 || end <= start)
                throw InputError(fmt::format("{}: window {}:[{}, {}) is empty or negative", shown,
                                             sequence.name, start, end));
            if (w > 0 && start < sequence.end[w - 1])
                throw InputError(
                    fmt::format("{}: window {}:[{}, {}) overlaps or precedes the window before it",
                                shown, sequence.name, start, end));
            for (std::size_t s = 0; s < samples; ++s) {
                const double count = sequence.counts[w * samples + s];
                if (!std::isfinite(count) || count < 0)
                    throw InputError(
                        fmt::format("{}: window {}:[{}, {}), sample '{}': count {} is not a finite "
                                    "non-negative number",
                                    shown, sequence.name, start, end, matrix.samples[s], count));
            }
        }
    }
}

}  // namespace tropic::cnv::detail

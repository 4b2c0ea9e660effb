// BedReader on the raw input as a file (plain, or gzip by its magic bytes). Every interval it
// accepts is 0-based half-open with start <= end, and its line written back by format_bed_line
// reads back as the same record.
#include "fuzz_support.hpp"
#include "fuzz_target.hpp"
#include "tropic/core/bed.hpp"

TROPIC_FUZZ_TARGET(bed_reader) {
    const tropic::fuzz::MemoryFile file(tropic::fuzz::as_text(data, size));
    tropic::fuzz::ignore_input_errors([&] {
        tropic::BedReader reader(file.path());
        tropic::BedRecord record;
        while (reader.next(record)) {
            tropic::fuzz::check_invariant(record.start >= 0 && record.start <= record.end,
                                          "an interval has 0 <= start <= end");
            const tropic::fuzz::MemoryFile again(tropic::format_bed_line(record) + "\n");
            tropic::BedReader reread(again.path());
            const auto copy = reread.next();
            tropic::fuzz::check_invariant(copy.has_value() && *copy == record,
                                          "a written BED line reads back as the same record");
        }
    });
}

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <string_view>

#include "core/internal/messages.hpp"
#include "tropic/core/bed.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/line_reader.hpp"
#include "tropic/core/parse_number.hpp"

namespace tropic {

namespace {

// True for "word" alone or followed by a blank: "track name=x" but not "tracked".
bool starts_with_word(std::string_view line, std::string_view word) {
    return line.starts_with(word) &&
           (line.size() == word.size() || line[word.size()] == ' ' || line[word.size()] == '\t');
}

bool is_skipped(std::string_view line) {
    return line.find_first_not_of(" \t") == std::string_view::npos || line.front() == '#' ||
           starts_with_word(line, "track") || starts_with_word(line, "browser");
}

std::vector<std::string_view> split_tabs(std::string_view line) {
    std::vector<std::string_view> columns;
    for (;;) {
        std::size_t tab = line.find('\t');
        columns.push_back(line.substr(0, tab));
        if (tab == std::string_view::npos) return columns;
        line.remove_prefix(tab + 1);
    }
}

}  // namespace

struct BedReader::Impl {
    explicit Impl(const std::string& path) : lines(path) {}

    LineReader lines;
    std::string line;

    std::string shown_path() const { return display_input_path(lines.path()); }

    [[noreturn]] void fail(std::size_t column, const std::string& what) const {
        throw InputError(fmt::format("{}: line {}, column {}: {}", shown_path(),
                                     lines.line_number(), column, what));
    }

    std::int64_t coordinate(std::string_view text, std::size_t column, const char* what) const {
        const std::optional<std::int64_t> value = parse_number<std::int64_t>(text);
        if (!value || *value < 0)
            fail(column, fmt::format("{} '{}' is not a non-negative integer", what, text));
        return *value;
    }

    void parse(std::string_view text, BedRecord& record) const {
        // A line may end in \r\n (LineReader drops that \r); a carriage return anywhere else
        // would end up inside a field that BedWriter then refuses to write.
        if (const std::size_t cr = text.find('\r'); cr != std::string_view::npos)
            fail(1 + std::count(text.begin(), text.begin() + cr, '\t'),
                 "a carriage return inside the line (only its end may be \\r\\n)");
        const auto columns = split_tabs(text);
        if (columns.size() < 3) {
            const char* hint =
                text.find(' ') != std::string_view::npos ? " (columns are separated by tabs)" : "";
            fail(columns.size() + 1, fmt::format("{} column(s); BED needs chrom, start and end{}",
                                                 columns.size(), hint));
        }
        if (columns[0].empty()) fail(1, "the chromosome name is empty");
        record.chrom.assign(columns[0]);
        record.start = coordinate(columns[1], 2, "start");
        record.end = coordinate(columns[2], 3, "end");
        if (record.end < record.start)
            fail(3, fmt::format("end {} is before start {}", record.end, record.start));
        record.name.reset();
        record.score.reset();
        record.strand.reset();
        record.extra.clear();
        if (columns.size() > 3) record.name.emplace(columns[3]);
        if (columns.size() > 4) record.score.emplace(columns[4]);
        if (columns.size() > 5) {
            std::string_view strand = columns[5];
            if (strand != "+" && strand != "-" && strand != ".")
                fail(6, fmt::format("strand '{}' is not '+', '-' or '.'", strand));
            record.strand = strand.front();
        }
        for (std::size_t c = 6; c < columns.size(); ++c) record.extra.emplace_back(columns[c]);
    }
};

BedReader::BedReader(const std::string& path) : impl_(std::make_unique<Impl>(path)) {}

BedReader::~BedReader() = default;

bool BedReader::next(BedRecord& record) {
    Impl& im = *impl_;
    while (im.lines.next(im.line)) {
        if (is_skipped(im.line)) continue;
        im.parse(im.line, record);
        return true;
    }
    return false;
}

std::optional<BedRecord> BedReader::next() {
    BedRecord record;
    if (!next(record)) return std::nullopt;
    return record;
}

const std::string& BedReader::path() const noexcept {
    return impl_->lines.path();
}

std::size_t BedReader::line_number() const noexcept {
    return impl_->lines.line_number();
}

}  // namespace tropic

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>

#include "core/internal/messages.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/bed.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

namespace {

// The columns of a record after end, up to its last present one; absent ones before it as '.'.
std::vector<std::string> optional_columns(const BedRecord& record) {
    std::vector<std::string> columns;
    const bool to_strand = record.strand || !record.extra.empty();
    const bool to_score = record.score || to_strand;
    const bool to_name = record.name || to_score;
    if (to_name) columns.push_back(record.name.value_or("."));
    if (to_score) columns.push_back(record.score.value_or("."));
    if (to_strand) columns.emplace_back(1, record.strand.value_or('.'));
    columns.insert(columns.end(), record.extra.begin(), record.extra.end());
    return columns;
}

void check(const BedRecord& record) {
    if (record.chrom.empty()) throw InputError("the chromosome name is empty");
    if (record.start < 0 || record.end < record.start)
        throw InputError(
            fmt::format("[{}, {}) is not a 0-based half-open interval", record.start, record.end));
    if (record.strand && *record.strand != '+' && *record.strand != '-' && *record.strand != '.')
        throw InputError(
            fmt::format("strand {} is not '+', '-' or '.'", quoted_character(*record.strand)));
    std::size_t column = 1;
    auto check_text = [&](const std::string& text) {
        if (text.find_first_of("\t\r\n") != std::string::npos)
            throw InputError(
                fmt::format("column {} holds a tab or line break: '{}'", column, text));
        ++column;
    };
    check_text(record.chrom);
    column = 4;
    for (const std::string& text : optional_columns(record)) check_text(text);
}

}  // namespace

std::string format_bed_line(const BedRecord& record) {
    std::string line = fmt::format("{}\t{}\t{}", record.chrom, record.start, record.end);
    for (const std::string& column : optional_columns(record)) {
        line += '\t';
        line += column;
    }
    return line;
}

struct BedWriter::Impl {
    std::string path;
    std::unique_ptr<AtomicFile> atomic;
    std::FILE* stream = nullptr;
    std::size_t written = 0;

    std::string shown_path() const { return display_output_path(path); }
};

BedWriter::BedWriter(const std::string& path) : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    if (path == "-") {
        impl_->stream = stdout;
    } else {
        impl_->atomic = std::make_unique<AtomicFile>(path);
        impl_->stream = impl_->atomic->stream();
    }
}

BedWriter::~BedWriter() = default;

void BedWriter::write(const BedRecord& record) {
    Impl& im = *impl_;
    if (!im.stream) throw InternalError("BedWriter::write after close for '" + im.path + "'");
    try {
        check(record);
    } catch (const InputError& e) {
        throw InputError(
            fmt::format("{}: record {}: {}", im.shown_path(), im.written + 1, e.what()));
    }
    std::string line = format_bed_line(record);
    line += '\n';
    if (std::fwrite(line.data(), 1, line.size(), im.stream) != line.size())
        throw ResourceError(fmt::format("cannot write '{}': {}", im.shown_path(),
                                        errno_reason(errno, "write error")));
    ++im.written;
}

void BedWriter::close() {
    Impl& im = *impl_;
    if (!im.stream) throw InternalError("BedWriter::close called twice for '" + im.path + "'");
    std::FILE* stream = im.stream;
    im.stream = nullptr;
    if (im.atomic) {
        im.atomic->commit();
        return;
    }
    if (std::fflush(stream) != 0 || std::ferror(stream))
        throw ResourceError(fmt::format("cannot write '{}': {}", im.shown_path(),
                                        errno_reason(errno, "write error")));
}

}  // namespace tropic

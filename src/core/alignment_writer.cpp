#include "tropic/core/alignment_writer.hpp"

#include <fmt/format.h>
#include <htslib/hfile.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

#include "core/bam_record_conversion.hpp"
#include "core/internal/htslib_handles.hpp"
#include "core/htslib_threads.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

namespace {

// htslib closes the descriptor it writes to; stdout is written through a duplicate so that it
// stays open for the rest of the program.
htsFile* open_stdout(const char* mode) {
    std::fflush(stdout);  // what the program printed before comes first
    int fd = ::dup(STDOUT_FILENO);
    if (fd < 0) return nullptr;
    hFILE* handle = hdopen(fd, "w");
    if (!handle) {
        ::close(fd);
        return nullptr;
    }
    htsFile* file = hts_hopen(handle, "-", mode);
    if (!file) hclose_abruptly(handle);
    return file;
}

sam_hdr_t* parse_header(const AlignmentHeader& header) {
    const std::string& text = header.text();
    return text.empty() ? sam_hdr_init() : sam_hdr_parse(text.size(), text.c_str());
}

}  // namespace

struct AlignmentWriter::Impl {
    std::string path;
    AlignmentHeader header;
    AlignmentFormat format = AlignmentFormat::Sam;
    std::unique_ptr<AtomicFile> atomic;  // declared before `file`, so it outlives it
    hts::File file;
    hts::Header hts_header;
    hts::Record bam{bam_init1()};
    std::size_t written = 0;

    std::string shown_path() const { return display_output_path(path); }
    void open(const AlignmentWriterOptions& options);
};

void AlignmentWriter::Impl::open(const AlignmentWriterOptions& options) {
    if (!bam) throw ResourceError("out of memory for an alignment record");
    format = options.format.value_or(alignment_format_for_path(path));
    if (format == AlignmentFormat::Cram)
        throw InputError(
            fmt::format("{}: tropic does not write CRAM; write BAM (.bam) or SAM", shown_path()));
    const char* mode = format == AlignmentFormat::Bam ? "wb" : "w";
    errno = 0;
    if (path == "-") {
        file.reset(open_stdout(mode));
    } else {
        atomic = std::make_unique<AtomicFile>(path);
        file.reset(hts_open(atomic->temp_path().c_str(), mode));
    }
    if (!file)
        throw ResourceError(
            fmt::format("cannot open output file '{}': {}", shown_path(), errno_reason(errno)));
    start_htslib_threads(*file, options.threads, shown_path());
    hts_header.reset(parse_header(header));
    if (!hts_header)
        throw InputError(fmt::format("{}: htslib cannot parse the header", shown_path()));
    if (sam_hdr_write(file.get(), hts_header.get()) < 0)
        throw ResourceError(fmt::format("cannot write the header of '{}': {}", shown_path(),
                                        errno_reason(errno, "write error")));
}

AlignmentWriter::AlignmentWriter(const std::string& path, const AlignmentHeader& header,
                                 const AlignmentWriterOptions& options)
    : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    impl_->header = header;
    impl_->open(options);
}

AlignmentWriter::~AlignmentWriter() = default;

AlignmentFormat AlignmentWriter::format() const noexcept {
    return impl_->format;
}

std::size_t AlignmentWriter::records_written() const noexcept {
    return impl_->written;
}

void AlignmentWriter::write(const AlignmentRecord& record) {
    Impl& im = *impl_;
    if (!im.file) throw InternalError("AlignmentWriter::write after close for '" + im.path + "'");
    const std::size_t index = im.written + 1;
    try {
        write_bam_record(record, im.header, im.format, *im.bam);
    } catch (const InputError& e) {
        throw InputError(
            fmt::format("{}: record {} ('{}'): {}", im.shown_path(), index, record.name, e.what()));
    }
    errno = 0;
    if (sam_write1(im.file.get(), im.hts_header.get(), im.bam.get()) < 0)
        throw ResourceError(fmt::format("cannot write '{}': record {} ('{}'): {}", im.shown_path(),
                                        index, record.name, errno_reason(errno, "write error")));
    im.written = index;
}

void AlignmentWriter::close() {
    Impl& im = *impl_;
    if (!im.file) throw InternalError("AlignmentWriter::close called twice for '" + im.path + "'");
    errno = 0;
    if (hts_close(im.file.release()) != 0)
        throw ResourceError(fmt::format("cannot write '{}': {}", im.shown_path(),
                                        errno_reason(errno, "write error")));
    if (im.atomic) im.atomic->commit();
}

}  // namespace tropic

#include "tropic/core/alignment_writer.hpp"

#include <fmt/format.h>
#include <htslib/hfile.h>
#include <htslib/kstring.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <string_view>

#include "core/bam_record_conversion.hpp"
#include "core/htslib_threads.hpp"
#include "core/internal/htslib_handles.hpp"
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

// The first letter of `sequence` that BAM's 4-bit SEQ code cannot hold, or npos: it holds the
// nucleotide codes, and htslib gives any other letter (protein's E, L, ...) back as N.
std::size_t first_lost_letter(std::string_view sequence) {
    constexpr std::string_view kNucleotideCodes = "ACMGRSVTWYHKDBN";
    for (std::size_t i = 0; i < sequence.size(); ++i) {
        const auto c = static_cast<unsigned char>(sequence[i]);
        if (std::isalpha(c) &&
            kNucleotideCodes.find(static_cast<char>(std::toupper(c))) == std::string_view::npos)
            return i;
    }
    return std::string_view::npos;
}

void check_bam_sequence(std::string_view sequence) {
    const std::size_t at = first_lost_letter(sequence);
    if (at != std::string_view::npos)
        throw InputError(fmt::format(
            "SEQ has {} at position {}, which BAM's 4-bit sequence code cannot hold (nucleotide "
            "codes only); write SAM text",
            quoted_character(sequence[at]), at + 1));
}

// One SAM text line as htslib formats it, with the letters of SEQ that its 4-bit code lost put
// back from the record, so that protein is written as it is (SAM text holds any letter).
// Returns false when the write fails.
bool write_sam_line(htsFile& file, const sam_hdr_t& header, const bam1_t& bam,
                    std::string_view sequence) {
    if (file.state != nullptr || file.is_bgzf)
        throw InternalError("SAM text with protein is written without htslib threads or BGZF");
    kstring_t line = KS_INITIALIZE;
    const bool formatted = sam_format1(&header, &bam, &line) >= 0;
    std::size_t at = 0;  // SEQ, the tenth field
    for (int tabs = 0; formatted && tabs < 9 && at < line.l; ++at)
        if (line.s[at] == '\t') ++tabs;
    for (std::size_t i = 0; formatted && i < sequence.size() && at + i < line.l; ++i)
        if (std::isalpha(static_cast<unsigned char>(sequence[i]))) line.s[at + i] = sequence[i];
    const bool written = formatted && kputc('\n', &line) >= 0 &&
                         hwrite(file.fp.hfile, line.s, line.l) == static_cast<ssize_t>(line.l);
    ks_free(&line);
    return written;
}

}  // namespace

std::optional<std::string> sam_query_name_problem(std::string_view name) {
    constexpr std::size_t kMaxLength = 254;
    if (name.empty())
        return std::string("an empty name cannot be a SAM QNAME (QNAME '*' means no name)");
    if (name.size() > kMaxLength)
        return fmt::format("QNAME is {} characters long; SAM allows {}", name.size(), kMaxLength);
    for (std::size_t i = 0; i < name.size(); ++i)
        if (name[i] < '!' || name[i] > '~' || name[i] == '@')
            return fmt::format(
                "QNAME has {} at position {}; SAM allows printable characters other than '@'",
                quoted_character(name[i]), i + 1);
    return std::nullopt;
}

struct AlignmentWriter::Impl {
    std::string path;
    AlignmentHeader header;
    AlignmentFormat format = AlignmentFormat::Sam;
    // The output file: the writer's own, or one of a run's (declared before `file`, so that they
    // outlive it). No file: standard output.
    std::unique_ptr<OutputFiles> own;
    AtomicFile* atomic = nullptr;
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
    if (atomic)
        file.reset(hts_open(atomic->temp_path().c_str(), mode));
    else
        file.reset(open_stdout(mode));
    if (!file)
        throw ResourceError(
            fmt::format("cannot open output file '{}': {}", shown_path(), errno_reason(errno)));
    // Threads compress BAM; SAM text is written a line at a time here (write_sam_line).
    if (format == AlignmentFormat::Bam) start_htslib_threads(*file, options.threads, shown_path());
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
    if (path != "-") {
        impl_->own = std::make_unique<OutputFiles>();
        impl_->atomic = &impl_->own->file(path, "");
    }
    impl_->open(options);
}

AlignmentWriter::AlignmentWriter(OutputFiles& outputs, const std::string& path,
                                 std::string_view option, const AlignmentHeader& header,
                                 const AlignmentWriterOptions& options)
    : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    impl_->header = header;
    if (path == "-")
        outputs.standard_output(option);
    else
        impl_->atomic = &outputs.file(path, option);
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
        if (im.format == AlignmentFormat::Bam) check_bam_sequence(record.sequence);
        write_bam_record(record, im.header, im.format, *im.bam);
    } catch (const InputError& e) {
        throw InputError(
            fmt::format("{}: record {} ('{}'): {}", im.shown_path(), index, record.name, e.what()));
    }
    errno = 0;
    const bool written = im.format == AlignmentFormat::Sam &&
                                 first_lost_letter(record.sequence) != std::string_view::npos
                             ? write_sam_line(*im.file, *im.hts_header, *im.bam, record.sequence)
                             : sam_write1(im.file.get(), im.hts_header.get(), im.bam.get()) >= 0;
    if (!written)
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
    if (im.own)
        im.own->commit();
    else if (im.atomic)
        im.atomic->finish();
}

}  // namespace tropic

#include "tropic/core/alignment_reader.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <cstdlib>

#include "core/bam_record_conversion.hpp"
#include "core/internal/htslib_handles.hpp"
#include "core/htslib_threads.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

namespace {

AlignmentFormat format_of(const htsFile& file, const std::string& shown_path) {
    const htsFormat* format = hts_get_format(const_cast<htsFile*>(&file));
    switch (format->format) {
        case sam:
            return AlignmentFormat::Sam;
        case bam:
            return AlignmentFormat::Bam;
        case cram:
            return AlignmentFormat::Cram;
        default: {
            char* description = hts_format_description(format);
            std::string seen = description ? description : "an unknown format";
            std::free(description);
            throw InputError(
                fmt::format("{}: not SAM, BAM or CRAM (htslib sees {})", shown_path, seen));
        }
    }
}

}  // namespace

struct AlignmentReader::Impl {
    std::string path;
    hts::File file;
    hts::Header hts_header;
    AlignmentHeader header;
    AlignmentFormat format = AlignmentFormat::Sam;
    hts::Record bam{bam_init1()};
    hts::Index index;
    hts::Iterator iterator;
    std::size_t records_read = 0;
    std::string last_name;  // of the last record read, to place an unreadable one

    std::string shown_path() const { return display_input_path(path); }
    void open(const AlignmentReaderOptions& options);
    const hts_idx_t& require_index();
    [[noreturn]] void fail_unreadable_record() const;
};

void AlignmentReader::Impl::open(const AlignmentReaderOptions& options) {
    if (!bam) throw ResourceError("out of memory for an alignment record");
    errno = 0;
    file.reset(hts_open(path.c_str(), "r"));
    if (!file) {
        int err = errno;
        if (err == ENOEXEC)  // htslib's word for a binary format it does not know
            throw InputError(
                fmt::format("{}: not SAM, BAM or CRAM (unknown format)", shown_path()));
        throw InputError(fmt::format("cannot open '{}': {}", shown_path(), errno_reason(err)));
    }
    format = format_of(*file, shown_path());
    if (format == AlignmentFormat::Cram && !options.cram_reference.empty() &&
        hts_set_fai_filename(file.get(), options.cram_reference.c_str()) < 0)
        throw InputError(fmt::format("{}: cannot use '{}' as the CRAM reference", shown_path(),
                                     options.cram_reference));
    // Threads decompress BAM's BGZF blocks and decode CRAM slices. SAM text gets none: htslib
    // parses it in batches on its threads, and a bad line then fails the batch's first record,
    // so a message could not say which record was bad.
    if (format != AlignmentFormat::Sam) start_htslib_threads(*file, options.threads, shown_path());

    hts_header.reset(sam_hdr_read(file.get()));
    if (!hts_header)
        throw InputError(fmt::format("{}: cannot read the {} header (malformed or truncated)",
                                     shown_path(), alignment_format_name(format)));
    const char* text = sam_hdr_str(hts_header.get());
    try {
        header = AlignmentHeader(text ? std::string(text, sam_hdr_length(hts_header.get())) : "");
    } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {}", shown_path(), e.what()));
    }
}

const hts_idx_t& AlignmentReader::Impl::require_index() {
    if (path == "-")
        throw InputError("<stdin>: region queries need an indexed file, not standard input");
    if (!index) index.reset(sam_index_load(file.get(), path.c_str()));
    if (!index)
        throw InputError(fmt::format(
            "{}: no index (.bai, .csi or .crai beside it) for a region query; make one with "
            "`samtools index` (plain SAM text cannot be indexed)",
            shown_path()));
    return *index;
}

void AlignmentReader::Impl::fail_unreadable_record() const {
    std::string which = fmt::format("record {}", records_read + 1);
    if (!last_name.empty()) which += fmt::format(" (after '{}')", last_name);
    std::string hint = format == AlignmentFormat::Cram
                           ? " (or the CRAM reference is missing: pass the reference FASTA)"
                           : "";
    throw InputError(fmt::format("{}: {}: malformed or truncated {} record{}", shown_path(), which,
                                 alignment_format_name(format), hint));
}

AlignmentReader::AlignmentReader(const std::string& path, const AlignmentReaderOptions& options)
    : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    impl_->open(options);
}

AlignmentReader::~AlignmentReader() = default;

const AlignmentHeader& AlignmentReader::header() const noexcept {
    return impl_->header;
}

AlignmentFormat AlignmentReader::format() const noexcept {
    return impl_->format;
}

const std::string& AlignmentReader::path() const noexcept {
    return impl_->path;
}

std::size_t AlignmentReader::records_read() const noexcept {
    return impl_->records_read;
}

bool AlignmentReader::next(AlignmentRecord& record) {
    Impl& im = *impl_;
    int status = im.iterator ? sam_itr_next(im.file.get(), im.iterator.get(), im.bam.get())
                             : sam_read1(im.file.get(), im.hts_header.get(), im.bam.get());
    if (status == -1) return false;
    if (status < -1) im.fail_unreadable_record();
    try {
        read_bam_record(*im.bam, im.header, record);
    } catch (const InputError& e) {
        throw InputError(fmt::format("{}: record {} ('{}'): {}", im.shown_path(),
                                     im.records_read + 1, bam_get_qname(im.bam.get()), e.what()));
    }
    im.last_name = record.name;
    ++im.records_read;
    return true;
}

std::optional<AlignmentRecord> AlignmentReader::next() {
    AlignmentRecord record;
    if (!next(record)) return std::nullopt;
    return record;
}

void AlignmentReader::query(const std::string& region) {
    Impl& im = *impl_;
    const hts_idx_t& index = im.require_index();
    im.iterator.reset(sam_itr_querys(&index, im.hts_header.get(), region.c_str()));
    if (!im.iterator)
        throw InputError(
            fmt::format("{}: cannot query region '{}': unknown reference or "
                        "malformed region",
                        im.shown_path(), region));
}

void AlignmentReader::query(std::string_view reference, std::int64_t begin, std::int64_t end) {
    Impl& im = *impl_;
    auto id = im.header.reference_id(reference);
    if (!id)
        throw InputError(fmt::format("{}: cannot query '{}': not a reference of the header",
                                     im.shown_path(), reference));
    if (begin < 0 || end < begin)
        throw InputError(fmt::format("{}: cannot query {}:[{}, {}): not a 0-based half-open range",
                                     im.shown_path(), reference, begin, end));
    const hts_idx_t& index = im.require_index();
    im.iterator.reset(sam_itr_queryi(&index, *id, begin, end));
    if (!im.iterator)
        throw InputError(
            fmt::format("{}: cannot query {}:[{}, {})", im.shown_path(), reference, begin, end));
}

}  // namespace tropic

// ReadEvidenceSource: small-RNA reads of an indexed BAM/CRAM through htslib, queried per
// hairpin. A read counts on the strand it was sequenced from (stranded small-RNA libraries):
// only reads on the hairpin's strand whose 5' end lies in the hairpin.
#include <fmt/format.h>
#include <htslib/sam.h>

#include <vector>

#include "core/internal/htslib_handles.hpp"
#include "core/internal/messages.hpp"
#include "mirna/evidence/five_prime_ends.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/mirna/read_evidence.hpp"

namespace tropic::mirna {

namespace {

// Reads that say nothing about where a small RNA comes from.
constexpr std::uint16_t kSkippedFlags =
    BAM_FUNMAP | BAM_FSECONDARY | BAM_FSUPPLEMENTARY | BAM_FQCFAIL | BAM_FDUP;

}  // namespace

struct ReadEvidenceSource::Impl {
    std::string path;
    hts::File file;
    hts::Header header;
    hts::Index index;
    hts::Record record{bam_init1()};
};

ReadEvidenceSource::ReadEvidenceSource(const std::string& path) : impl_(std::make_unique<Impl>()) {
    Impl& impl = *impl_;
    impl.path = path;
    const std::string shown = display_input_path(path);
    check_input_file(path);  // a clear message before htslib's own
    impl.file.reset(hts_open(path.c_str(), "r"));
    if (!impl.file) throw InputError(fmt::format("cannot open the reads '{}'", shown));
    const htsExactFormat format = hts_get_format(impl.file.get())->format;
    if (format != bam && format != cram && format != sam)
        throw InputError(fmt::format("{}: the reads are not BAM, CRAM or SAM", shown));
    if (format == cram) {
        // Only where reads lie is needed; an older htslib decodes everything, only slower.
        [[maybe_unused]] const int ignored = hts_set_opt(
            impl.file.get(), CRAM_OPT_REQUIRED_FIELDS, SAM_FLAG | SAM_RNAME | SAM_POS | SAM_CIGAR);
    }
    impl.header.reset(sam_hdr_read(impl.file.get()));
    if (!impl.header) throw InputError(fmt::format("{}: cannot read the header", shown));
    if (!impl.record) throw ResourceError("out of memory for a BAM record");
    impl.index.reset(sam_index_load3(impl.file.get(), path.c_str(), nullptr, HTS_IDX_SILENT_FAIL));
    if (!impl.index)
        throw InputError(fmt::format(
            "{}: no index (.bai, .csi or .crai) was found: the reads must be coordinate-sorted "
            "and indexed (run samtools index)",
            shown));
}

ReadEvidenceSource::~ReadEvidenceSource() = default;

ReadEvidence ReadEvidenceSource::evidence(const std::string& sequence_name, std::uint64_t start,
                                          std::uint64_t end, char strand, const HairpinArms& arms) {
    Impl& impl = *impl_;
    std::vector<std::uint32_t> five_prime_ends;
    const int tid = sam_hdr_name2tid(impl.header.get(), sequence_name.c_str());
    if (tid < 0 || start >= end) return detail::evidence_of(five_prime_ends, arms);
    const hts::Iterator iterator(sam_itr_queryi(
        impl.index.get(), tid, static_cast<hts_pos_t>(start), static_cast<hts_pos_t>(end)));
    if (!iterator)
        throw InputError(fmt::format("{}: cannot query '{}' through its index",
                                     display_input_path(impl.path), sequence_name));
    bam1_t* record = impl.record.get();
    int status = 0;
    while ((status = sam_itr_next(impl.file.get(), iterator.get(), record)) >= 0) {
        const bam1_core_t& core = record->core;
        if (core.flag & kSkippedFlags) continue;
        const char read_strand = (core.flag & BAM_FREVERSE) ? '-' : '+';
        if (read_strand != strand) continue;
        const auto begin = static_cast<std::uint64_t>(core.pos);
        const auto read_end = static_cast<std::uint64_t>(bam_endpos(record));
        if (read_end <= begin) continue;  // no aligned bases
        const auto local = detail::hairpin_local(
            detail::five_prime_end(begin, read_end, read_strand), start, end, strand);
        if (local) five_prime_ends.push_back(*local);
    }
    if (status < -1)
        throw InputError(fmt::format("{}: a malformed or truncated record in {}:{}-{}",
                                     display_input_path(impl.path), sequence_name, start + 1, end));
    return detail::evidence_of(five_prime_ends, arms);
}

}  // namespace tropic::mirna

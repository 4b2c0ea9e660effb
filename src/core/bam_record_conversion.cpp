#include "core/bam_record_conversion.hpp"

#include <fmt/format.h>

#include <cerrno>
#include <climits>

#include "core/bam_aux.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/alignment_writer.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

namespace {

// BAM stores an operation's length in 28 bits and a record's operation count in 16; SAM says a
// longer CIGAR goes to the CG tag, with a placeholder in the record.
constexpr std::uint32_t kMaxCigarOperationLength = (1u << 28) - 1;
constexpr std::size_t kMaxBamCigarOperations = 65535;

// The name of reference `id` of the header, empty for -1 (unplaced). htslib resolves a record
// against the header it parsed itself; a header whose text does not parse back the same way (it
// holds a NUL byte, say; found by fuzzing) can leave an index beyond the references we know.
const std::string& reference_name_of(const AlignmentHeader& header, std::int32_t id,
                                     const char* field) {
    static const std::string none;
    const auto& references = header.references();
    if (id < 0) return none;
    if (static_cast<std::size_t>(id) >= references.size())
        throw InputError(fmt::format("{} index {} is not a reference of the header ({} of them)",
                                     field, id, references.size()));
    return references[static_cast<std::size_t>(id)].name;
}

// RNAME or RNEXT as an index into the header: from the name when there is one.
std::int32_t resolve_reference(const AlignmentHeader& header, std::int32_t id,
                               const std::string& name, const char* field) {
    const auto count = static_cast<std::int32_t>(header.references().size());
    if (name.empty()) {
        if (id < -1 || id >= count)
            throw InputError(fmt::format(
                "{} index {} is not a reference of the header ({} of them)", field, id, count));
        return id;
    }
    auto found = header.reference_id(name);
    if (!found)
        throw InputError(fmt::format("{} '{}' is not a reference of the header", field, name));
    if (id >= 0 && id != *found)
        throw InputError(fmt::format("{} '{}' is reference {} of the header, but its index says {}",
                                     field, name, *found, id));
    return *found;
}

// An empty name is the record's '*'.
void check_name(const std::string& name) {
    if (name.empty()) return;
    if (const auto problem = sam_query_name_problem(name)) throw InputError(*problem);
}

void check_sequence(const AlignmentRecord& record) {
    for (std::size_t i = 0; i < record.sequence.size(); ++i) {
        char c = record.sequence[i];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '=' || c == '.'))
            throw InputError(fmt::format("SEQ has {} at position {}", quoted_character(c), i + 1));
    }
    if (!record.qualities.empty() && record.qualities.size() != record.sequence.size())
        throw InputError(fmt::format("QUAL has {} characters but SEQ has {} bases",
                                     record.qualities.size(), record.sequence.size()));
    for (std::size_t i = 0; i < record.qualities.size(); ++i) {
        char c = record.qualities[i];
        if (c < '!' || c > '~')
            throw InputError(
                fmt::format("QUAL has {} at position {}; Phred+33 qualities are '!' "
                            "to '~'",
                            quoted_character(c), i + 1));
    }
}

void check_cigar(const AlignmentRecord& record, AlignmentFormat format) {
    for (const CigarElement& e : record.cigar) {
        if (static_cast<int>(e.op) > BAM_CDIFF)
            throw InputError(
                fmt::format("CIGAR operation {} is not one of MIDNSHP=X", static_cast<int>(e.op)));
        if (e.length > kMaxCigarOperationLength)
            throw InputError(fmt::format("CIGAR operation {}{} is longer than BAM allows ({})",
                                         e.length, cigar_letter(e.op), kMaxCigarOperationLength));
    }
    const bool mapped = (record.flag & sam_flag::kUnmapped) == 0;
    if (mapped && !record.sequence.empty()) {
        if (record.cigar.empty()) throw InputError("a mapped record with a sequence needs a CIGAR");
        const std::int64_t query = cigar_query_length(record.cigar);
        if (query != static_cast<std::int64_t>(record.sequence.size()))
            throw InputError(fmt::format("CIGAR covers {} read bases but SEQ has {}", query,
                                         record.sequence.size()));
    }
    if (format == AlignmentFormat::Bam && record.cigar.size() > kMaxBamCigarOperations) {
        // The placeholder <read length>S<reference length>N holds the reference length in one
        // operation.
        const std::int64_t reference = cigar_reference_length(record.cigar);
        if (reference > kMaxCigarOperationLength)
            throw InputError(
                fmt::format("a CIGAR of {} operations over {} reference bases cannot "
                            "be stored in BAM (at most {}); write SAM",
                            record.cigar.size(), reference, kMaxCigarOperationLength));
        if (record.find_aux("CG"))
            throw InputError(
                "optional field CG is reserved for the real CIGAR of a record with "
                "more than 65,535 operations in BAM");
    }
}

void check_positions(const AlignmentRecord& record, AlignmentFormat format) {
    if (record.position < -1 || record.mate_position < -1)
        throw InputError("POS and PNEXT are 0-based positions or -1 for none");
    if (format == AlignmentFormat::Bam &&
        (record.position > INT32_MAX || record.mate_position > INT32_MAX ||
         record.template_length < INT32_MIN || record.template_length > INT32_MAX))
        throw InputError("a position or TLEN does not fit in BAM's 32 bits; write SAM");
}

}  // namespace

void read_bam_record(const bam1_t& bam, const AlignmentHeader& header, AlignmentRecord& record) {
    const bam1_core_t& core = bam.core;
    record.name = bam_get_qname(&bam);
    if (record.name == "*") record.name.clear();
    record.flag = core.flag;
    record.reference_id = core.tid;
    record.reference_name = reference_name_of(header, core.tid, "RNAME");
    record.position = core.pos;
    record.mapq = core.qual;

    const std::uint32_t* cigar = bam_get_cigar(&bam);
    record.cigar.resize(core.n_cigar);
    for (std::uint32_t i = 0; i < core.n_cigar; ++i) {
        const std::uint32_t op = bam_cigar_op(cigar[i]);
        if (op > BAM_CDIFF)
            throw InputError(fmt::format("CIGAR operation '{}' is not one of MIDNSHP=X",
                                         bam_cigar_opchr(cigar[i])));
        record.cigar[i] = {static_cast<CigarOp>(op), bam_cigar_oplen(cigar[i])};
    }

    record.mate_reference_id = core.mtid;
    record.mate_reference_name = reference_name_of(header, core.mtid, "RNEXT");
    record.mate_position = core.mpos;
    record.template_length = core.isize;

    const auto length = static_cast<std::size_t>(core.l_qseq);
    const std::uint8_t* sequence = bam_get_seq(&bam);
    record.sequence.resize(length);
    for (std::size_t i = 0; i < length; ++i)
        record.sequence[i] = seq_nt16_str[bam_seqi(sequence, i)];
    // BAM marks missing qualities ('*') with 0xff in the first byte.
    const std::uint8_t* qualities = bam_get_qual(&bam);
    record.qualities.clear();
    if (length > 0 && qualities[0] != 0xff) {
        record.qualities.resize(length);
        for (std::size_t i = 0; i < length; ++i)
            record.qualities[i] = static_cast<char>(qualities[i] + 33);
    }
    read_aux_fields(bam, record.aux);
}

void write_bam_record(const AlignmentRecord& record, const AlignmentHeader& header,
                      AlignmentFormat format, bam1_t& bam) {
    check_name(record.name);
    const std::int32_t reference =
        resolve_reference(header, record.reference_id, record.reference_name, "RNAME");
    const std::int32_t mate_reference =
        resolve_reference(header, record.mate_reference_id, record.mate_reference_name, "RNEXT");
    check_positions(record, format);
    check_sequence(record);
    check_cigar(record, format);
    check_aux_fields(record.aux);

    std::vector<std::uint32_t> cigar(record.cigar.size());
    for (std::size_t i = 0; i < cigar.size(); ++i)
        cigar[i] =
            bam_cigar_gen(record.cigar[i].length, static_cast<std::uint32_t>(record.cigar[i].op));
    std::string raw_qualities;  // htslib takes Phred values, not Phred+33 text
    if (!record.qualities.empty()) {
        raw_qualities.resize(record.qualities.size());
        for (std::size_t i = 0; i < raw_qualities.size(); ++i)
            raw_qualities[i] = static_cast<char>(record.qualities[i] - 33);
    }
    errno = 0;
    if (bam_set1(&bam, record.name.size(), record.name.c_str(), record.flag, reference,
                 record.position, record.mapq, cigar.size(), cigar.data(), mate_reference,
                 record.mate_position, record.template_length, record.sequence.size(),
                 record.sequence.data(), raw_qualities.empty() ? nullptr : raw_qualities.data(),
                 0) < 0) {
        if (errno == ENOMEM) throw ResourceError("out of memory building an alignment record");
        throw InputError(
            fmt::format("htslib rejects the record: {}", errno_reason(errno, "invalid record")));
    }
    append_aux_fields(record.aux, bam);
}

}  // namespace tropic

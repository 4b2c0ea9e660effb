// CnvVcfWriter: CNV regions as VCF 4.3 records, through htslib. The layout's decisions (POS as
// the base before the region, REF N, GT only where a diploid genotype is defined) follow the VCF
// 4.3 specification's rules for symbolic structural-variant alleles; docs/cnv.md cites them.
#include <htslib/hts.h>
#include <htslib/vcf.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>

#include "cnv/output/region_summary.hpp"
#include "core/internal/htslib_handles.hpp"
#include "core/internal/messages.hpp"
#include "tropic/cnv/cnv_writers.hpp"
#include "tropic/core/alignment_header.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/notice.hpp"
#include "tropic/core/output_files.hpp"
#include "tropic/version.hpp"

namespace tropic::cnv {

namespace {

using Header = hts::VcfHeader;
using Record = hts::VcfRecord;
using File = hts::File;

// The meta-information lines that do not depend on the run.
constexpr const char* kFixedLines[] = {
    "##ALT=<ID=DEL,Description=\"Deletion: copy number below 2 in the samples that carry it\">",
    "##ALT=<ID=DUP,Description=\"Duplication: copy number above 2 in the samples that carry it\">",
    "##ALT=<ID=CNV,Description=\"Copy number variable region: losses in some samples, gains in "
    "others\">",
    "##INFO=<ID=SVTYPE,Number=1,Type=String,Description=\"Type of structural variant\">",
    "##INFO=<ID=END,Number=1,Type=Integer,Description=\"End position of the variant described "
    "in this record\">",
    "##INFO=<ID=SVLEN,Number=.,Type=Integer,Description=\"Difference in length between REF and "
    "ALT alleles\">",
    "##INFO=<ID=IMPRECISE,Number=0,Type=Flag,Description=\"Imprecise structural variation\">",
    "##FORMAT=<ID=GT,Number=1,Type=String,Description=\"Genotype (diploid; ./. where the copy "
    "number is above 2 or unknown)\">",
    "##FORMAT=<ID=CN,Number=1,Type=Integer,Description=\"Copy number genotype for imprecise "
    "events (cn.mops' class in the region)\">",
    "##FORMAT=<ID=SINI,Number=1,Type=Float,Description=\"Mean signed informative/non-informative "
    "call (cn.mops' local assessment) over the region's windows\">",
};

// The index beside a bgzipped VCF: tabix's, or CSI for positions beyond 2^29.
constexpr const char* kIndexSuffixes[] = {".tbi", ".csi"};

// VCF 4.3's rule for contig names (section 1.4.7, the SAM specification's for reference names):
// printable ASCII without quotes, brackets, commas or backslashes, not starting with '*' or '='.
void check(int status, const std::string& what) {
    if (status < 0) throw ResourceError(what);
}

}  // namespace

struct CnvVcfWriter::Impl {
    std::string path, index_path;
    VcfWriterOptions options;
    std::unique_ptr<OutputFiles> own;  // the writer's own outputs, committed by finish()
    OutputFiles* outputs = nullptr;
    std::string_view option;  // names the outputs in messages
    AtomicFile* file = nullptr;
    CnvRunInfo info;
    File vcf;
    Header header;
    bool header_written = false;
    std::vector<Record> pending;  // records kept until the header is complete
    std::int64_t last_end = 0;    // the largest END of a record, which decides the index

    std::string failure(const std::string& what) const {
        return "cannot write " + what + " of " + path + ": " + std::strerror(errno);
    }
    void declare(OutputFiles& files, const std::string& prefix, std::string_view option_name);
    void declare_contig(const std::string& name, std::int64_t length);
    void write_header();
    Record make_record(const SequenceResult& result, const CnvRegion& region) const;
    void write(const Record& record) {
        check(bcf_write(vcf.get(), header.get(), record.get()), failure("a record"));
    }
    void build_index();
};

CnvVcfWriter::CnvVcfWriter(std::string prefix, VcfWriterOptions options)
    : impl_(std::make_unique<Impl>()) {
    impl_->options = std::move(options);
    impl_->own = std::make_unique<OutputFiles>();
    impl_->declare(*impl_->own, prefix, "");
}

CnvVcfWriter::CnvVcfWriter(OutputFiles& outputs, std::string prefix, VcfWriterOptions options)
    : impl_(std::make_unique<Impl>()) {
    impl_->options = std::move(options);
    impl_->declare(outputs, prefix, "-o");
}

CnvVcfWriter::~CnvVcfWriter() = default;

const std::string& CnvVcfWriter::path() const noexcept {
    return impl_->path;
}
const std::string& CnvVcfWriter::index_path() const noexcept {
    return impl_->index_path;
}

// The VCF is declared now; its index only once the records show whether a .tbi can hold them,
// so both names are checked now (an AtomicFile made and dropped leaves nothing).
void CnvVcfWriter::Impl::declare(OutputFiles& files, const std::string& prefix,
                                 std::string_view option_name) {
    if (prefix.empty()) throw InputError("the VCF output prefix is empty");
    path = prefix + (options.compress ? ".vcf.gz" : ".vcf");
    outputs = &files;
    option = option_name;
    file = &files.file(path, option);
    if (options.compress && !file->direct())
        for (const char* suffix : kIndexSuffixes) AtomicFile probe(path + suffix);
}

void CnvVcfWriter::Impl::declare_contig(const std::string& name, std::int64_t length) {
    // VCF 4.3 takes contig names by SAM's rule for reference names.
    if (const auto problem = sam_reference_name_problem(name))
        throw InputError("the sequence name '" + printable_text(name) +
                         "' cannot be a VCF contig: " + *problem + " (--no-vcf writes no VCF)");
    std::string line = "##contig=<ID=" + name;
    if (length > 0) line += ",length=" + std::to_string(length);
    line += '>';
    if (bcf_hdr_append(header.get(), line.c_str()) < 0 || bcf_hdr_sync(header.get()) < 0)
        throw InputError("the sequence name '" + name + "' cannot be a VCF contig");
}

void CnvVcfWriter::begin(const CnvRunInfo& info) {
    Impl& m = *impl_;
    m.info = info;
    m.header.reset(bcf_hdr_init("w"));
    if (!m.header) throw ResourceError("out of memory for a VCF header");
    check(bcf_hdr_set_version(m.header.get(), "VCFv4.3"), m.failure("the header"));
    std::string source = std::string("##source=tropic ") + kVersion + " cnv call (cn.mops)";
    check(bcf_hdr_append(m.header.get(), source.c_str()), m.failure("the header"));
    for (const char* line : kFixedLines)
        check(bcf_hdr_append(m.header.get(), line), m.failure("the header"));
    for (std::size_t i = 0; i < info.sequences.size(); ++i)
        m.declare_contig(info.sequences[i],
                         i < info.sequence_lengths.size() ? info.sequence_lengths[i] : 0);
    for (const std::string& sample : info.samples)
        if (bcf_hdr_add_sample(m.header.get(), sample.c_str()) < 0)
            throw InputError("the sample name '" + sample +
                             "' appears twice or is not valid in VCF");
    check(bcf_hdr_sync(m.header.get()), m.failure("the header"));

    m.vcf.reset(hts_open(m.file->temp_path().c_str(), m.options.compress ? "wz" : "w"));
    if (!m.vcf) throw ResourceError(m.failure("the file"));
    // With every sequence known, records stream; otherwise the header waits for the last one.
    if (!info.sequences.empty()) m.write_header();
}

void CnvVcfWriter::Impl::write_header() {
    check(bcf_hdr_write(vcf.get(), header.get()), failure("the header"));
    header_written = true;
}

void CnvVcfWriter::sequence(const SequenceResult& result) {
    Impl& m = *impl_;
    if (!m.vcf) throw InternalError("CnvVcfWriter: sequence() before begin()");
    if (result.regions.empty()) return;
    const std::string& name = result.counts->name;
    if (bcf_hdr_name2id(m.header.get(), name.c_str()) < 0) {
        if (m.header_written)
            throw InternalError("CnvVcfWriter: sequence '" + name +
                                "' is not among the sequences given to begin()");
        m.declare_contig(name, 0);
    }
    for (const CnvRegion& region : result.regions) {
        Record record = m.make_record(result, region);
        m.last_end = std::max(m.last_end, region.end);
        if (m.header_written)
            m.write(record);
        else
            m.pending.push_back(std::move(record));
    }
}

Record CnvVcfWriter::Impl::make_record(const SequenceResult& result,
                                       const CnvRegion& region) const {
    constexpr std::int64_t kMaxPosition = std::numeric_limits<std::int32_t>::max();
    if (region.end > kMaxPosition)
        throw InputError("a CNV region of " + result.counts->name + " ends beyond position " +
                         std::to_string(kMaxPosition) + ", which VCF cannot hold");
    bcf_hdr_t* hdr = header.get();
    Record record(bcf_init());
    if (!record) throw ResourceError("out of memory for a VCF record");
    bcf1_t* rec = record.get();
    const detail::RegionSummary summary = detail::summarize_region(info.params, result, region);
    const std::size_t samples = info.samples.size();

    rec->rid = bcf_hdr_name2id(hdr, result.counts->name.c_str());
    // The padding base before a symbolic allele (VCF 4.3, REF): POS is the region's 0-based start
    // read as a 1-based position. A region at the sequence's first base has none; it starts at 1.
    rec->pos = std::max<std::int64_t>(region.start - 1, 0);
    bcf_float_set_missing(rec->qual);
    const std::string type = detail::sv_type_name(summary.type);
    const std::string alleles = "N,<" + type + ">";
    check(bcf_update_alleles_str(hdr, rec, alleles.c_str()), failure("a record"));
    int pass = bcf_hdr_id2int(hdr, BCF_DT_ID, "PASS");
    check(bcf_update_filter(hdr, rec, &pass, 1), failure("a record"));

    check(bcf_update_info_string(hdr, rec, "SVTYPE", type.c_str()), failure("a record"));
    std::int32_t end = static_cast<std::int32_t>(region.end);
    check(bcf_update_info_int32(hdr, rec, "END", &end, 1), failure("a record"));
    // SVLEN is ALT's length minus REF's (VCF 4.3): -length for a loss, +length for a gain, and no
    // single value for a region with both.
    const auto length = static_cast<std::int32_t>(region.end - region.start);
    if (summary.type != detail::SvType::Cnv) {
        std::int32_t svlen = summary.type == detail::SvType::Del ? -length : length;
        check(bcf_update_info_int32(hdr, rec, "SVLEN", &svlen, 1), failure("a record"));
    }
    check(bcf_update_info_flag(hdr, rec, "IMPRECISE", nullptr, 1), failure("a record"));

    std::vector<std::int32_t> genotypes(2 * samples), copies(samples);
    std::vector<float> sini(samples);
    for (std::size_t s = 0; s < samples; ++s) {
        const int cn = summary.copy_number[s];
        copies[s] = cn < 0 ? bcf_int32_missing : cn;
        // A diploid genotype exists for 0, 1 and 2 copies only; a gain's allele count is unknown.
        const bool defined = cn >= 0 && cn <= 2;
        genotypes[2 * s] = defined ? bcf_gt_unphased(cn < 1 ? 1 : 0) : bcf_gt_missing;
        genotypes[2 * s + 1] = defined ? bcf_gt_unphased(cn < 2 ? 1 : 0) : bcf_gt_missing;
        sini[s] = static_cast<float>(summary.mean_sini[s]);
    }
    check(bcf_update_genotypes(hdr, rec, genotypes.data(), static_cast<int>(genotypes.size())),
          failure("a record"));
    check(bcf_update_format_int32(hdr, rec, "CN", copies.data(), static_cast<int>(samples)),
          failure("a record"));
    check(bcf_update_format_float(hdr, rec, "SINI", sini.data(), static_cast<int>(samples)),
          failure("a record"));
    return record;
}

void CnvVcfWriter::finish() {
    Impl& m = *impl_;
    if (!m.vcf) throw InternalError("CnvVcfWriter: finish() before begin()");
    if (!m.header_written) m.write_header();
    for (const Record& record : m.pending) m.write(record);
    m.pending.clear();
    // hts_close's status tells whether the last blocks reached the disk.
    errno = 0;
    if (hts_close(m.vcf.release()) != 0) throw ResourceError(m.failure("the end"));
    m.build_index();
    if (m.own) m.own->commit();
}

// Declared after its VCF, the index is moved into place after it, so that it is never older than
// the file it indexes.
void CnvVcfWriter::Impl::build_index() {
    if (!options.compress) return;
    if (file->direct()) {
        say(options.on_notice,
            {Notice::Kind::Note, "could not index " + path + ": it is not a regular file"});
        return;
    }
    // A .tbi indexes positions up to 2^29 (htslib's hts_idx_check_range); beyond, a .csi does.
    const bool tabix = last_end <= (std::int64_t{1} << 29);
    const std::string name = path + (tabix ? kIndexSuffixes[0] : kIndexSuffixes[1]);
    AtomicFile& index = outputs->file(name, option);
    if (bcf_index_build3(file->temp_path().c_str(), index.temp_path().c_str(), tabix ? 0 : 14, 0) !=
        0)
        throw ResourceError("cannot write the index " + name + " of " + path);
    index_path = name;
}

}  // namespace tropic::cnv

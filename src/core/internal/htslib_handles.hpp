#pragma once
// Owners of htslib objects, so that every path out of a reader or writer releases them.
// A file that was written is closed explicitly first (its hts_close result tells whether the
// last blocks reached the disk); this owner only releases what an error left open.
#include <htslib/sam.h>
#include <htslib/vcf.h>

#include <memory>

namespace tropic::hts {

struct FileCloser {
    void operator()(htsFile* file) const noexcept { hts_close(file); }
};
struct HeaderDestroyer {
    void operator()(sam_hdr_t* header) const noexcept { sam_hdr_destroy(header); }
};
struct RecordDestroyer {
    void operator()(bam1_t* record) const noexcept { bam_destroy1(record); }
};
struct IndexDestroyer {
    void operator()(hts_idx_t* index) const noexcept { hts_idx_destroy(index); }
};
struct IteratorDestroyer {
    void operator()(hts_itr_t* iterator) const noexcept { hts_itr_destroy(iterator); }
};
struct VcfHeaderDestroyer {
    void operator()(bcf_hdr_t* header) const noexcept { bcf_hdr_destroy(header); }
};
struct VcfRecordDestroyer {
    void operator()(bcf1_t* record) const noexcept { bcf_destroy(record); }
};

using File = std::unique_ptr<htsFile, FileCloser>;
using Header = std::unique_ptr<sam_hdr_t, HeaderDestroyer>;
using Record = std::unique_ptr<bam1_t, RecordDestroyer>;
using Index = std::unique_ptr<hts_idx_t, IndexDestroyer>;
using Iterator = std::unique_ptr<hts_itr_t, IteratorDestroyer>;
using VcfHeader = std::unique_ptr<bcf_hdr_t, VcfHeaderDestroyer>;
using VcfRecord = std::unique_ptr<bcf1_t, VcfRecordDestroyer>;

}  // namespace tropic::hts

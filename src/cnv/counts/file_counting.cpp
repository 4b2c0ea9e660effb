// The inner loop of `tropic cnv count`: one pass over a file's records with htslib, each record
// tested by flag, MAPQ and reference, then placed in its window by its leftmost position. Only
// the records' fixed fields are needed, so CRAM decodes nothing else (no reference lookups for
// the bases).
#include "cnv/counts/file_counting.hpp"

#include <fmt/format.h>
#include <htslib/bgzf.h>
#include <htslib/cram.h>
#include <htslib/hfile.h>
#include <htslib/sam.h>
#include <sys/stat.h>

#include <memory>

#include "core/internal/htslib_handles.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv::detail {

namespace {

// Progress is reported every this many records: often enough for a bar, rarely enough to cost
// nothing.
constexpr std::uint64_t kProgressRecords = std::uint64_t{1} << 16;

// How far into the file (compressed bytes) reading has come.
std::int64_t bytes_read(htsFile& file) {
    if (file.is_cram) return htell(cram_fd_get_fp(file.fp.cram));
    if (file.is_bgzf) return bgzf_tell(file.fp.bgzf) >> 16;  // the block's file offset
    return htell(file.fp.hfile);
}

class FileCounter {
  public:
    FileCounter(const std::string& path, const FileCountingSetup& setup)
        : path_(path), setup_(setup) {
        file_.reset(hts_open(path.c_str(), "r"));
        if (!file_) throw InputError(fmt::format("cannot open '{}'", path));
        const htsExactFormat format = hts_get_format(file_.get())->format;
        if (format != sam && format != bam && format != cram)
            throw InputError(fmt::format("{}: not SAM, BAM or CRAM", path));
        if (format == cram) {
            if (!setup.cram_reference.empty() &&
                hts_set_fai_filename(file_.get(), setup.cram_reference.c_str()) < 0)
                throw InputError(fmt::format("{}: cannot use '{}' as the CRAM reference", path,
                                             setup.cram_reference));
            // Ignoring the result: an older htslib decodes every field, which is slower only.
            [[maybe_unused]] int ignored = hts_set_opt(file_.get(), CRAM_OPT_REQUIRED_FIELDS,
                                                       SAM_FLAG | SAM_RNAME | SAM_POS | SAM_MAPQ);
        }
        header_.reset(sam_hdr_read(file_.get()));
        if (!header_) throw InputError(fmt::format("{}: cannot read the header", path));
        // A BAM cut short lacks BGZF's end-of-file block. Threaded reading would see its end
        // as a plain end of file, so the check is made here, once, for every reader.
        if (file_->is_bgzf && bgzf_check_EOF(file_->fp.bgzf) == 0)
            throw InputError(fmt::format(
                "{}: truncated (no BGZF end-of-file block): the file was cut short", path));
        // The threads join only after the header: htslib 1.16's threaded reader can wait
        // forever in its end-of-file check (bam_hdr_read -> bgzf_check_EOF) on a truncated file.
        // SAM text gets none, as in core's AlignmentReader: htslib parses text in batches on its
        // threads, and a bad line would then be blamed on the batch's first record.
        if (setup.decompression && format != sam &&
            hts_set_opt(file_.get(), HTS_OPT_THREAD_POOL, setup.decompression) != 0)
            throw ResourceError(fmt::format("{}: cannot share htslib's threads", path));
        struct stat info {};
        if (::stat(path.c_str(), &info) == 0 && info.st_size > 0) size_ = info.st_size;
        map_references();
    }

    FileCounts count() {
        if (use_index()) {
            for (std::size_t slot = 0; slot < tid_of_slot_.size(); ++slot) {
                if (tid_of_slot_[slot] < 0) continue;
                iterator_.reset(sam_itr_queryi(index_.get(), tid_of_slot_[slot], 0, HTS_POS_MAX));
                if (!iterator_)
                    throw InputError(fmt::format("{}: cannot query '{}' through its index", path_,
                                                 (*setup_.layouts)[slot].name));
                read_records();
                report(static_cast<double>(slot + 1) / static_cast<double>(tid_of_slot_.size()));
            }
        } else {
            read_records();
        }
        report(1.0);
        return std::move(counts_);
    }

  private:
    // Which layout slot each of the file's references feeds (-1: none).
    void map_references() {
        const std::vector<SequenceLayout>& layouts = *setup_.layouts;
        slot_of_tid_.assign(static_cast<std::size_t>(sam_hdr_nref(header_.get())), -1);
        tid_of_slot_.assign(layouts.size(), -1);
        counts_.per_sequence.resize(layouts.size());
        for (std::size_t slot = 0; slot < layouts.size(); ++slot) {
            counts_.per_sequence[slot].assign(layouts[slot].window_count(), 0);
            const int tid = sam_hdr_name2tid(header_.get(), layouts[slot].name.c_str());
            if (tid < 0) continue;  // the caller has checked the headers: only regions' absence
            slot_of_tid_[static_cast<std::size_t>(tid)] = static_cast<int>(slot);
            tid_of_slot_[slot] = tid;
        }
    }

    // An index serves when only some of the file's references are counted and one exists.
    bool use_index() {
        std::size_t used = 0;
        for (int tid : tid_of_slot_) used += tid >= 0;
        if (used == slot_of_tid_.size()) return false;
        index_.reset(sam_index_load3(file_.get(), path_.c_str(), nullptr, HTS_IDX_SILENT_FAIL));
        return index_ != nullptr;
    }

    void read_records() {
        bam1_t* record = record_.get();
        const std::vector<SequenceLayout>& layouts = *setup_.layouts;
        const int min_mapq = setup_.min_mapq;
        const auto references = static_cast<std::int32_t>(slot_of_tid_.size());
        while (true) {
            const int status = iterator_ ? sam_itr_next(file_.get(), iterator_.get(), record)
                                         : sam_read1(file_.get(), header_.get(), record);
            if (status == -1) {
                if (file_->is_bgzf && file_->fp.bgzf->errcode) fail_record();
                break;
            }
            if (status < -1) fail_record();
            ++records_;
            if ((records_ & (kProgressRecords - 1)) == 0 && !iterator_ && size_ > 0)
                report(static_cast<double>(bytes_read(*file_)) / static_cast<double>(size_));
            const bam1_core_t& core = record->core;
            if ((core.flag & BAM_FUNMAP) || core.qual < min_mapq || core.tid < 0 ||
                core.tid >= references)
                continue;
            const int slot = slot_of_tid_[static_cast<std::size_t>(core.tid)];
            if (slot < 0) continue;
            const std::int64_t window = layouts[static_cast<std::size_t>(slot)].window_of(core.pos);
            if (window < 0) continue;
            ++counts_
                  .per_sequence[static_cast<std::size_t>(slot)][static_cast<std::size_t>(window)];
            ++counts_.counted;
        }
        iterator_.reset();
    }

    [[noreturn]] void fail_record() const {
        const bool cram_file = file_->is_cram;
        throw InputError(fmt::format(
            "{}: record {}: malformed or truncated record{}", path_, records_ + 1,
            cram_file ? " (or the CRAM reference is missing: pass it with --reference)" : ""));
    }

    void report(double fraction) {
        if (!setup_.on_fraction) return;
        fraction = std::min(fraction, 1.0);
        if (fraction <= reported_) return;
        reported_ = fraction;
        setup_.on_fraction(fraction);
    }

    std::string path_;
    const FileCountingSetup& setup_;
    hts::File file_;
    hts::Header header_;
    hts::Record record_{bam_init1()};
    hts::Index index_;
    hts::Iterator iterator_;
    std::vector<int> slot_of_tid_;
    std::vector<int> tid_of_slot_;
    FileCounts counts_;
    std::uint64_t records_ = 0;
    std::int64_t size_ = 0;
    double reported_ = -1;
};

}  // namespace

FileCounts count_file(const std::string& path, const FileCountingSetup& setup) {
    FileCounter counter(path, setup);
    return counter.count();
}

}  // namespace tropic::cnv::detail

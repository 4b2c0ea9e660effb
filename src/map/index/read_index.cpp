// read_reference_index: what is checked before the file is trusted, in this order, so that the
// message names the first thing wrong: magic -> version (a later version may lay out its header
// differently) -> the header's size and CRC -> the sections' sizes against the file's -> the
// memory it needs -> the body's CRC -> the arrays' consistency, which the CRCs do not prove for a
// file written by something other than tropic.
#include <fmt/format.h>
#include <sys/stat.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>

#include "core/internal/checksum.hpp"
#include "core/internal/memory_fit.hpp"
#include "core/internal/messages.hpp"
#include "map/index/index_access.hpp"
#include "map/index/index_layout.hpp"
#include "map/index/packed_bases.hpp"
#include "tropic/core/error.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic::map {

namespace {

using detail::IndexHeader;

constexpr const char* kRebuild = "the file is damaged; rebuild it with `tropic index`";

class IndexFileReader {
  public:
    explicit IndexFileReader(std::string path) : path_(std::move(path)) {
        file_.reset(std::fopen(path_.c_str(), "rb"));
        struct stat info {};
        if (!file_ || ::fstat(::fileno(file_.get()), &info) != 0)
            throw InputError(fmt::format("cannot open index '{}': {}", path_, errno_reason(errno)));
        if (!S_ISREG(info.st_mode))
            throw InputError(fmt::format("index '{}' is not a regular file", path_));
        size_ = static_cast<std::uint64_t>(info.st_size);
    }

    [[noreturn]] void refuse(const std::string& what) const {
        throw InputError(fmt::format("index '{}': {}", path_, what));
    }

    void check_size(std::uint64_t expected) const {
        if (size_ < expected)
            refuse(fmt::format("truncated: {} bytes expected, {} present", expected, size_));
    }

    std::uint64_t size() const noexcept { return size_; }

    // `bytes` bytes into `into`; counted into the body's CRC when `crc` is given.
    void read(void* into, std::size_t bytes, std::uint32_t* crc = nullptr) {
        if (std::fread(into, 1, bytes, file_.get()) != bytes) {
            if (std::ferror(file_.get()))
                refuse(fmt::format("read error: {}", errno_reason(errno)));
            refuse(fmt::format("truncated while reading ({} bytes present)", size_));
        }
        if (crc) *crc = extend_crc32(*crc, into, bytes);
    }

    // `count` values and the section's padding.
    template <class T>
    void read_section(std::vector<T>& values, std::uint64_t count, std::uint32_t& crc) {
        values.resize(static_cast<std::size_t>(count));
        const std::size_t bytes = values.size() * sizeof(T);
        read(values.data(), bytes, &crc);
        std::uint8_t padding[8];
        read(padding, detail::padded(bytes) - bytes, &crc);
    }

  private:
    struct Closer {
        void operator()(std::FILE* f) const noexcept { std::fclose(f); }
    };
    std::string path_;
    std::unique_ptr<std::FILE, Closer> file_;
    std::uint64_t size_ = 0;
};

IndexHeader checked_header(IndexFileReader& file) {
    std::uint8_t bytes[detail::kIndexHeaderSize] = {};
    const std::size_t present =
        static_cast<std::size_t>(std::min<std::uint64_t>(file.size(), sizeof bytes));
    file.read(bytes, present);
    if (present < sizeof detail::kIndexMagic ||
        std::memcmp(bytes, detail::kIndexMagic, sizeof detail::kIndexMagic) != 0)
        file.refuse("not a tropic reference index (it does not start with TROPICMI)");
    file.check_size(sizeof detail::kIndexMagic + 4);
    const IndexHeader header = detail::decode_index_header(bytes);
    if (header.version != detail::kIndexFormatVersion)
        file.refuse(
            fmt::format("written by format version {}; this tropic reads version {}: "
                        "rebuild it with `tropic index`",
                        header.version, detail::kIndexFormatVersion));
    file.check_size(detail::kIndexHeaderSize);
    if (detail::stored_header_crc(bytes) != detail::computed_header_crc(bytes))
        file.refuse(fmt::format("checksum mismatch in the header: {}", kRebuild));
    if (!detail::header_is_plausible(header))
        file.refuse(fmt::format("inconsistent numbers in the header: {}", kRebuild));
    const std::uint64_t expected = detail::kIndexHeaderSize + detail::section_sizes(header).total();
    if (header.file_size != expected)
        file.refuse(fmt::format("inconsistent section sizes in the header: {}", kRebuild));
    file.check_size(expected);
    if (file.size() > expected)
        file.refuse(fmt::format("{} unexpected bytes after the index: {}", file.size() - expected,
                                kRebuild));
    return header;
}

struct ContigSections {
    std::vector<std::uint64_t> spans;
    std::vector<std::uint64_t> name_offsets;
    std::vector<char> names;
};

// Holds for every file tropic wrote; checked so that another file cannot send a lookup out of
// the arrays.
void check_contents(const IndexFileReader& file, const IndexHeader& h, const ContigSections& c,
                    detail::IndexAccess index) {
    auto inconsistent = [&](const std::string& what) {
        file.refuse(fmt::format("inconsistent contents ({}): {}", what, kRebuild));
    };
    std::uint64_t next_start = 0;
    for (std::size_t i = 0; i < h.contigs; ++i) {
        if (c.spans[2 * i] != next_start || c.spans[2 * i + 1] == 0)
            inconsistent("contigs not back to back");
        next_start += c.spans[2 * i + 1];
        if (c.name_offsets[i + 1] <= c.name_offsets[i]) inconsistent("an empty contig name");
    }
    if (next_start != h.total_length) inconsistent("contigs do not span the reference");
    if (c.name_offsets[0] != 0 || c.name_offsets[h.contigs] != h.names_size)
        inconsistent("name offsets do not span the names");
    std::uint64_t previous_end = 0;
    for (const AmbiguousRun& run : index.ambiguous_runs()) {
        if (run.begin >= run.end || run.end > h.total_length ||
            (run.begin <= previous_end && previous_end != 0))
            inconsistent("N runs not ascending and apart");
        previous_end = run.end;
    }
    const auto& offsets = index.offsets();
    if (offsets.front() != 0 || offsets.back() != h.positions ||
        !std::is_sorted(offsets.begin(), offsets.end()))
        inconsistent("k-mer offsets do not span the positions");
    const auto& positions = index.positions();
    if (!positions.empty() &&
        *std::max_element(positions.begin(), positions.end()) >= h.total_length)
        inconsistent("a position past the reference's end");
    std::uint64_t repeats = 0;
    for (const std::uint64_t word : index.repeats()) repeats += std::popcount(word);
    if (repeats != h.repeat_count) inconsistent("the repeat count disagrees");
}

}  // namespace

ReferenceIndex read_reference_index(const std::string& path, const RunOptions& options) {
    IndexFileReader file(path);
    const IndexHeader h = checked_header(file);
    const MemoryBudget budget = host_budget(options.max_memory);
    if (h.file_size > budget.bytes)
        throw ResourceError(does_not_fit_message(fmt::format("the index '{}'", path), h.file_size,
                                                 budget, "raise --max-memory"));

    ReferenceIndex index;
    detail::IndexAccess access{index};
    ContigSections contigs;
    const std::uint64_t kmers = std::uint64_t{1} << (2 * h.kmer_length);
    std::uint32_t crc = 0;
    file.read_section(contigs.spans, 2 * std::uint64_t{h.contigs}, crc);
    file.read_section(contigs.name_offsets, std::uint64_t{h.contigs} + 1, crc);
    file.read_section(contigs.names, h.names_size, crc);
    file.read_section(access.packed_bases(), detail::packed_words(h.total_length), crc);
    file.read_section(access.ambiguous_runs(), h.ambiguous_runs, crc);
    file.read_section(access.offsets(), kmers + 1, crc);
    file.read_section(access.positions(), h.positions, crc);
    file.read_section(access.repeats(), (kmers + 63) / 64, crc);
    if (crc != h.body_crc) file.refuse(fmt::format("checksum mismatch in the body: {}", kRebuild));
    check_contents(file, h, contigs, access);

    for (std::size_t i = 0; i < h.contigs; ++i) {
        const auto from = static_cast<std::ptrdiff_t>(contigs.name_offsets[i]);
        const auto to = static_cast<std::ptrdiff_t>(contigs.name_offsets[i + 1]);
        access.contigs().push_back(
            {std::string(contigs.names.begin() + from, contigs.names.begin() + to),
             contigs.spans[2 * i], contigs.spans[2 * i + 1]});
    }
    access.total_length() = h.total_length;
    access.kmer_length() = static_cast<int>(h.kmer_length);
    access.sampling_stride() = static_cast<int>(h.sampling_stride);
    access.max_occurrences() = h.max_occurrences;
    access.repeat_count() = h.repeat_count;
    access.sequence_checksum() = h.sequence_checksum;
    return index;
}

}  // namespace tropic::map

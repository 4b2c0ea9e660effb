// write_reference_index: the sections are in memory already, so their CRC is computed first and
// the file written front to back in one pass (a FIFO can take it), through an AtomicFile.
#include <fmt/format.h>

#include <cerrno>
#include <cstring>

#include "core/internal/checksum.hpp"
#include "core/internal/messages.hpp"
#include "map/index/index_layout.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic::map {

namespace {

using detail::padded;

// The contig table as the file holds it: (start, length) pairs, name offsets, names.
struct ContigTable {
    std::vector<std::uint64_t> spans;
    std::vector<std::uint64_t> name_offsets{0};
    std::string names;
};

ContigTable contig_table(const std::vector<ReferenceContig>& contigs) {
    ContigTable table;
    for (const ReferenceContig& contig : contigs) {
        table.spans.push_back(contig.start);
        table.spans.push_back(contig.length);
        table.names += contig.name;
        table.name_offsets.push_back(table.names.size());
    }
    return table;
}

// The bytes after the header in file order, each section followed by its zero padding.
class Body {
  public:
    template <class T>
    void add(std::span<const T> values) {
        const std::size_t bytes = values.size_bytes();
        pieces_.push_back({reinterpret_cast<const std::uint8_t*>(values.data()), bytes});
        const std::size_t pad = padded(bytes) - bytes;
        if (pad > 0) pieces_.push_back({kZeros, pad});
    }
    std::uint64_t size() const {
        std::uint64_t total = 0;
        for (const auto& piece : pieces_) total += piece.size();
        return total;
    }
    std::uint32_t crc() const {
        std::uint32_t crc = 0;
        for (const auto& piece : pieces_) crc = extend_crc32(crc, piece.data(), piece.size());
        return crc;
    }
    const std::vector<std::span<const std::uint8_t>>& pieces() const { return pieces_; }

  private:
    static constexpr std::uint8_t kZeros[8] = {};
    std::vector<std::span<const std::uint8_t>> pieces_;
};

}  // namespace

void write_reference_index(const ReferenceIndex& index, const std::string& path) {
    AtomicFile file(path);
    write_reference_index(index, file);
    file.commit();
}

void write_reference_index(const ReferenceIndex& index, AtomicFile& file) {
    const ContigTable table = contig_table(index.contigs());
    Body body;
    body.add(std::span<const std::uint64_t>(table.spans));
    body.add(std::span<const std::uint64_t>(table.name_offsets));
    body.add(std::span<const char>(table.names));
    body.add(index.packed_bases());
    body.add(index.ambiguous_runs());
    body.add(index.kmer_offsets());
    body.add(index.kmer_positions());
    body.add(index.repeat_flags());

    detail::IndexHeader header;
    header.kmer_length = static_cast<std::uint32_t>(index.kmer_length());
    header.sampling_stride = static_cast<std::uint32_t>(index.sampling_stride());
    header.max_occurrences = index.max_occurrences();
    header.contigs = static_cast<std::uint32_t>(index.contigs().size());
    header.total_length = index.total_length();
    header.names_size = table.names.size();
    header.ambiguous_runs = index.ambiguous_runs().size();
    header.positions = index.position_count();
    header.repeat_count = index.repeat_count();
    header.sequence_checksum = index.sequence_checksum();
    header.file_size = detail::kIndexHeaderSize + body.size();
    header.body_crc = body.crc();
    const std::string header_bytes = detail::encode_index_header(header);

    auto write = [&](const void* bytes, std::size_t size) {
        if (std::fwrite(bytes, 1, size, file.stream()) != size)
            throw ResourceError(fmt::format("cannot write '{}': {}",
                                            display_output_path(file.path()), errno_reason(errno)));
    };
    write(header_bytes.data(), header_bytes.size());
    for (const auto& piece : body.pieces()) write(piece.data(), piece.size());
}

}  // namespace tropic::map

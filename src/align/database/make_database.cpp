// make_database: one pass over the input spills each record's codes to a temporary file beside
// the output (in input order) while the index grows in memory; then the index is sorted into
// storage order and the output written: a placeholder header, the residues copied from the spill
// in storage order, the index, and finally the real header, whose CRCs are known only then. Both
// files are AtomicFiles: on an error or a signal the spill and the unfinished output go away, and
// nothing ever appears under the output's name but a whole database.
#include <fmt/format.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <span>
#include <string>

#include "align/database/database_layout.hpp"
#include "align/database/read_records.hpp"
#include "align/database/storage_order_copy.hpp"
#include "core/internal/checksum.hpp"
#include "core/internal/memory_fit.hpp"
#include "tropic/align/database.hpp"
#include "tropic/core/atomic_file.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align {

namespace {

using detail::DatabaseHeader;

// The copy buffer: half of what the memory limit leaves beside the two copies of the index, so
// that small limits still get a working buffer and huge ones gain nothing past 1 GiB.
std::size_t copy_buffer_bytes(std::uint64_t budget, std::uint64_t index_bytes) {
    constexpr std::uint64_t kSmallest = std::uint64_t{64} << 10, kLargest = std::uint64_t{1} << 30;
    const std::uint64_t left = budget > 2 * index_bytes ? budget - 2 * index_bytes : 0;
    return static_cast<std::size_t>(std::clamp(left / 2, kSmallest, kLargest));
}

class DatabaseFileWriter {
  public:
    explicit DatabaseFileWriter(AtomicFile& file, std::string path)
        : file_(file), path_(std::move(path)) {}

    void write(const void* bytes, std::size_t size, std::uint32_t* crc = nullptr) {
        if (std::fwrite(bytes, 1, size, file_.stream()) != size) fail();
        if (crc) *crc = extend_crc32(*crc, bytes, size);
    }

    template <class T>
    void write_array(std::span<const T> values, std::uint32_t& crc) {
        write(values.data(), values.size_bytes(), &crc);
    }

    void rewind() {
        if (std::fseek(file_.stream(), 0, SEEK_SET) != 0) fail();
    }

    [[noreturn]] void fail() const {
        throw ResourceError("cannot write output file '" + path_ + "': " + std::strerror(errno));
    }

  private:
    AtomicFile& file_;
    std::string path_;
};

}  // namespace

DatabaseSummary make_database(const std::string& input, const std::string& prefix,
                              const DatabaseParams& params, const RunOptions& options,
                              const DatabaseProgress& progress) {
    const std::string path = database_path(prefix);
    // The output first: a folder that cannot take it fails here, with the output's name.
    AtomicFile output(path);
    AtomicFile spill(path + ".residues");
    detail::ReadRecords read = detail::read_records(
        input, params, options, progress, [&](std::span<const std::uint8_t> codes) {
            if (std::fwrite(codes.data(), 1, codes.size(), spill.stream()) != codes.size())
                throw ResourceError("cannot write the temporary file '" + spill.temp_path() +
                                    "': " + std::strerror(errno));
        });
    if (std::fflush(spill.stream()) != 0)
        throw ResourceError("cannot write the temporary file '" + spill.temp_path() +
                            "': " + std::strerror(errno));
    const detail::StorageIndex index = detail::storage_order(read.index);

    DatabaseHeader header;
    header.alphabet = read.alphabet;
    header.sequences = read.index.size();
    header.residues = read.index.residues();
    header.longest = read.index.longest();
    header.index_offset = detail::index_section_offset(header.residues);
    header.names_size = index.names.size();
    header.index_size = detail::index_section_size(header.sequences, header.names_size);

    DatabaseFileWriter writer(output, path);
    const std::string placeholder(detail::kHeaderSize, '\0');
    writer.write(placeholder.data(), placeholder.size());
    detail::copy_in_storage_order(
        ::fileno(spill.stream()), spill.temp_path(), read.index, index,
        copy_buffer_bytes(host_budget(options.max_memory).bytes, read.index.memory_bytes()),
        [&](std::span<const std::uint8_t> residues) {
            writer.write(residues.data(), residues.size(), &header.residues_crc);
        });
    const std::string padding(header.index_offset - detail::kHeaderSize - header.residues, '\0');
    writer.write(padding.data(), padding.size());
    writer.write_array<std::uint64_t>(index.offsets, header.index_crc);
    writer.write_array<std::uint64_t>(index.ordinals, header.index_crc);
    writer.write_array<std::uint64_t>(index.name_offsets, header.index_crc);
    writer.write(index.names.data(), index.names.size(), &header.index_crc);
    writer.rewind();
    const std::string header_bytes = detail::encode_header(header);
    writer.write(header_bytes.data(), header_bytes.size());
    output.commit();
    return {header.alphabet, header.sequences, header.residues, header.longest};
}

}  // namespace tropic::align

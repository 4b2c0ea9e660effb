// A count-matrix file as a CountSource: the layout told by the first bytes, a pass per rewind.
// A file is read again on rewind; standard input cannot be, so it is read whole at once.
#include <fmt/format.h>

#include <cerrno>
#include <cstring>
#include <optional>

#include "cnv/counts/matrix_reader.hpp"
#include "core/internal/messages.hpp"
#include "tropic/cnv/count_matrix_io.hpp"
#include "tropic/core/error.hpp"

namespace tropic::cnv {

namespace detail {
namespace {

std::unique_ptr<MatrixReader> open_matrix(const std::string& path) {
    errno = 0;
    HFile file(hopen(path.c_str(), "r"));
    if (!file)
        throw InputError(fmt::format("cannot open '{}': {}", display_input_path(path),
                                     errno ? std::strerror(errno) : "unknown error"));
    char magic[sizeof kBinaryMatrixMagic] = {};
    const ssize_t peeked = hpeek(file.get(), magic, sizeof magic);
    if (peeked < 0) throw InputError(fmt::format("{}: read error", display_input_path(path)));
    if (static_cast<std::size_t>(peeked) == sizeof magic &&
        std::memcmp(magic, kBinaryMatrixMagic, sizeof magic) == 0)
        return open_binary_matrix(std::move(file), path);
    return open_tsv_matrix(std::move(file), path);
}

}  // namespace
}  // namespace detail

struct CountMatrixFileSource::Impl {
    std::string path;
    std::unique_ptr<detail::MatrixReader> reader;  // a file
    std::optional<CountMatrix> held;               // standard input
    std::optional<MemoryCountSource> held_source;
};

CountMatrixFileSource::CountMatrixFileSource(std::string path) : impl_(std::make_unique<Impl>()) {
    impl_->path = std::move(path);
    impl_->reader = detail::open_matrix(impl_->path);
    if (impl_->path != "-") return;
    CountMatrix& matrix = impl_->held.emplace();
    matrix.samples = impl_->reader->samples();
    SequenceCounts sequence;
    while (impl_->reader->next(sequence)) matrix.sequences.push_back(std::move(sequence));
    impl_->reader.reset();
    impl_->held_source.emplace(matrix);
}

CountMatrixFileSource::~CountMatrixFileSource() = default;

const std::vector<std::string>& CountMatrixFileSource::samples() const {
    return impl_->held ? impl_->held->samples : impl_->reader->samples();
}

bool CountMatrixFileSource::next(SequenceCounts& sequence) {
    return impl_->held_source ? impl_->held_source->next(sequence) : impl_->reader->next(sequence);
}

void CountMatrixFileSource::rewind() {
    if (impl_->held_source)
        impl_->held_source->rewind();
    else
        impl_->reader = detail::open_matrix(impl_->path);
}

CountMatrix read_count_matrix(const std::string& path) {
    CountMatrixFileSource source(path);
    CountMatrix matrix;
    matrix.samples = source.samples();
    SequenceCounts sequence;
    while (source.next(sequence)) matrix.sequences.push_back(std::move(sequence));
    return matrix;
}

}  // namespace tropic::cnv

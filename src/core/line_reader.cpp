#include "tropic/core/line_reader.hpp"

#include <fmt/format.h>
#include <htslib/bgzf.h>
#include <htslib/kstring.h>

#include <cerrno>

#include "core/internal/bgzf_errors.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"

namespace tropic {

struct LineReader::Impl {
    std::string path;
    BGZF* file = nullptr;
    kstring_t line = {0, 0, nullptr};
    std::size_t line_number = 0;

    ~Impl() {
        ks_free(&line);
        if (file) bgzf_close(file);
    }
};

LineReader::LineReader(const std::string& path) : impl_(std::make_unique<Impl>()) {
    impl_->path = path;
    check_input_file(path);
    errno = 0;
    impl_->file = bgzf_open(path.c_str(), "r");
    if (!impl_->file)
        throw InputError(
            fmt::format("cannot open '{}': {}", display_input_path(path), errno_reason(errno)));
}

LineReader::~LineReader() = default;

bool LineReader::next(std::string& line) {
    Impl& im = *impl_;
    errno = 0;
    const int length = bgzf_getline(im.file, '\n', &im.line);
    const int err = errno;
    if (length == -1) return false;
    ++im.line_number;
    if (length < -1)
        throw InputError(fmt::format("{}: line {}: {}", display_input_path(im.path), im.line_number,
                                     bgzf_read_failure(*im.file, err)));
    line.assign(im.line.s, im.line.l);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
}

const std::string& LineReader::path() const noexcept {
    return impl_->path;
}

std::size_t LineReader::line_number() const noexcept {
    return impl_->line_number;
}

}  // namespace tropic

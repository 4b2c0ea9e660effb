#include "tropic/core/output_sink.hpp"

#include <cerrno>
#include <cstring>

#include "tropic/core/error.hpp"

namespace tropic {

OutputSink::OutputSink(const std::string& path) {
    if (path.empty() || path == "-") return;
    own_ = std::make_unique<OutputFiles>();
    file_ = &own_->file(path, "");
    stream_ = file_->stream();
    name_ = path;
}

OutputSink::OutputSink(OutputFiles& outputs, const std::string& path, std::string_view option) {
    if (path.empty() || path == "-") {
        outputs.standard_output(option);
        return;
    }
    file_ = &outputs.file(path, option);
    stream_ = file_->stream();
    name_ = path;
}

void OutputSink::write(std::string_view data) {
    if (data.empty()) return;
    if (std::fwrite(data.data(), 1, data.size(), stream_) != data.size())
        throw ResourceError("cannot write to " + name_ + ": " + std::strerror(errno));
}

void OutputSink::flush() {
    if (!file_ && std::fflush(stream_) != 0)
        throw ResourceError("cannot write to " + name_ + ": " + std::strerror(errno));
}

void OutputSink::commit() {
    if (own_) {
        own_->commit();
        return;
    }
    if (file_) {
        file_->finish();
        return;
    }
    if (std::fflush(stream_) != 0 || std::ferror(stream_))
        throw ResourceError("cannot write to " + name_ + ": " + std::strerror(errno));
}

}  // namespace tropic

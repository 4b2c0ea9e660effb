#include "tropic/core/atomic_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/temp_file_registry.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

namespace {

std::string os_reason(int err) {
    return std::strerror(err);
}

// The temporary file lives next to the target so that rename() stays on one file system.
std::string temp_template(const std::string& path) {
    auto slash = path.rfind('/');
    std::string dir = slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
    std::string base = slash == std::string::npos ? path : path.substr(slash + 1);
    return dir + "." + base + ".tmp.XXXXXX";
}

// mkstemp creates mode 0600; a finished output gets the mode any new file would get.
mode_t default_file_mode() {
    mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
    if (path_.empty()) throw InputError("output file name is empty");
    std::string tmpl = temp_template(path_);
    std::vector<char> buffer(tmpl.begin(), tmpl.end());
    buffer.push_back('\0');
    int fd = ::mkstemp(buffer.data());
    if (fd < 0) throw InputError("cannot create output file '" + path_ + "': " + os_reason(errno));
    temp_path_ = buffer.data();
    signal_slot_ = detail::register_temp_file(temp_path_);
    ::fchmod(fd, default_file_mode());
    file_ = ::fdopen(fd, "wb");
    if (!file_) {
        int err = errno;
        ::close(fd);
        ::unlink(temp_path_.c_str());
        detail::unregister_temp_file(signal_slot_);
        throw InputError("cannot open output file '" + path_ + "': " + os_reason(err));
    }
}

AtomicFile::~AtomicFile() {
    if (file_) std::fclose(file_);
    if (!temp_path_.empty()) ::unlink(temp_path_.c_str());
    detail::unregister_temp_file(signal_slot_);
}

void AtomicFile::commit() {
    if (!file_) throw InternalError("AtomicFile::commit called twice for '" + path_ + "'");
    bool failed = std::fflush(file_) != 0 || std::ferror(file_) != 0;
    int err = errno;
    if (std::fclose(file_) != 0 && !failed) {
        failed = true;
        err = errno;
    }
    file_ = nullptr;
    if (failed) throw ResourceError("cannot write output file '" + path_ + "': " + os_reason(err));
    if (std::rename(temp_path_.c_str(), path_.c_str()) != 0)
        throw ResourceError("cannot create output file '" + path_ + "': " + os_reason(errno));
    temp_path_.clear();
    detail::unregister_temp_file(signal_slot_);
    signal_slot_ = -1;
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
    AtomicFile file(path);
    if (std::fwrite(bytes.data(), 1, bytes.size(), file.stream()) != bytes.size())
        throw ResourceError("cannot write " + path);
    file.commit();
}

}  // namespace tropic

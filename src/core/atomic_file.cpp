#include "tropic/core/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <optional>
#include <vector>

#include "core/internal/messages.hpp"
#include "core/temp_file_registry.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/parse_number.hpp"

namespace tropic {

namespace {

// The descriptor a path names without naming a file: "-", /dev/stdout, /dev/stderr, /dev/fd/N and
// /proc/self/fd/N. Writing a duplicate of it keeps the shell's redirection as it is (an append
// stays an append), where opening the path again would truncate a redirected file.
std::optional<int> descriptor_named(const std::string& path) {
    if (path == "-" || path == "/dev/stdout") return 1;
    if (path == "/dev/stderr") return 2;
    for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"})
        if (path.starts_with(prefix))
            if (const auto fd = parse_number<int>(std::string_view(path).substr(prefix.size())))
                return *fd;
    return std::nullopt;
}

// The folder of `path` ("" for the working folder) and its last component.
std::string folder_of(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? std::string() : path.substr(0, slash + 1);
}

std::string base_of(const std::string& path) {
    const auto slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Where a symbolic link at `path` leads, following links until a path that is none (which may
// not exist yet); `path` itself when it is no link.
std::string link_target(std::string path) {
    for (int depth = 0; depth < 40; ++depth) {
        struct stat info {};
        if (::lstat(path.c_str(), &info) != 0 || !S_ISLNK(info.st_mode)) return path;
        std::vector<char> buffer(PATH_MAX + 1);
        const ssize_t length = ::readlink(path.c_str(), buffer.data(), PATH_MAX);
        if (length < 0) return path;
        std::string next(buffer.data(), static_cast<std::size_t>(length));
        path = next.starts_with('/') ? next : folder_of(path) + next;
    }
    throw InputError("cannot write '" + path + "': too many levels of symbolic links");
}

// The temporary file lives next to the target so that rename() stays on one file system.
std::string temp_template(const std::string& target) {
    return folder_of(target) + "." + base_of(target) + ".tmp.XXXXXX";
}

// mkstemp creates mode 0600; a finished output gets the mode any new file would get.
mode_t default_file_mode() {
    mode_t mask = ::umask(0);
    ::umask(mask);
    return 0666 & ~mask;
}

[[noreturn]] void refuse(const std::string& path, const std::string& why) {
    throw InputError("cannot write '" + path + "': " + why);
}

}  // namespace

AtomicFile::AtomicFile(std::string path) : path_(std::move(path)) {
    if (path_.empty()) throw InputError("output file name is empty");
    if (const auto fd = descriptor_named(path_)) {
        direct_ = true;
        direct_fd_ = *fd;
        target_ = path_;
        temp_path_ = *fd == 1 ? "-" : path_;
        return;
    }
    struct stat info {};
    if (::stat(path_.c_str(), &info) == 0) {
        if (S_ISDIR(info.st_mode)) refuse(path_, "it is a folder; name a file in it");
        if (S_ISCHR(info.st_mode) || S_ISFIFO(info.st_mode)) {
            direct_ = true;
            target_ = temp_path_ = path_;
            if (::access(path_.c_str(), W_OK) != 0) refuse(path_, errno_reason(errno));
            return;
        }
        if (!S_ISREG(info.st_mode))
            refuse(path_, S_ISSOCK(info.st_mode) ? "it is a socket" : "it is a block device");
    } else if (errno != ENOENT) {
        refuse(path_, errno_reason(errno));
    }
    target_ = link_target(path_);
    std::string tmpl = temp_template(target_);
    std::vector<char> buffer(tmpl.begin(), tmpl.end());
    buffer.push_back('\0');
    const int fd = ::mkstemp(buffer.data());
    if (fd < 0)
        throw InputError("cannot create output file '" + path_ + "': " + errno_reason(errno));
    temp_path_ = buffer.data();
    signal_slot_ = detail::register_temp_file(temp_path_);
    ::fchmod(fd, default_file_mode());
    file_ = ::fdopen(fd, "wb");
    if (!file_) {
        const int err = errno;
        ::close(fd);
        ::unlink(temp_path_.c_str());
        detail::unregister_temp_file(signal_slot_);
        throw InputError("cannot open output file '" + path_ + "': " + errno_reason(err));
    }
}

AtomicFile::~AtomicFile() {
    if (file_) std::fclose(file_);
    if (!direct_ && !published_) ::unlink(temp_path_.c_str());
    detail::unregister_temp_file(signal_slot_);
}

void AtomicFile::open_direct() {
    const int fd = direct_fd_ >= 0 ? ::dup(direct_fd_) : ::open(path_.c_str(), O_WRONLY);
    if (fd < 0) throw InputError("cannot open output file '" + path_ + "': " + errno_reason(errno));
    file_ = ::fdopen(fd, "wb");
    if (!file_) {
        const int err = errno;
        ::close(fd);
        throw InputError("cannot open output file '" + path_ + "': " + errno_reason(err));
    }
}

std::FILE* AtomicFile::stream() {
    if (finished_) throw InternalError("AtomicFile::stream after finish for '" + path_ + "'");
    if (!file_ && direct_) open_direct();
    return file_;
}

void AtomicFile::finish() {
    if (finished_) return;
    finished_ = true;
    if (!file_) return;  // a direct target nobody wrote through this stream
    bool failed = std::fflush(file_) != 0 || std::ferror(file_) != 0;
    int err = errno;
    if (std::fclose(file_) != 0 && !failed) {
        failed = true;
        err = errno;
    }
    file_ = nullptr;
    if (failed)
        throw ResourceError("cannot write output file '" + path_ + "': " + errno_reason(err));
}

void AtomicFile::publish() {
    if (published_) throw InternalError("AtomicFile::publish called twice for '" + path_ + "'");
    finish();
    published_ = true;
    if (direct_) return;
    if (std::rename(temp_path_.c_str(), target_.c_str()) != 0) {
        const int err = errno;
        published_ = false;  // the destructor removes the temporary file
        throw ResourceError("cannot create output file '" + path_ + "': " + errno_reason(err));
    }
    detail::unregister_temp_file(signal_slot_);
    signal_slot_ = -1;
}

void AtomicFile::commit() {
    finish();
    publish();
}

void write_file_atomically(const std::string& path, std::string_view bytes) {
    AtomicFile file(path);
    if (std::fwrite(bytes.data(), 1, bytes.size(), file.stream()) != bytes.size())
        throw ResourceError("cannot write '" + path + "': " + errno_reason(errno, "write error"));
    file.commit();
}

}  // namespace tropic

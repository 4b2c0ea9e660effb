#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "align/database/database_state.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail {

MappedFile::MappedFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw InputError("cannot open database '" + path + "': " + std::strerror(errno));
    struct stat info {};
    if (::fstat(fd, &info) != 0) {
        const int err = errno;
        ::close(fd);
        throw InputError("cannot open database '" + path + "': " + std::strerror(err));
    }
    if (!S_ISREG(info.st_mode)) {
        ::close(fd);
        throw InputError("cannot open database '" + path + "': not a regular file");
    }
    size_ = static_cast<std::size_t>(info.st_size);
    if (size_ > 0) {
        void* mapped = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
        const int err = errno;
        if (mapped == MAP_FAILED) {
            ::close(fd);
            throw InputError("cannot map database '" + path + "': " + std::strerror(err));
        }
        data_ = static_cast<const std::uint8_t*>(mapped);
    }
    // The mapping keeps the file's pages; the descriptor is no longer needed.
    ::close(fd);
}

MappedFile::~MappedFile() {
    if (data_) ::munmap(const_cast<std::uint8_t*>(data_), size_);
}

}  // namespace tropic::align::detail

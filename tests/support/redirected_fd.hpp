#pragma once
// Standard input or output redirected to a file for the lifetime of this object, for tests of
// readers of "-" and writers of "-".
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

namespace tropic::test {

class RedirectedFd {
  public:
    // fd 0 reads `path`; fd 1 (or another) writes it, created or truncated.
    RedirectedFd(int fd, const std::string& path) : fd_(fd), saved_(::dup(fd)) {
        const int flags = fd == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC;
        int file = ::open(path.c_str(), flags, 0644);
        if (saved_ < 0 || file < 0 || ::dup2(file, fd) < 0)
            ADD_FAILURE() << "cannot redirect descriptor " << fd << " to " << path;
        if (file >= 0) ::close(file);
    }
    ~RedirectedFd() {
        if (saved_ >= 0) {
            ::dup2(saved_, fd_);
            ::close(saved_);
        }
    }
    RedirectedFd(const RedirectedFd&) = delete;
    RedirectedFd& operator=(const RedirectedFd&) = delete;

  private:
    int fd_;
    int saved_;
};

}  // namespace tropic::test

#pragma once
// Standard input read from a file for the lifetime of this object, for tests of readers of "-".
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

namespace tropic::test {

class StdinFrom {
  public:
    explicit StdinFrom(const std::string& path) : saved_(::dup(0)) {
        int fd = ::open(path.c_str(), O_RDONLY);
        if (saved_ < 0 || fd < 0 || ::dup2(fd, 0) < 0)
            ADD_FAILURE() << "cannot read stdin from " << path;
        if (fd >= 0) ::close(fd);
    }
    ~StdinFrom() {
        if (saved_ >= 0) {
            ::dup2(saved_, 0);
            ::close(saved_);
        }
    }
    StdinFrom(const StdinFrom&) = delete;
    StdinFrom& operator=(const StdinFrom&) = delete;

  private:
    int saved_;
};

}  // namespace tropic::test

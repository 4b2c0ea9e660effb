#include "tropic/core/atomic_file.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <future>
#include <sstream>

#include "support/redirected_fd.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"

namespace fs = std::filesystem;

namespace tropic {
namespace {

class AtomicFileTest : public ::testing::Test {
  protected:
    std::size_t entries() const {
        return static_cast<std::size_t>(
            std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
    }
    static std::string slurp(const fs::path& p) {
        std::ifstream in(p);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }
    test::TempDir temp_{"tropic-atomic"};
    const fs::path& dir_ = temp_.path();
};

TEST_F(AtomicFileTest, CommitCreatesTheFile) {
    fs::path target = dir_ / "out.txt";
    {
        AtomicFile file(target.string());
        std::fputs("hello\n", file.stream());
        EXPECT_FALSE(fs::exists(target)) << "visible before commit";
        EXPECT_EQ(entries(), 1u) << "temporary file should live in the target's folder";
        file.commit();
    }
    EXPECT_EQ(slurp(target), "hello\n");
    EXPECT_EQ(entries(), 1u) << "temporary file left behind";
}

TEST_F(AtomicFileTest, CommitReplacesAnExistingFile) {
    fs::path target = dir_ / "out.txt";
    std::ofstream(target) << "old";
    {
        AtomicFile file(target.string());
        std::fputs("new", file.stream());
        EXPECT_EQ(slurp(target), "old");
        file.commit();
    }
    EXPECT_EQ(slurp(target), "new");
}

TEST_F(AtomicFileTest, AbandonLeavesNothing) {
    fs::path target = dir_ / "out.txt";
    {
        AtomicFile file(target.string());
        std::fputs("partial", file.stream());
    }
    EXPECT_FALSE(fs::exists(target));
    EXPECT_EQ(entries(), 0u);
}

TEST_F(AtomicFileTest, AbandonKeepsAnExistingFile) {
    fs::path target = dir_ / "out.txt";
    std::ofstream(target) << "old";
    { AtomicFile file(target.string()); }
    EXPECT_EQ(slurp(target), "old");
    EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicFileTest, UnwritableFolderIsAnInputError) {
    fs::path target = dir_ / "no" / "such" / "folder" / "out.txt";
    try {
        AtomicFile file(target.string());
        FAIL() << "no exception";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find(target.string()), std::string::npos) << e.what();
    }
}

TEST_F(AtomicFileTest, CommittedFileIsNotPrivate) {
    fs::path target = dir_ / "out.txt";
    {
        AtomicFile file(target.string());
        file.commit();
    }
    auto perms = fs::status(target).permissions();
    // mkstemp makes 0600; the output should get the usual mode, at least owner read and write.
    EXPECT_NE(perms & fs::perms::owner_read, fs::perms::none);
    mode_t mask = ::umask(0);
    ::umask(mask);
    if ((mask & 0044) == 0) {
        EXPECT_NE(perms & fs::perms::others_read, fs::perms::none);
    }
}

// A run ended by SIGINT, SIGTERM or SIGHUP leaves no temporary file behind and still ends by that
// signal (a shell reports 130, 143, 129).
TEST_F(AtomicFileTest, FatalSignalsRemoveTheTemporaryFileAndEndTheProcess) {
    // The child is a fork, so that it writes into this fixture's folder.
    GTEST_FLAG_SET(death_test_style, "fast");
    for (int signal_number : {SIGINT, SIGTERM, SIGHUP}) {
        SCOPED_TRACE(::testing::Message() << "signal " << signal_number);
        const fs::path target = dir_ / "out.txt";
        EXPECT_EXIT(
            {
                AtomicFile file(target.string());
                AtomicFile other((dir_ / "other.txt").string());
                std::fputs("partial", file.stream());
                std::fflush(file.stream());
                ::raise(signal_number);
            },
            ::testing::KilledBySignal(signal_number), "");
        EXPECT_EQ(entries(), 0u) << "a temporary file survived the signal";
    }
}

// A file committed or abandoned before the signal is not touched by it.
TEST_F(AtomicFileTest, FatalSignalsLeaveCommittedFilesAlone) {
    // The child is a fork, so that it writes into this fixture's folder.
    GTEST_FLAG_SET(death_test_style, "fast");
    const fs::path target = dir_ / "out.txt";
    EXPECT_EXIT(
        {
            {
                AtomicFile done(target.string());
                std::fputs("complete", done.stream());
                done.commit();
            }
            { AtomicFile abandoned((dir_ / "abandoned.txt").string()); }
            AtomicFile open((dir_ / "open.txt").string());
            ::raise(SIGTERM);
        },
        ::testing::KilledBySignal(SIGTERM), "");
    EXPECT_EQ(slurp(target), "complete");
    EXPECT_EQ(entries(), 1u);
}

// A path that names no file to replace is written in place, never renamed over: a device node
// stays a device node (as root, a rename would replace /dev/null with a regular file).
TEST_F(AtomicFileTest, ADeviceNodeIsWrittenInPlace) {
    if (::geteuid() != 0) GTEST_SKIP() << "making a device node needs root";
    const fs::path node = dir_ / "null";
    ASSERT_EQ(::mknod(node.c_str(), S_IFCHR | 0666, ::makedev(1, 3)), 0) << "mknod 1,3";
    {
        AtomicFile file(node.string());
        EXPECT_TRUE(file.direct());
        std::fputs("discarded\n", file.stream());
        file.commit();
    }
    struct stat info {};
    ASSERT_EQ(::stat(node.c_str(), &info), 0);
    EXPECT_TRUE(S_ISCHR(info.st_mode)) << "the device node was replaced";
    EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicFileTest, DevNullIsWrittenInPlace) {
    AtomicFile file("/dev/null");
    EXPECT_TRUE(file.direct());
    EXPECT_EQ(file.temp_path(), "/dev/null");
    std::fputs("discarded\n", file.stream());
    file.commit();
    struct stat info {};
    ASSERT_EQ(::stat("/dev/null", &info), 0);
    EXPECT_TRUE(S_ISCHR(info.st_mode));
}

TEST_F(AtomicFileTest, AFifoIsWrittenInPlace) {
    const fs::path fifo = dir_ / "pipe";
    ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
    auto reader = std::async(std::launch::async, [&] { return slurp(fifo); });
    {
        AtomicFile file(fifo.string());
        EXPECT_TRUE(file.direct());
        std::fputs("through the pipe\n", file.stream());
        file.commit();
    }
    EXPECT_EQ(reader.get(), "through the pipe\n");
    struct stat info {};
    ASSERT_EQ(::stat(fifo.c_str(), &info), 0);
    EXPECT_TRUE(S_ISFIFO(info.st_mode)) << "the FIFO was replaced";
    EXPECT_EQ(entries(), 1u);
}

TEST_F(AtomicFileTest, StandardOutputByAnyNameIsTheProcesssStandardOutput) {
    for (const char* name : {"-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"}) {
        SCOPED_TRACE(name);
        const fs::path captured = dir_ / "stdout.txt";
        {
            test::RedirectedFd redirect(1, captured.string());
            AtomicFile file(name);
            EXPECT_TRUE(file.direct());
            std::fputs("to stdout\n", file.stream());
            file.commit();
        }
        EXPECT_EQ(slurp(captured), "to stdout\n");
        EXPECT_EQ(entries(), 1u);
        fs::remove(captured);
    }
}

TEST_F(AtomicFileTest, ASymbolicLinkKeepsPointingAtTheReplacedFile) {
    const fs::path target = dir_ / "real.txt", link = dir_ / "link.txt";
    std::ofstream(target) << "old";
    fs::create_symlink("real.txt", link);
    {
        AtomicFile file(link.string());
        std::fputs("new", file.stream());
        file.commit();
    }
    EXPECT_TRUE(fs::is_symlink(link));
    EXPECT_EQ(slurp(target), "new");
    EXPECT_EQ(entries(), 2u);
    // A link to a file that does not exist yet creates it.
    const fs::path dangling = dir_ / "dangling.txt";
    fs::create_symlink("created.txt", dangling);
    {
        AtomicFile file(dangling.string());
        std::fputs("made", file.stream());
        file.commit();
    }
    EXPECT_TRUE(fs::is_symlink(dangling));
    EXPECT_EQ(slurp(dir_ / "created.txt"), "made");
}

TEST_F(AtomicFileTest, AFolderIsRefusedBeforeAnythingIsWritten) {
    const fs::path folder = dir_ / "results";
    fs::create_directory(folder);
    try {
        AtomicFile file(folder.string());
        FAIL() << "no exception";
    } catch (const InputError& e) {
        EXPECT_NE(std::string(e.what()).find("it is a folder"), std::string::npos) << e.what();
    }
    EXPECT_TRUE(fs::is_directory(folder));
    EXPECT_EQ(entries(), 1u);
}

}  // namespace
}  // namespace tropic

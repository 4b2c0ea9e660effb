#include "tropic/core/atomic_file.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

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

}  // namespace
}  // namespace tropic

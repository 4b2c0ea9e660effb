// OutputFiles: the outputs of one run are checked when declared and appear all together on
// commit, or not at all; OutputFolder stages its files and removes what it created when the run
// does not commit (or a signal ends it).
#include "tropic/core/output_files.hpp"

#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/input_error.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"

namespace fs = std::filesystem;

namespace tropic {
namespace {

std::string slurp(const fs::path& p) {
    std::ifstream in(p);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::size_t entries(const fs::path& dir) {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(dir), fs::directory_iterator()));
}

class OutputFilesTest : public ::testing::Test {
  protected:
    test::TempDir temp_{"tropic-outputs"};
    const fs::path& dir_ = temp_.path();
};

TEST_F(OutputFilesTest, EveryFileAppearsOnlyOnCommit) {
    OutputFiles outputs;
    std::fputs("a", outputs.file((dir_ / "a.txt").string(), "-o").stream());
    std::fputs("b", outputs.file((dir_ / "b.txt").string(), "--bpp").stream());
    const std::string picture =
        outputs.folder((dir_ / "pictures").string(), "--plot").stage("x.svg");
    std::ofstream(picture) << "<svg/>";
    EXPECT_FALSE(fs::exists(dir_ / "a.txt"));
    EXPECT_FALSE(fs::exists(dir_ / "pictures" / "x.svg"));
    outputs.commit();
    EXPECT_EQ(slurp(dir_ / "a.txt"), "a");
    EXPECT_EQ(slurp(dir_ / "b.txt"), "b");
    EXPECT_EQ(slurp(dir_ / "pictures" / "x.svg"), "<svg/>");
    EXPECT_EQ(entries(dir_ / "pictures"), 1u) << "the staging folder was left behind";
}

TEST_F(OutputFilesTest, AFailedRunLeavesNoneOfItsOutputsNorTheFoldersItMade) {
    {
        OutputFiles outputs;
        std::fputs("a", outputs.file((dir_ / "a.txt").string(), "-o").stream());
        const std::string picture =
            outputs.folder((dir_ / "new" / "pictures").string(), "--plot").stage("x.svg");
        std::ofstream(picture) << "<svg/>";
    }
    EXPECT_EQ(entries(dir_), 0u);
}

// A file that cannot be completed (a full disk) stops the commit before any file is moved.
TEST_F(OutputFilesTest, AFileThatCannotBeCompletedMovesNone) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
    OutputFiles outputs;
    std::fputs("complete", outputs.file((dir_ / "a.txt").string(), "-o").stream());
    std::FILE* full = outputs.file("/dev/full", "--bpp").stream();
    std::fputs("no room", full);
    EXPECT_THROW(outputs.commit(), ResourceError);
    EXPECT_FALSE(fs::exists(dir_ / "a.txt"));
}

TEST_F(OutputFilesTest, TwoOutputsNamingOneFileAreRefused) {
    std::ofstream(dir_ / "real.txt") << "";
    fs::create_symlink("real.txt", dir_ / "link.txt");
    const std::string same = (dir_ / "same.txt").string();
    for (const auto& [first, second_binding] :
         {std::pair{same, same}, std::pair{same, (dir_ / "." / "same.txt").string()},
          std::pair{(dir_ / "real.txt").string(), (dir_ / "link.txt").string()}}) {
        // clang 14 cannot capture a structured binding in a lambda; copy it first.
        const std::string second = second_binding;
        OutputFiles outputs;
        outputs.file(first, "-o");
        EXPECT_EQ(
            test::input_error_of([&] { outputs.file(second, "--bpp"); }).find("-o and --bpp name"),
            0u);
    }
    OutputFiles outputs;
    outputs.standard_output("-o");
    EXPECT_NE(test::input_error_of([&] { outputs.file("-", "--bpp"); }).find("-o and --bpp"),
              std::string::npos);
}

TEST_F(OutputFilesTest, AFolderThatIsAFileIsRefused) {
    std::ofstream(dir_ / "taken") << "a file";
    OutputFiles outputs;
    EXPECT_NE(test::input_error_of([&] {
                  outputs.folder((dir_ / "taken").string(), "--plot");
              }).find("--plot '" + (dir_ / "taken").string() + "': it is a file"),
              std::string::npos);
    EXPECT_NE(test::input_error_of([&] {
                  outputs.folder((dir_ / "taken" / "sub").string(), "--dotplot");
              }).find("a part of the path is a file"),
              std::string::npos);
    EXPECT_NE(
        test::input_error_of([&] { outputs.file(dir_.string(), "-o"); }).find("-o: cannot write"),
        std::string::npos);
}

TEST_F(OutputFilesTest, AFolderStagedWhenASignalEndsTheRunIsRemoved) {
    GTEST_FLAG_SET(death_test_style, "fast");
    EXPECT_EXIT(
        {
            OutputFiles outputs;
            const std::string picture =
                outputs.folder((dir_ / "made" / "pictures").string(), "--plot").stage("x.svg");
            std::ofstream(picture) << "<svg/>";
            std::fputs("a", outputs.file((dir_ / "a.txt").string(), "-o").stream());
            ::raise(SIGTERM);
        },
        ::testing::KilledBySignal(SIGTERM), "");
    EXPECT_EQ(entries(dir_), 0u) << "a folder or file survived the signal";
}

}  // namespace
}  // namespace tropic

#include "tropic/core/output_sink.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

#include "support/redirected_fd.hpp"
#include "support/samtools.hpp"
#include "support/temp_dir.hpp"
#include "tropic/core/error.hpp"

namespace fs = std::filesystem;

namespace tropic {
namespace {

TEST(OutputSinkTest, AFileAppearsOnlyOnCommit) {
    test::TempDir dir("tropic-sink");
    const fs::path target = dir.path() / "out.txt";
    OutputSink sink(target.string());
    sink.write("one\n");
    sink.flush();
    EXPECT_FALSE(fs::exists(target)) << "flush must leave a file to commit";
    sink.write("two\n");
    sink.commit();
    EXPECT_EQ(test::read_text(target), "one\ntwo\n");
}

TEST(OutputSinkTest, NoFileWithoutCommit) {
    test::TempDir dir("tropic-sink");
    const fs::path target = dir.path() / "out.txt";
    {
        OutputSink sink(target.string());
        sink.write("partial\n");
    }
    EXPECT_FALSE(fs::exists(target));
    EXPECT_TRUE(fs::is_empty(dir.path())) << "the temporary file was left behind";
}

TEST(OutputSinkTest, DashAndEmptyAreStdout) {
    test::TempDir dir("tropic-sink");
    const fs::path captured = dir.path() / "stdout.txt";
    for (const char* path : {"-", ""}) {
        {
            std::fflush(stdout);  // what the test framework printed stays out of the capture
            test::RedirectedFd redirect(1, captured.string());
            OutputSink sink(path);
            sink.write("to stdout\n");
            sink.commit();
        }
        EXPECT_EQ(test::read_text(captured), "to stdout\n") << "path '" << path << "'";
    }
    EXPECT_FALSE(fs::exists(fs::path("-"))) << "'-' must not create a file";
}

TEST(OutputSinkTest, AnUncreatableFileIsAnInputError) {
    EXPECT_THROW(OutputSink("/nonexistent-folder/out.txt"), InputError);
}

}  // namespace
}  // namespace tropic

#include "tropic/core/line_reader.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "support/input_error.hpp"
#include "support/redirected_fd.hpp"
#include "support/samtools.hpp"
#include "support/temp_dir.hpp"

namespace tropic {
namespace {

std::vector<std::string> read_lines(const std::string& path) {
    LineReader reader(path);
    std::vector<std::string> lines;
    std::string line;
    while (reader.next(line)) {
        lines.push_back(line);
        EXPECT_EQ(reader.line_number(), lines.size());
    }
    return lines;
}

class LineReaderTest : public ::testing::Test {
  protected:
    std::string write(const std::string& name, const std::string& text) {
        return dir_.write(name, text);
    }
    test::TempDir dir_{"tropic-lines"};
};

TEST_F(LineReaderTest, LinesWithoutTheirEnds) {
    const auto path = write("a.txt", "one\r\ntwo\n\nlast without newline");
    EXPECT_EQ(read_lines(path),
              (std::vector<std::string>{"one", "two", "", "last without newline"}));
}

TEST_F(LineReaderTest, AnEmptyFileHasNoLines) {
    EXPECT_TRUE(read_lines(write("empty.txt", "")).empty());
}

TEST_F(LineReaderTest, GzipIsReadLikePlainText) {
    const auto plain = write("a.txt", "GGGAAACCC\n(((...)))\n");
    if (!test::shell("gzip -c '" + plain + "' > '" + plain + ".gz'"))
        GTEST_SKIP() << "gzip is not installed";
    EXPECT_EQ(read_lines(plain + ".gz"), read_lines(plain));
}

TEST_F(LineReaderTest, DashReadsStdin) {
    const auto path = write("in.txt", "from stdin\n");
    test::RedirectedFd redirect(0, path);
    EXPECT_EQ(read_lines("-"), std::vector<std::string>{"from stdin"});
}

TEST_F(LineReaderTest, AMissingFileNamesIt) {
    const auto path = (dir_.path() / "missing.txt").string();
    EXPECT_EQ(test::input_error_of([&] { LineReader reader(path); }),
              "cannot open '" + path + "': No such file or directory");
}

TEST_F(LineReaderTest, ACorruptGzipStreamNamesTheLine) {
    using namespace std::string_literals;  // the text holds a NUL byte
    const auto path = write("bad.gz", "\x1f\x8b\x08\x00garbage that is not deflate"s);
    EXPECT_EQ(test::input_error_of([&] { read_lines(path); }),
              path + ": line 1: corrupt gzip input (its compressed data do not decompress)");
}

// A gzip file cut short (an interrupted download) says so, rather than "read error".
TEST_F(LineReaderTest, ATruncatedGzipStreamSaysItIsTruncated) {
    std::string text;
    for (int k = 0; k < 20000; ++k) text += "line " + std::to_string(k) + "\n";
    const auto whole = write("whole.txt", text);
    ASSERT_EQ(std::system(("gzip -k '" + whole + "'").c_str()), 0);
    const std::string gz = whole + ".gz";
    const auto size = std::filesystem::file_size(gz);
    std::filesystem::resize_file(gz, size / 2);
    EXPECT_NE(test::input_error_of([&] { read_lines(gz); })
                  .find(": truncated gzip input (the file ends inside compressed data"),
              std::string::npos);
}

}  // namespace
}  // namespace tropic

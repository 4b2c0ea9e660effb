#pragma once
// Lines of a text input, plain or gzip-compressed (BGZF or not, told by its magic bytes), from a
// file or stdin ("-"), through htslib's BGZF: the line-based formats (dot-bracket records,
// constraint files) read .gz and pipes as FASTA does.
#include <cstddef>
#include <memory>
#include <string>

namespace tropic {

class LineReader {
  public:
    // Throws InputError naming the file when it cannot be opened.
    explicit LineReader(const std::string& path);
    ~LineReader();
    LineReader(const LineReader&) = delete;
    LineReader& operator=(const LineReader&) = delete;

    // The next line, without its '\n' nor a '\r' before it; false at the end of the input.
    // Throws InputError naming the file and line when the input cannot be read (a corrupt or
    // truncated gzip stream).
    [[nodiscard]] bool next(std::string& line);

    // The path as given ("-" for stdin).
    [[nodiscard]] const std::string& path() const noexcept;
    // The 1-based number of the line read last (0 before the first).
    [[nodiscard]] std::size_t line_number() const noexcept;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace tropic

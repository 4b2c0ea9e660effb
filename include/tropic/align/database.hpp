#pragma once
// A sequence database for `tropic search`: residues encoded (core's DNA or protein codes, one
// byte each), stored sorted by length so that the GPU's length partitions are contiguous, with an
// index of names, lengths, offsets and each sequence's position in the input ("ordinal", the
// database order that breaks ties between hits).
//
// On disk (`tropic makedb DB.fa PREFIX` writes PREFIX.tdb): a header with a magic string, the
// format version, the alphabet, the counts and a CRC-32 of every section, then the residues, then
// the index. docs/search.md gives the layout byte by byte. A file from another version, a
// truncated file or one whose checksums disagree is refused with a message that says which.
//
// Building streams: the input is read once, record by record; only the index (names, lengths,
// offsets: tens of bytes a sequence) is held in memory, never the residues. Opening maps the
// residues (the operating system pages them in as a search reads them), so a database larger
// than memory can still be searched.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/run_options.hpp"

namespace tropic::align {

// The file a prefix names: PREFIX + ".tdb".
[[nodiscard]] std::string database_path(const std::string& prefix);

struct DatabaseParams {
    // Dna or Protein; nullopt: detected from the first record (DNA when it holds IUPAC nucleotide
    // codes only, as `tropic align` detects), with a note through RunOptions::on_notice.
    std::optional<Alphabet> alphabet;
};

// How far a build has read. Not RunOptions::on_progress: that reports a fraction of the work,
// and an input stream (stdin, gzip) has no size to take a fraction of, so a build counts instead.
struct DatabaseProgress {
    // Called now and then with the records and residues read so far (for a progress display).
    std::function<void(std::uint64_t records, std::uint64_t residues)> on_read;
};

struct DatabaseSummary {
    Alphabet alphabet = Alphabet::Protein;
    std::uint64_t sequences = 0;
    std::uint64_t residues = 0;
    std::uint64_t longest = 0;
};

// Reads FASTA/FASTQ (plain or gzip; "-" is stdin) and writes PREFIX.tdb atomically (nothing is
// left under that name when it fails). Of the options it takes max_memory (the host memory for
// the index and its copy buffers) and on_notice; it runs on the calling thread. Throws InputError
// naming the file, record and position for a letter outside the alphabet, an empty record or an
// empty input, ResourceError when the index outgrows max_memory.
DatabaseSummary make_database(const std::string& input, const std::string& prefix,
                              const DatabaseParams& params = {}, const RunOptions& options = {},
                              const DatabaseProgress& progress = {});

// An open database: the sequences in storage order (ascending length, ties in input order).
// The views it hands out (names, residues, offsets) stay valid while it lives, moves included.
// Reading it from several threads at once is safe: nothing in it changes after it is built.
class Database {
  public:
    // Opens PREFIX.tdb (or a path ending in .tdb), checking its magic, version, sizes and
    // checksums; throws InputError saying what is wrong.
    [[nodiscard]] static Database open(const std::string& prefix_or_path);
    // Builds one in memory from FASTA/FASTQ (what `tropic search` does with a FASTA database), as
    // make_database reads it.
    [[nodiscard]] static Database from_fasta(const std::string& input,
                                             const DatabaseParams& params = {},
                                             const RunOptions& options = {},
                                             const DatabaseProgress& progress = {});
    // True when the path looks like a built database (PREFIX.tdb exists or the path is one).
    [[nodiscard]] static bool is_database(const std::string& prefix_or_path);

    Database(Database&&) noexcept;
    Database& operator=(Database&&) noexcept;
    ~Database();

    Alphabet alphabet() const noexcept;
    std::size_t size() const noexcept;  // sequences
    std::uint64_t total_residues() const noexcept;
    std::uint64_t longest() const noexcept;
    const std::string& source() const noexcept;  // the file it came from, for messages

    // Sequence k in storage order.
    std::string_view name(std::size_t k) const noexcept;
    std::span<const std::uint8_t> residues(std::size_t k) const noexcept;
    std::uint64_t length(std::size_t k) const noexcept;
    std::uint64_t ordinal(std::size_t k) const noexcept;  // its 0-based position in the input

    // Every sequence's residues back to back in storage order, and size() + 1 offsets into them
    // (sequence k is [offsets[k], offsets[k + 1])): what a device copies in blocks.
    std::span<const std::uint8_t> all_residues() const noexcept;
    std::span<const std::uint64_t> offsets() const noexcept;

  private:
    struct State;
    explicit Database(std::unique_ptr<State> state);
    std::unique_ptr<State> state_;
};

}  // namespace tropic::align

// The binary layout of a count matrix (".tcm"): compact, fast to read, checksummed, and
// detectably incomplete when cut short. Every number is little-endian; "varint" is LEB128 (7
// bits a byte, low bits first, the high bit set on every byte but the last).
//
//   file     = magic, version, block*
//   magic    = the 8 bytes 89 'T' 'C' 'M' '\r' '\n' 1A '\n' (PNG's trick: a text-mode transfer
//              or a 7-bit channel breaks them visibly)
//   version  = uint32, 1
//   block    = kind (1 byte), payload length (uint64), payload, CRC-32 of kind, length and
//              payload (uint32; IEEE, as gzip)
//   kinds    = 'H' samples, first and once; 'S' one sequence, as many as there are; 'E' the
//              end, last and once, then no byte more
//   'H'      = sample count (varint), then each name as length (varint) and bytes
//   'S'      = name (varint length, bytes), window count (varint), count type (1 byte: 0 =
//              uint32, 1 = float64), windows as two varints each: the gap from the previous
//              window's end (0 for the first window's start), then the width; then the counts,
//              window-major (all samples of window 1, then window 2, ...)
//   'E'      = sequence count and window count of the file (varints), a last check
//
// A sequence's counts are uint32 when every one of them is a whole number below 2^32 (read
// counts), else float64. A missing 'E' block means the file was cut short.
#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <map>

#include "cnv/counts/crc32.hpp"
#include "cnv/counts/matrix_reader.hpp"
#include "core/internal/messages.hpp"
#include "tropic/cnv/count_matrix_io.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/output_sink.hpp"

namespace tropic::cnv {

namespace detail {

static_assert(std::endian::native == std::endian::little,
              "the binary count matrix is read and written as little-endian memory");

namespace {

constexpr std::uint32_t kVersion = 1;
constexpr char kSamplesBlock = 'H', kSequenceBlock = 'S', kEndBlock = 'E';
constexpr std::uint8_t kUint32Counts = 0, kFloat64Counts = 1;

// --- writing ---

template <class T>
void put(std::string& out, T value) {
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

void put_varint(std::string& out, std::uint64_t value) {
    while (value >= 0x80) {
        out += static_cast<char>((value & 0x7F) | 0x80);
        value >>= 7;
    }
    out += static_cast<char>(value);
}

void put_string(std::string& out, const std::string& text) {
    put_varint(out, text.size());
    out += text;
}

void put_block(OutputSink& sink, char kind, const std::string& payload) {
    std::string head(1, kind);
    put<std::uint64_t>(head, payload.size());
    std::uint32_t crc = crc32_update(0, head.data(), head.size());
    crc = crc32_update(crc, payload.data(), payload.size());
    std::string tail;
    put<std::uint32_t>(tail, crc);
    sink.write(head);
    sink.write(payload);
    sink.write(tail);
}

bool fits_uint32(const std::vector<double>& counts) {
    for (double count : counts)
        if (count != std::floor(count) || count >= 4294967296.0) return false;
    return true;
}

std::string sequence_payload(const SequenceCounts& sequence) {
    std::string out;
    put_string(out, sequence.name);
    put_varint(out, sequence.window_count());
    const bool whole = fits_uint32(sequence.counts);
    out += static_cast<char>(whole ? kUint32Counts : kFloat64Counts);
    std::int64_t previous_end = 0;
    for (std::size_t w = 0; w < sequence.window_count(); ++w) {
        put_varint(out, static_cast<std::uint64_t>(sequence.start[w] - previous_end));
        put_varint(out, static_cast<std::uint64_t>(sequence.end[w] - sequence.start[w]));
        previous_end = sequence.end[w];
    }
    for (double count : sequence.counts)
        if (whole)
            put<std::uint32_t>(out, static_cast<std::uint32_t>(count));
        else
            put<double>(out, count);
    return out;
}

// --- reading ---

// Reads a block's payload and checks it, with the wording of every error.
class BinaryMatrixReader : public MatrixReader {
  public:
    BinaryMatrixReader(HFile file, const std::string& path)
        : file_(std::move(file)), shown_(display_input_path(path)) {
        char magic[sizeof kBinaryMatrixMagic];
        if (read_exactly(magic, sizeof magic) != sizeof magic ||
            std::memcmp(magic, kBinaryMatrixMagic, sizeof magic) != 0)
            fail_at(0, "not a binary count matrix (its first bytes differ)");
        std::uint32_t version = 0;
        if (read_exactly(&version, sizeof version) != sizeof version)
            fail_at(offset_, "cut short in its header");
        if (version != kVersion)
            fail_at(8, fmt::format("format version {}; this tropic reads version {}", version,
                                   kVersion));
        if (read_block() != kSamplesBlock)
            fail_at(block_offset_, "the first block is not the samples block");
        read_samples();
    }

    const std::vector<std::string>& samples() const override { return samples_; }

    bool next(SequenceCounts& sequence) override {
        if (ended_) return false;
        const char kind = read_block();
        if (kind == kEndBlock) {
            read_end();
            return false;
        }
        if (kind != kSequenceBlock)
            fail_at(block_offset_, fmt::format("unknown block kind {}", static_cast<int>(kind)));
        read_sequence(sequence);
        return true;
    }

  private:
    [[noreturn]] void fail_at(std::uint64_t offset, const std::string& what) const {
        throw InputError(fmt::format("{}: byte {}: {}", shown_, offset, what));
    }
    [[noreturn]] void fail_in_block(const std::string& what) const {
        fail_at(block_offset_, fmt::format("block {}: {}", block_number_, what));
    }

    std::size_t read_exactly(void* buffer, std::size_t size) {
        std::size_t done = 0;
        while (done < size) {
            const ssize_t got = hread(file_.get(), static_cast<char*>(buffer) + done, size - done);
            if (got < 0) fail_at(offset_ + done, "read error");
            if (got == 0) break;
            done += static_cast<std::size_t>(got);
        }
        offset_ += done;
        return done;
    }

    // Reads the next block into payload_ after checking its checksum; returns its kind.
    char read_block() {
        block_offset_ = offset_;
        ++block_number_;
        char head[9];
        const std::size_t got = read_exactly(head, sizeof head);
        if (got == 0) fail_at(offset_, "the file ends without its end block (cut short?)");
        if (got != sizeof head) fail_in_block("cut short in the block's head");
        std::uint64_t length = 0;
        std::memcpy(&length, head + 1, sizeof length);
        // Read in pieces, so that a corrupt length fails at the end of the file rather than
        // allocating that much.
        payload_.clear();
        constexpr std::size_t kPiece = std::size_t{1} << 24;
        while (payload_.size() < length) {
            const std::size_t piece =
                static_cast<std::size_t>(std::min<std::uint64_t>(kPiece, length - payload_.size()));
            const std::size_t before = payload_.size();
            payload_.resize(before + piece);
            if (read_exactly(payload_.data() + before, piece) != piece)
                fail_in_block(fmt::format("cut short: the block declares {} bytes", length));
        }
        std::uint32_t stored = 0;
        if (read_exactly(&stored, sizeof stored) != sizeof stored)
            fail_in_block("cut short before the block's checksum");
        std::uint32_t crc = crc32_update(0, head, sizeof head);
        crc = crc32_update(crc, payload_.data(), payload_.size());
        if (crc != stored)
            fail_in_block(
                fmt::format("checksum mismatch (stored {:08x}, computed {:08x}): the "
                            "file is corrupt",
                            stored, crc));
        cursor_ = 0;
        return head[0];
    }

    std::uint64_t take_varint() {
        std::uint64_t value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (cursor_ >= payload_.size()) fail_in_block("a number runs past the block's end");
            const auto byte = static_cast<unsigned char>(payload_[cursor_++]);
            value |= std::uint64_t{byte & 0x7Fu} << shift;
            if (!(byte & 0x80)) return value;
        }
        fail_in_block("a number of more than 64 bits");
    }

    std::string take_string(const char* what) {
        const std::uint64_t length = take_varint();
        if (length > payload_.size() - cursor_)
            fail_in_block(fmt::format("a {} name runs past the block's end", what));
        std::string text = payload_.substr(cursor_, length);
        cursor_ += length;
        if (text.empty()) fail_in_block(fmt::format("an empty {} name", what));
        return text;
    }

    void expect_block_end() const {
        if (cursor_ != payload_.size())
            fail_in_block(fmt::format("{} bytes left over", payload_.size() - cursor_));
    }

    void read_samples() {
        const std::uint64_t count = take_varint();
        if (count == 0) fail_in_block("no samples");
        std::map<std::string, std::size_t> seen;
        for (std::uint64_t s = 0; s < count; ++s) {
            std::string name = take_string("sample");
            if (!seen.emplace(name, s + 1).second)
                fail_in_block(fmt::format("sample name '{}' appears twice", name));
            samples_.push_back(std::move(name));
        }
        expect_block_end();
    }

    void read_sequence(SequenceCounts& sequence) {
        sequence.name = take_string("sequence");
        if (!seen_sequences_.emplace(sequence.name, block_number_).second)
            fail_in_block(fmt::format("sequence '{}' appears again (first in block {})",
                                      sequence.name, seen_sequences_[sequence.name]));
        const std::uint64_t windows = take_varint();
        if (cursor_ >= payload_.size()) fail_in_block("cut short before the count type");
        const auto type = static_cast<std::uint8_t>(payload_[cursor_++]);
        if (type != kUint32Counts && type != kFloat64Counts)
            fail_in_block(fmt::format("unknown count type {}", type));
        const std::size_t width = type == kUint32Counts ? 4 : 8;
        // Each window takes at least 2 bytes of positions and its counts: a bound that keeps a
        // corrupt count from allocating more than the block holds.
        if (windows > (payload_.size() - cursor_) / (2 + width * samples_.size()))
            fail_in_block(fmt::format("{} windows do not fit in the block", windows));
        sequence.start.resize(windows);
        sequence.end.resize(windows);
        std::int64_t previous_end = 0;
        for (std::uint64_t w = 0; w < windows; ++w) {
            const std::uint64_t gap = take_varint(), length = take_varint();
            constexpr std::uint64_t kLimit = std::uint64_t{1} << 62;
            if (length == 0 || gap >= kLimit || length >= kLimit ||
                static_cast<std::uint64_t>(previous_end) + gap + length >= kLimit)
                fail_in_block(fmt::format("window {} of '{}' is empty or out of range", w + 1,
                                          sequence.name));
            sequence.start[w] = previous_end + static_cast<std::int64_t>(gap);
            sequence.end[w] = sequence.start[w] + static_cast<std::int64_t>(length);
            previous_end = sequence.end[w];
        }
        const std::size_t values = windows * samples_.size();
        if (payload_.size() - cursor_ != values * width)
            fail_in_block(fmt::format("{} bytes of counts for {} windows and {} samples",
                                      payload_.size() - cursor_, windows, samples_.size()));
        sequence.counts.resize(values);
        const char* data = payload_.data() + cursor_;
        for (std::size_t i = 0; i < values; ++i) {
            if (type == kUint32Counts) {
                std::uint32_t count = 0;
                std::memcpy(&count, data + i * 4, 4);
                sequence.counts[i] = count;
            } else {
                double count = 0;
                std::memcpy(&count, data + i * 8, 8);
                if (!std::isfinite(count) || count < 0)
                    fail_in_block(
                        fmt::format("count {} of '{}' is not a finite non-negative "
                                    "number",
                                    count, sequence.name));
                sequence.counts[i] = count + 0.0;
            }
        }
        windows_read_ += windows;
    }

    void read_end() {
        const std::uint64_t sequences = take_varint(), windows = take_varint();
        expect_block_end();
        if (sequences != seen_sequences_.size() || windows != windows_read_)
            fail_in_block(
                fmt::format("the end block counts {} sequences and {} windows, but "
                            "the file holds {} and {}",
                            sequences, windows, seen_sequences_.size(), windows_read_));
        char extra = 0;
        if (read_exactly(&extra, 1) != 0) fail_at(offset_ - 1, "bytes after the end block");
        ended_ = true;
    }

    HFile file_;
    std::string shown_;
    std::uint64_t offset_ = 0;        // bytes read so far
    std::uint64_t block_offset_ = 0;  // where the block read last began
    std::size_t block_number_ = 0;    // 1-based
    std::string payload_;
    std::size_t cursor_ = 0;
    std::vector<std::string> samples_;
    std::map<std::string, std::size_t> seen_sequences_;  // name -> block
    std::uint64_t windows_read_ = 0;
    bool ended_ = false;
};

// Every block of `matrix`, from the magic to the end block.
void write_blocks(const CountMatrix& matrix, OutputSink& sink) {
    std::string head(kBinaryMatrixMagic, sizeof kBinaryMatrixMagic);
    put<std::uint32_t>(head, kVersion);
    sink.write(head);
    std::string samples;
    put_varint(samples, matrix.sample_count());
    for (const std::string& name : matrix.samples) put_string(samples, name);
    put_block(sink, kSamplesBlock, samples);
    for (const SequenceCounts& sequence : matrix.sequences)
        put_block(sink, kSequenceBlock, sequence_payload(sequence));
    std::string end;
    put_varint(end, matrix.sequences.size());
    put_varint(end, matrix.window_count());
    put_block(sink, kEndBlock, end);
}

}  // namespace

std::unique_ptr<MatrixReader> open_binary_matrix(HFile file, const std::string& path) {
    return std::make_unique<BinaryMatrixReader>(std::move(file), path);
}

}  // namespace detail

void write_count_matrix_binary(const CountMatrix& matrix, const std::string& path) {
    detail::check_matrix_for_writing(matrix, path);
    OutputSink sink(path);
    detail::write_blocks(matrix, sink);
    sink.commit();
}

}  // namespace tropic::cnv

#include "tropic/core/sequence_reader.hpp"

#include <fmt/format.h>
#include <htslib/bgzf.h>

#include <cerrno>
#include <cstring>
#include <string_view>

#include "core/internal/bgzf_errors.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"
#include "tropic/core/input_files.hpp"
#include "tropic/core/record_error.hpp"

namespace tropic {

namespace {

// kseq cannot tell a read error from the end of input, so reads go through this source, which
// remembers the error and reports end of input to kseq.
struct ByteSource {
    BGZF* file = nullptr;
    int error = 0;  // errno of a failed read, or -1 when the reason is unknown
};

int read_bytes(ByteSource* source, void* buffer, int length) {
    if (source->error != 0) return 0;
    errno = 0;
    ssize_t got = bgzf_read(source->file, buffer, static_cast<size_t>(length));
    if (got < 0) {
        source->error = errno != 0 ? errno : -1;
        return 0;
    }
    return static_cast<int>(got);
}

}  // namespace

// kseq.h defines static functions, one copy for this file; some stay unused.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include <htslib/kseq.h>

KSEQ_INIT(ByteSource*, read_bytes)
#pragma GCC diagnostic pop

namespace {

// For each alphabet, the normalised letter of each byte, or 0 for a byte outside it; in
// `soft_masked`, a lower-case byte keeps its case (its normalised letter in lower case).
struct NormalizeTables {
    char to[3][256] = {};
    char soft_masked[3][256] = {};
    NormalizeTables() {
        for (Alphabet a : {Alphabet::Rna, Alphabet::Dna, Alphabet::Protein})
            for (int c = 0; c < 256; ++c) {
                auto n = normalize_residue(a, static_cast<char>(c));
                char normalized = n ? *n : 0;
                to[static_cast<int>(a)][c] = normalized;
                bool lower = c >= 'a' && c <= 'z';
                soft_masked[static_cast<int>(a)][c] =
                    lower && normalized >= 'A' && normalized <= 'Z'
                        ? static_cast<char>(normalized - 'A' + 'a')
                        : normalized;
            }
    }
};
const NormalizeTables kNormalize;

enum class Layout { Fasta, Fastq, PlainLines };

// Text as a plain sequence line may hold it: printable ASCII and tabs. Anything else means the
// input is not text at all (a binary file, or a compressed one htslib does not know).
bool is_text(char c) {
    auto u = static_cast<unsigned char>(c);
    return (u >= 0x20 && u < 0x7f) || c == '\t';
}

// FASTQ qualities are Phred+33: '!' (0) to '~' (93).
bool is_quality(char c) {
    return c >= '!' && c <= '~';
}

std::string_view trim_blanks(std::string_view text) {
    std::size_t begin = text.find_first_not_of(" \t\r");
    if (begin == std::string_view::npos) return {};
    std::size_t end = text.find_last_not_of(" \t\r");
    return text.substr(begin, end + 1 - begin);
}

}  // namespace

struct SequenceReader::Impl {
    std::string path;
    Alphabet alphabet;
    const char* normalize;
    ByteSource source;
    kseq_t* seq = nullptr;
    Layout layout = Layout::Fasta;
    bool finished = false;
    std::size_t records_read = 0;
    // Plain lines: the current line and its number; the first line starts with the byte that
    // told the layout, already read.
    kstring_t line = {0, 0, nullptr};
    std::size_t line_number = 0;
    bool first_line_started = false;

    Impl(std::string p, Alphabet a, LetterCase letter_case)
        : path(std::move(p)),
          alphabet(a),
          normalize(letter_case == LetterCase::KeepSoftMask
                        ? kNormalize.soft_masked[static_cast<int>(a)]
                        : kNormalize.to[static_cast<int>(a)]) {}
    ~Impl() {
        ks_free(&line);
        if (seq) kseq_destroy(seq);
        if (source.file) bgzf_close(source.file);
    }

    std::string shown_path() const { return display_input_path(path); }
    std::string read_failure() const {
        return bgzf_read_failure(*source.file, source.error > 0 ? source.error : 0);
    }
    void open();
    void throw_if_read_failed(std::size_t index) const;
    bool read_headed(SequenceRecord& record);
    bool read_plain_line(SequenceRecord& record);
    bool next_line();

    template <class Where>
    void normalize_into(std::string& residues, std::string_view in, const Where& where) const {
        residues.resize(in.size());
        for (std::size_t i = 0; i < in.size(); ++i) {
            char n = normalize[static_cast<unsigned char>(in[i])];
            if (n == 0)
                throw InputError(
                    fmt::format("{}: invalid character {} at position {}: not in the {} "
                                "alphabet",
                                where(), quoted_character(in[i]), i + 1, alphabet_name(alphabet)));
            residues[i] = n;
        }
    }
};

void SequenceReader::Impl::open() {
    check_input_file(path);
    errno = 0;
    source.file = bgzf_open(path.c_str(), "r");
    if (!source.file) {
        int err = errno;
        throw InputError(fmt::format("cannot open '{}': {}", shown_path(), errno_reason(err)));
    }
    seq = kseq_init(&source);

    // The first non-blank byte tells the layout. A FASTA or FASTQ header character goes back to
    // kseq as the one it has already read, so that kseq carries on from there.
    int c;
    std::size_t blank_lines = 0;
    while ((c = ks_getc(seq->f)) != -1 && std::strchr(" \t\r\n", c))
        if (c == '\n') ++blank_lines;
    if (source.error != 0)
        throw InputError(fmt::format("cannot read '{}': {}", shown_path(), read_failure()));
    if (c == -1) {
        finished = true;  // an empty file holds zero records
        return;
    }
    if (c == '>' || c == '@') {
        layout = c == '@' ? Layout::Fastq : Layout::Fasta;
        seq->last_char = c;
        return;
    }
    layout = Layout::PlainLines;
    kputc(c, &line);
    first_line_started = true;
    line_number = blank_lines;
}

void SequenceReader::Impl::throw_if_read_failed(std::size_t index) const {
    if (source.error == 0) return;
    throw InputError(
        fmt::format("{}: read error near record {}: {}", shown_path(), index, read_failure()));
}

bool SequenceReader::Impl::read_headed(SequenceRecord& record) {
    int status = kseq_read(seq);
    std::size_t index = records_read + 1;
    auto where = [&] {
        return fmt::format("{}: record {} ('{}')", shown_path(), index,
                           std::string_view(seq->name.s ? seq->name.s : "", seq->name.l));
    };
    throw_if_read_failed(index);
    if (status == -1) return false;
    const char* quality_length_differs =
        ": quality string length differs from the sequence length (truncated or malformed FASTQ)";
    if (status == -2) throw InputError(where() + quality_length_differs);
    if (status < 0) throw InputError(where() + ": record too long to read");
    // kseq clears last_char only after reading a '+' line and quality string.
    if (layout == Layout::Fastq && seq->last_char != 0)
        throw InputError(where() +
                         ": FASTQ record without a '+' line and quality string (truncated?)");

    record.name.assign(seq->name.s, seq->name.l);
    normalize_into(record.residues, {seq->seq.s, seq->seq.l}, where);
    record.qualities.clear();
    if (layout == Layout::Fastq || seq->qual.l > 0) {
        if (seq->qual.l != seq->seq.l) throw InputError(where() + quality_length_differs);
        std::string_view qualities(seq->qual.s, seq->qual.l);
        for (std::size_t i = 0; i < qualities.size(); ++i)
            if (!is_quality(qualities[i]))
                throw InputError(
                    fmt::format("{}: invalid quality character {} at position {} (Phred+33 "
                                "qualities are '!' to '~')",
                                where(), quoted_character(qualities[i]), i + 1));
        record.qualities.assign(qualities);
    }
    return true;
}

bool SequenceReader::Impl::next_line() {
    int append = first_line_started ? 1 : 0;
    first_line_started = false;
    int status = ks_getuntil2(seq->f, KS_SEP_LINE, &line, nullptr, append);
    throw_if_read_failed(records_read + 1);
    if (status < 0 && line.l == 0) return false;
    ++line_number;
    return true;
}

bool SequenceReader::Impl::read_plain_line(SequenceRecord& record) {
    std::string_view text;
    do {
        if (!next_line()) return false;
        text = trim_blanks({line.s, line.l});
    } while (text.empty());

    std::size_t index = records_read + 1;
    auto where = [&] {
        return fmt::format("{}: line {} (record {})", shown_path(), line_number, index);
    };
    if (text.front() == '>' || text.front() == '@')
        throw InputError(where() +
                         ": a header line, but the input began with a plain sequence line (an "
                         "input is either FASTA, FASTQ or plain lines)");
    for (std::size_t i = 0; i < text.size(); ++i)
        if (!is_text(text[i]))
            throw InputError(fmt::format("{}: byte {} at position {} is not text (binary input?)",
                                         where(), quoted_character(text[i]), i + 1));
    record.name = std::to_string(index);
    record.has_header = false;
    normalize_into(record.residues, text, where);
    record.qualities.clear();
    return true;
}

SequenceReader::SequenceReader(const std::string& path, Alphabet alphabet, LetterCase letter_case)
    : impl_(std::make_unique<Impl>(path, alphabet, letter_case)) {
    impl_->open();
}

SequenceReader::~SequenceReader() = default;

const std::string& SequenceReader::path() const noexcept {
    return impl_->path;
}

Alphabet SequenceReader::alphabet() const noexcept {
    return impl_->alphabet;
}

std::size_t SequenceReader::records_read() const noexcept {
    return impl_->records_read;
}

std::optional<SequenceRecord> SequenceReader::next() {
    std::vector<SequenceRecord> one;
    if (!read_chunk(one, 1, 0)) return std::nullopt;
    return std::move(one.front());
}

std::optional<SequenceRecord> SequenceReader::next_with_residues() {
    std::optional<SequenceRecord> record = next();
    if (record && record->residues.empty())
        throw record_error(impl_->path, impl_->records_read, record->name, "empty sequence");
    return record;
}

bool SequenceReader::read_chunk(std::vector<SequenceRecord>& out, std::size_t max_records,
                                std::size_t max_residues) {
    Impl& im = *impl_;
    std::size_t appended = 0, residues = 0;
    while (!im.finished && appended < max_records && (appended == 0 || residues < max_residues)) {
        SequenceRecord& record = out.emplace_back();
        record.alphabet = im.alphabet;
        bool read = false;
        try {
            read = im.layout == Layout::PlainLines ? im.read_plain_line(record)
                                                   : im.read_headed(record);
        } catch (...) {
            out.pop_back();
            im.finished = true;
            throw;
        }
        if (!read) {
            out.pop_back();
            im.finished = true;
            break;
        }
        ++im.records_read;
        ++appended;
        residues += record.residues.size();
    }
    return appended > 0;
}

}  // namespace tropic

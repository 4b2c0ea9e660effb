#include "tropic/core/sequence_reader.hpp"

#include <fmt/format.h>
#include <htslib/bgzf.h>

#include <cerrno>
#include <cstring>

#include "tropic/core/alphabet.hpp"
#include "tropic/core/error.hpp"

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

// The normalised letter of each byte, or 0 for a byte that is not an IUPAC nucleotide code.
struct NormalizeTable {
    char to[256] = {};
    NormalizeTable() {
        for (int c = 0; c < 256; ++c) {
            auto n = normalize_rna_residue(static_cast<char>(c));
            to[c] = n ? *n : 0;
        }
    }
};
const NormalizeTable kNormalize;

std::string printable(char c) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x21 && u < 0x7f) return fmt::format("'{}'", c);
    if (c == ' ') return "' ' (space)";
    if (c == '\t') return "'\\t' (tab)";
    if (c == '\r') return "'\\r' (carriage return)";
    return fmt::format("'\\x{:02x}'", u);
}

std::string display_path(const std::string& path) {
    return path == "-" ? "<stdin>" : path;
}

}  // namespace

struct SequenceReader::Impl {
    ByteSource source;
    kseq_t* seq = nullptr;
    bool fastq = false;
    bool finished = false;

    ~Impl() {
        if (seq) kseq_destroy(seq);
        if (source.file) bgzf_close(source.file);
    }
};

SequenceReader::SequenceReader(const std::string& path) : impl_(new Impl), path_(path) {
    errno = 0;
    impl_->source.file = bgzf_open(path.c_str(), "r");
    if (!impl_->source.file) {
        int err = errno;
        throw InputError(fmt::format("cannot open '{}': {}", display_path(path),
                                     err != 0 ? std::strerror(err) : "unknown error"));
    }
    impl_->seq = kseq_init(&impl_->source);

    // The first non-blank byte tells the format. Handing it to kseq as the header character it
    // has already read lets kseq carry on from there.
    int c;
    while ((c = ks_getc(impl_->seq->f)) != -1 && std::strchr(" \t\r\n", c)) {
    }
    if (impl_->source.error != 0) {
        int err = impl_->source.error;
        throw InputError(fmt::format("cannot read '{}': {}", display_path(path),
                                     err > 0 ? std::strerror(err) : "read error"));
    }
    if (c == -1) {
        impl_->finished = true;  // an empty file holds zero records
        return;
    }
    if (c != '>' && c != '@')
        throw InputError(fmt::format(
            "{}: not FASTA or FASTQ: the first record should start with '>' or '@', found {}",
            display_path(path), printable(static_cast<char>(c))));
    impl_->fastq = c == '@';
    impl_->seq->last_char = c;
}

SequenceReader::~SequenceReader() = default;

std::optional<SequenceRecord> SequenceReader::next() {
    std::vector<SequenceRecord> one;
    if (!read_chunk(one, 1, 0)) return std::nullopt;
    return std::move(one.front());
}

bool SequenceReader::read_chunk(std::vector<SequenceRecord>& out, std::size_t max_records,
                                std::size_t max_residues) {
    Impl& im = *impl_;
    std::size_t appended = 0, residues = 0;
    while (!im.finished && appended < max_records && (appended == 0 || residues < max_residues)) {
        int status = kseq_read(im.seq);
        std::size_t index = records_read_ + 1;
        auto where = [&] {
            return fmt::format(
                "{}: record {} ('{}')", display_path(path_), index,
                std::string_view(im.seq->name.s ? im.seq->name.s : "", im.seq->name.l));
        };
        if (im.source.error != 0) {
            int err = im.source.error;
            im.finished = true;
            throw InputError(fmt::format("{}: read error near record {}: {}", display_path(path_),
                                         index, err > 0 ? std::strerror(err) : "corrupt input"));
        }
        if (status == -1) {
            im.finished = true;
            break;
        }
        if (status == -2) {
            im.finished = true;
            throw InputError(where() +
                             ": quality string length differs from the sequence length "
                             "(truncated or malformed FASTQ)");
        }
        if (status < 0) {
            im.finished = true;
            throw InputError(where() + ": record too long to read");
        }
        // kseq clears last_char only after reading a '+' line and quality string.
        if (im.fastq && im.seq->last_char != 0) {
            im.finished = true;
            throw InputError(where() +
                             ": FASTQ record without a '+' line and quality string (truncated?)");
        }

        SequenceRecord& record = out.emplace_back();
        record.name.assign(im.seq->name.s, im.seq->name.l);
        record.residues.resize(im.seq->seq.l);
        const char* in = im.seq->seq.s;
        char* dst = record.residues.data();
        for (std::size_t i = 0; i < im.seq->seq.l; ++i) {
            char n = kNormalize.to[static_cast<unsigned char>(in[i])];
            if (n == 0) {
                out.pop_back();
                im.finished = true;
                throw InputError(fmt::format("{}: invalid character {} at position {}", where(),
                                             printable(in[i]), i + 1));
            }
            dst[i] = n;
        }
        ++records_read_;
        ++appended;
        residues += im.seq->seq.l;
    }
    return appended > 0;
}

}  // namespace tropic

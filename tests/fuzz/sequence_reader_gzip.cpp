// SequenceReader (FASTA/FASTQ) on the input gzip-compressed: the first byte chooses one gzip
// member (even) or two members split in the middle (odd), as bgzip and `cat a.gz b.gz` write;
// the rest of the input is the text that gets compressed.
#include <zlib.h>

#include <cstdlib>
#include <string>

#include "fuzz_support.hpp"
#include "fuzz_target.hpp"
#include "sequence_checks.hpp"

namespace {

void append_gzip_member(std::string& out, std::string_view text) {
    z_stream stream{};
    // windowBits 15 + 16: a gzip header and trailer around the deflate stream.
    if (deflateInit2(&stream, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK) std::abort();
    const std::size_t start = out.size();
    out.resize(start + deflateBound(&stream, text.size()) + 32);
    stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    stream.avail_in = static_cast<uInt>(text.size());
    stream.next_out = reinterpret_cast<Bytef*>(out.data() + start);
    stream.avail_out = static_cast<uInt>(out.size() - start);
    if (deflate(&stream, Z_FINISH) != Z_STREAM_END) std::abort();
    out.resize(start + stream.total_out);
    deflateEnd(&stream);
}

}  // namespace

TROPIC_FUZZ_TARGET(sequence_reader_gzip) {
    if (size == 0) return;
    const std::string_view text = tropic::fuzz::as_text(data + 1, size - 1);
    std::string compressed;
    if (data[0] % 2 == 0) {
        append_gzip_member(compressed, text);
    } else {
        append_gzip_member(compressed, text.substr(0, text.size() / 2));
        append_gzip_member(compressed, text.substr(text.size() / 2));
    }
    const tropic::fuzz::MemoryFile file(compressed);
    tropic::fuzz::read_all_sequences(file.path());
}

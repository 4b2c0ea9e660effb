// AlignmentReader (SAM, BAM or CRAM, as htslib detects it) on the raw input as a file: every
// record read through, its CIGAR and optional fields walked. Bad input must come back as an
// InputError; a record that is accepted must be self-consistent where the format says so.
#include "tropic/core/alignment_reader.hpp"

#include <zlib.h>

#include <algorithm>
#include <cstdint>
#include <string>

#include "fuzz_support.hpp"
#include "fuzz_target.hpp"

#ifdef TROPIC_LIBFUZZER
namespace {

// The input as htslib will read it: gunzipped (every member) when it starts with gzip's magic, as
// BGZF is; at most `cap` bytes.
std::string uncompressed(const std::uint8_t* data, std::size_t size, std::size_t cap) {
    if (size < 2 || data[0] != 0x1f || data[1] != 0x8b)
        return std::string(reinterpret_cast<const char*>(data), std::min(size, cap));
    std::string out;
    z_stream z{};
    if (inflateInit2(&z, 15 + 32) != Z_OK) return out;
    z.next_in = const_cast<Bytef*>(data);
    z.avail_in = static_cast<uInt>(size);
    char buffer[4096];
    while (out.size() < cap) {
        z.next_out = reinterpret_cast<Bytef*>(buffer);
        z.avail_out = sizeof buffer;
        const int status = inflate(&z, Z_NO_FLUSH);
        out.append(buffer, sizeof buffer - z.avail_out);
        if (status == Z_STREAM_END && z.avail_in > 0) {
            inflateReset(&z);  // the next member
            continue;
        }
        if (status != Z_OK) break;
    }
    inflateEnd(&z);
    return out;
}

std::uint32_t le32(const std::string& bytes, std::size_t at) {
    std::uint32_t value = 0;
    for (int k = 3; k >= 0; --k) value = value << 8 | static_cast<std::uint8_t>(bytes[at + k]);
    return value;
}

// True for a BAM that declares a size beyond what the whole input holds: its header text, its
// number of references, a reference name, or a record. htslib allocates each declared size before
// reading it (docs/reliability.md, finding 5), up to 16 GiB for a 20-byte input: such inputs
// exercise htslib's allocator, not tropic, so libFuzzer skips them; the regression replay still
// reads them (they must give an InputError).
bool declares_more_than_it_holds(const std::uint8_t* data, std::size_t size) {
    const std::string bam = uncompressed(data, size, std::size_t{1} << 20);
    if (bam.size() < 8 || bam.compare(0, 4, "BAM\1") != 0) return false;
    std::size_t at = 4;
    // A 32-bit size at `at`, then `at` past it; false when the input ends first.
    auto size_field = [&](std::uint64_t& value) {
        if (bam.size() - at < 4) return false;
        value = le32(bam, at);
        at += 4;
        return true;
    };
    std::uint64_t value = 0;
    if (!size_field(value)) return false;
    if (value > bam.size() - at) return true;  // header text
    at += value;
    std::uint64_t references = 0;
    if (!size_field(references)) return false;
    // Each reference takes at least 9 bytes: its name's length, a name of one byte, its length.
    if (references > (bam.size() - at) / 9) return true;
    for (std::uint64_t r = 0; r < references; ++r) {
        if (!size_field(value)) return false;
        if (value > bam.size() - at) return true;  // a reference name
        at += value;
        if (!size_field(value)) return false;
    }
    while (size_field(value)) {
        if (value > bam.size() - at) return true;  // a record
        at += value;
    }
    return false;
}

}  // namespace
#endif

TROPIC_FUZZ_TARGET(alignment_reader) {
#ifdef TROPIC_LIBFUZZER
    if (declares_more_than_it_holds(data, size)) return;
#endif
    const tropic::fuzz::MemoryFile file(tropic::fuzz::as_text(data, size));
    tropic::fuzz::ignore_input_errors([&] {
        tropic::AlignmentReader reader(file.path());
        const auto& references = reader.header().references();
        tropic::AlignmentRecord record;
        while (reader.next(record)) {
            // The reader names every placed record's reference from the header it read.
            if (record.reference_id >= 0)
                tropic::fuzz::check_invariant(
                    static_cast<std::size_t>(record.reference_id) < references.size() &&
                        references[static_cast<std::size_t>(record.reference_id)].name ==
                            record.reference_name,
                    "a placed record names a reference of the header");
            tropic::fuzz::check_invariant(
                record.qualities.empty() || record.qualities.size() == record.sequence.size(),
                "qualities, when present, are as long as the sequence");
            (void)tropic::cigar_query_length(record.cigar);
            (void)tropic::cigar_reference_length(record.cigar);
            (void)tropic::cigar_string(record.cigar);
        }
    });
}

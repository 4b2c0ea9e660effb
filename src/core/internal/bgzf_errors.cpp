#include "core/internal/bgzf_errors.hpp"

#include "core/internal/messages.hpp"

namespace tropic {

std::string bgzf_read_failure(const BGZF& file, int err) {
    if (err > 0) return errno_reason(err);
    if (!file.is_compressed) return "read error";
    // htslib marks a stream that ends inside compressed data as an input error (beside zlib's
    // complaint about it) without an errno; data that zlib cannot inflate, or a block whose
    // checksum or header is wrong, without one.
    if (file.errcode & BGZF_ERR_IO)
        return "truncated gzip input (the file ends inside compressed data; was it copied whole?)";
    return "corrupt gzip input (its compressed data do not decompress)";
}

}  // namespace tropic

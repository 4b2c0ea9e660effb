#include "align/database/storage_order_copy.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "tropic/core/error.hpp"

namespace tropic::align::detail {

namespace {

// Reads `size` bytes at `at` of the spill, as many reads as it takes.
void read_spill(int fd, const std::string& path, std::uint8_t* into, std::uint64_t size,
                std::uint64_t at) {
    while (size > 0) {
        const ssize_t got = ::pread(fd, into, size, static_cast<off_t>(at));
        if (got < 0 && errno == EINTR) continue;  // a signal that did not end the process
        if (got <= 0)
            throw ResourceError("cannot read the temporary file '" + path +
                                "': " + (got < 0 ? std::strerror(errno) : "it is shorter"));
        into += got;
        at += static_cast<std::uint64_t>(got);
        size -= static_cast<std::uint64_t>(got);
    }
}

// One piece of a window: a sequence's bytes in the spill and where they go in the window.
struct Piece {
    std::uint64_t from;
    std::uint64_t to;
    std::uint64_t size;
};

// The window's pieces in spill order, each run adjacent in both places merged into one.
std::vector<Piece> merged_reads(std::vector<Piece> pieces) {
    std::sort(pieces.begin(), pieces.end(),
              [](const Piece& a, const Piece& b) { return a.from < b.from; });
    std::vector<Piece> reads;
    for (const Piece& piece : pieces) {
        if (!reads.empty() && reads.back().from + reads.back().size == piece.from &&
            reads.back().to + reads.back().size == piece.to)
            reads.back().size += piece.size;
        else
            reads.push_back(piece);
    }
    return reads;
}

}  // namespace

void copy_in_storage_order(int spill_fd, const std::string& spill_path, const InputIndex& input,
                           const StorageIndex& index, std::size_t buffer_bytes,
                           const std::function<void(std::span<const std::uint8_t>)>& write) {
    auto read = [&](std::uint8_t* into, std::uint64_t size, std::uint64_t at) {
        read_spill(spill_fd, spill_path, into, size, at);
    };
    const std::vector<std::uint64_t> starts = input_offsets(input);
    const std::size_t n = index.ordinals.size();
    auto length = [&](std::size_t k) { return index.offsets[k + 1] - index.offsets[k]; };

    if (input.residues() <= buffer_bytes) {
        std::vector<std::uint8_t> all(input.residues());
        read(all.data(), all.size(), 0);
        for (std::size_t k = 0; k < n; ++k)
            write({all.data() + starts[index.ordinals[k]], length(k)});
        return;
    }

    std::vector<std::uint8_t> window(buffer_bytes);
    for (std::size_t k = 0; k < n;) {
        if (length(k) > buffer_bytes) {
            // Longer than the buffer: streamed through it in order.
            const std::uint64_t start = starts[index.ordinals[k]];
            for (std::uint64_t done = 0; done < length(k);) {
                const std::uint64_t piece = std::min<std::uint64_t>(buffer_bytes, length(k) - done);
                read(window.data(), piece, start + done);
                write({window.data(), piece});
                done += piece;
            }
            ++k;
            continue;
        }
        std::vector<Piece> pieces;
        std::uint64_t filled = 0;
        for (; k < n && filled + length(k) <= buffer_bytes; ++k) {
            pieces.push_back({starts[index.ordinals[k]], filled, length(k)});
            filled += length(k);
        }
        for (const Piece& piece : merged_reads(std::move(pieces)))
            read(window.data() + piece.to, piece.size, piece.from);
        write({window.data(), filled});
    }
}

}  // namespace tropic::align::detail

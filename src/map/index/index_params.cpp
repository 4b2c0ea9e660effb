// The parameters of the reference index: their checks, the k rule and the memory an index takes
// (tropic/map/reference_index.hpp).
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "map/index/packed_bases.hpp"
#include "tropic/core/error.hpp"
#include "tropic/map/reference_index.hpp"

namespace tropic::map {

namespace {

constexpr int kShortestKmer = 8, kLongestKmer = 15;
constexpr int kLargestStride = 16;

std::uint64_t kmer_count(int k) noexcept {
    return std::uint64_t{1} << (2 * k);
}

}  // namespace

void validate(const IndexParams& params) {
    if (params.kmer_length != 0 &&
        (params.kmer_length < kShortestKmer || params.kmer_length > kLongestKmer))
        throw InputError(fmt::format("k-mer length {} is outside {}..{} (0 chooses it)",
                                     params.kmer_length, kShortestKmer, kLongestKmer));
    if (params.sampling_stride < 1 || params.sampling_stride > kLargestStride)
        throw InputError(fmt::format("sampling stride {} is outside 1..{}", params.sampling_stride,
                                     kLargestStride));
    if (params.max_occurrences < 1)
        throw InputError("the most occurrences of a k-mer must be at least 1");
}

int resolved_kmer_length(std::uint64_t reference_length, const IndexParams& params) {
    if (params.kmer_length != 0) return params.kmer_length;
    // floor(log4(length)) - 1: the largest k with 4^(k + 1) <= length.
    const int log4 = reference_length == 0 ? 0 : (std::bit_width(reference_length) - 1) / 2;
    return std::clamp(log4 - 1, kShortestKmer, kLongestKmer);
}

std::uint64_t estimate_index_bytes(std::uint64_t reference_length, const IndexParams& params) {
    const std::uint64_t kmers = kmer_count(resolved_kmer_length(reference_length, params));
    const auto stride = static_cast<std::uint64_t>(std::max(params.sampling_stride, 1));
    const std::uint64_t bases = 8 * detail::packed_words(reference_length);
    const std::uint64_t offsets = 4 * (kmers + 1);
    const std::uint64_t repeats = 8 * ((kmers + 63) / 64);
    const std::uint64_t positions = 4 * ((reference_length + stride - 1) / stride);
    return bases + offsets + repeats + positions;
}

std::string default_index_path(const std::string& fasta_path) {
    return fasta_path + ".tmi";
}

}  // namespace tropic::map

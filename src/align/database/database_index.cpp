#include "align/database/database_index.hpp"

#include <algorithm>
#include <numeric>

namespace tropic::align::detail {

void InputIndex::add(std::string_view name, std::uint64_t length) {
    names_.append(name);
    name_ends_.push_back(names_.size());
    lengths_.push_back(length);
    residues_ += length;
    longest_ = std::max(longest_, length);
}

std::uint64_t InputIndex::memory_bytes() const noexcept {
    return names_.capacity() + 8 * (name_ends_.capacity() + lengths_.capacity());
}

std::string_view InputIndex::name(std::uint64_t ordinal) const noexcept {
    const std::uint64_t start = ordinal == 0 ? 0 : name_ends_[ordinal - 1];
    return std::string_view(names_).substr(start, name_ends_[ordinal] - start);
}

StorageIndex storage_order(const InputIndex& input) {
    StorageIndex index;
    const std::uint64_t n = input.size();
    index.ordinals.resize(n);
    std::iota(index.ordinals.begin(), index.ordinals.end(), std::uint64_t{0});
    // Stable on ordinals that start in input order: equal lengths keep their input order.
    std::stable_sort(
        index.ordinals.begin(), index.ordinals.end(),
        [&](std::uint64_t a, std::uint64_t b) { return input.length(a) < input.length(b); });
    index.offsets.resize(n + 1);
    index.name_offsets.resize(n + 1);
    index.offsets[0] = 0;
    index.name_offsets[0] = 0;
    for (std::uint64_t k = 0; k < n; ++k) {
        const std::uint64_t ordinal = index.ordinals[k];
        index.offsets[k + 1] = index.offsets[k] + input.length(ordinal);
        index.names.append(input.name(ordinal));
        index.name_offsets[k + 1] = index.names.size();
    }
    return index;
}

std::vector<std::uint64_t> input_offsets(const InputIndex& input) {
    std::vector<std::uint64_t> offsets(input.size());
    std::uint64_t offset = 0;
    for (std::uint64_t ordinal = 0; ordinal < input.size(); ++ordinal) {
        offsets[ordinal] = offset;
        offset += input.length(ordinal);
    }
    return offsets;
}

}  // namespace tropic::align::detail

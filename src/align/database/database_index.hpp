#pragma once
// The index of a database: while building, in input order (names and lengths, all that is held
// of each sequence); once built, in storage order (ascending length, ties in input order), as the
// file's index section holds it.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace tropic::align::detail {

// Sequences as they are read.
class InputIndex {
  public:
    void add(std::string_view name, std::uint64_t length);

    std::uint64_t size() const noexcept { return lengths_.size(); }
    std::uint64_t residues() const noexcept { return residues_; }
    std::uint64_t longest() const noexcept { return longest_; }
    // Bytes held, for the memory limit.
    std::uint64_t memory_bytes() const noexcept;

    std::uint64_t length(std::uint64_t ordinal) const noexcept { return lengths_[ordinal]; }
    std::string_view name(std::uint64_t ordinal) const noexcept;

  private:
    std::string names_;
    std::vector<std::uint64_t> name_ends_;
    std::vector<std::uint64_t> lengths_;
    std::uint64_t residues_ = 0;
    std::uint64_t longest_ = 0;
};

// The index section's arrays, in storage order.
struct StorageIndex {
    std::vector<std::uint64_t> offsets;   // size + 1: sequence k is [offsets[k], offsets[k + 1])
    std::vector<std::uint64_t> ordinals;  // each sequence's position in the input
    std::vector<std::uint64_t> name_offsets;  // size + 1, into names
    std::string names;
};

// Sorts the input into storage order: by length, then by ordinal.
StorageIndex storage_order(const InputIndex& input);

// Where each sequence starts in input order (residues written back to back as read).
std::vector<std::uint64_t> input_offsets(const InputIndex& input);

}  // namespace tropic::align::detail

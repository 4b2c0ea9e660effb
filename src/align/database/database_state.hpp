#pragma once
// What a Database holds: views of its arrays, which point into the mapped file (Database::open)
// or into the owned index and residues (Database::from_fasta).
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "align/database/database_index.hpp"
#include "tropic/align/database.hpp"

namespace tropic::align {

namespace detail {

// A read-only mapping of a whole file, unmapped when destroyed.
class MappedFile {
  public:
    // Throws InputError naming the file when it cannot be opened or mapped.
    explicit MappedFile(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    std::span<const std::uint8_t> bytes() const noexcept { return {data_, size_}; }

  private:
    const std::uint8_t* data_ = nullptr;
    std::size_t size_ = 0;
};

// The arrays of an open database (the index in storage order, the residues) and its figures.
struct DatabaseViews {
    Alphabet alphabet = Alphabet::Protein;
    std::uint64_t total_residues = 0;
    std::uint64_t longest = 0;

    std::span<const std::uint8_t> residues;
    std::span<const std::uint64_t> offsets;       // size + 1
    std::span<const std::uint64_t> ordinals;      // size
    std::span<const std::uint64_t> name_offsets;  // size + 1
    std::string_view names;
};

}  // namespace detail

struct Database::State : detail::DatabaseViews {
    std::string source;

    // The storage behind the views: one of the two.
    std::unique_ptr<detail::MappedFile> mapping;
    detail::StorageIndex owned_index;
    std::vector<std::uint8_t> owned_residues;
};

}  // namespace tropic::align

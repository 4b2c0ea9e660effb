#pragma once
// The edit distance of every pair of l-mers over ACGT (l = 4: 64 KB; l = 5: 1 MB), which the
// tiled bound looks up instead of aligning a read tile against a window l-mer.
//
// An l-mer is packed two bits a base, its first base in the most significant bits (A C G T =
// 0..3); distance(a, b) is the plain (global) edit distance of the two l-mers.
#include <cstdint>
#include <vector>

namespace tropic::map::detail {

class LmerDistanceTable {
  public:
    // Throws std::invalid_argument unless 1 <= l <= 5.
    explicit LmerDistanceTable(int l);

    [[nodiscard]] int l() const { return l_; }
    [[nodiscard]] std::uint8_t distance(std::uint32_t a, std::uint32_t b) const {
        return distances_[(static_cast<std::size_t>(a) << (2 * l_)) | b];
    }
    // The row of l-mer a: row(a)[b] == distance(a, b).
    [[nodiscard]] const std::uint8_t* row(std::uint32_t a) const {
        return distances_.data() + (static_cast<std::size_t>(a) << (2 * l_));
    }

  private:
    int l_;
    std::vector<std::uint8_t> distances_;
};

}  // namespace tropic::map::detail

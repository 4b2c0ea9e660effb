#pragma once
// Hard structure constraints in RNAfold's -C notation (without --enforceConstraint), as
// restrictions on which pairs may form; no base is ever forced to pair:
//   x   the base stays unpaired
//   <   if the base pairs, its partner is downstream;  >  ... upstream
//   ( ) matched brackets: those two bases pair with each other or not at all, and no pair
//       crosses theirs
//   . | no restriction ('|', "paired", is only a hint without --enforceConstraint in RNAfold)
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace tropic::rna {

class StructureConstraint {
  public:
    // `sequence` in alphabet codes. Throws InputError naming the 1-based position of a character
    // outside ".x|<>()", an unbalanced bracket, a length other than the sequence's, or brackets
    // on two bases that cannot pair (RNAfold would let such a pair form with nonstandard-pair
    // energies; tropic only ever pairs G-C, A-U and G-U, so it says so instead).
    StructureConstraint(std::string_view constraint, std::span<const std::uint8_t> sequence);

    // Whether bases i < j (0-based) may pair under the constraint.
    bool allows_pair(int i, int j) const {
        return allowed_[static_cast<std::size_t>(i) * length_ + static_cast<std::size_t>(j)] != 0;
    }

    // The whole table: length x length bytes, row i, column j, nonzero where (i,j) may pair.
    std::span<const std::uint8_t> allowed_mask() const { return allowed_; }

  private:
    std::size_t length_;
    std::vector<std::uint8_t> allowed_;  // length x length, row i, column j
};

}  // namespace tropic::rna

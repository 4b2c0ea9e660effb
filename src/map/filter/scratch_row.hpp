#pragma once
// A row of ints for the filters' band-wide DP rows: on the stack for the bands that candidates
// have (up to kInlineWidth diagonals), on the heap only for wider, merged bands.
#include <array>
#include <cstddef>
#include <vector>

namespace tropic::map::detail {

class ScratchRow {
  public:
    static constexpr std::size_t kInlineWidth = 128;

    explicit ScratchRow(std::size_t width) {
        if (width > kInlineWidth) {
            heap_.resize(width);
            data_ = heap_.data();
        }
    }
    ScratchRow(const ScratchRow&) = delete;
    ScratchRow& operator=(const ScratchRow&) = delete;

    int& operator[](std::ptrdiff_t k) { return data_[k]; }
    int* data() { return data_; }

  private:
    std::array<int, kInlineWidth> inline_;  // written before read
    std::vector<int> heap_;
    int* data_ = inline_.data();
};

}  // namespace tropic::map::detail

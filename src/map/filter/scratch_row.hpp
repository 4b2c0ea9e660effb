#pragma once
// A row of numbers for the filters' band-wide DP rows: on the stack for the bands that candidates
// have (up to kInlineWidth diagonals), on the heap only for wider, merged bands.
#include <array>
#include <cstddef>
#include <vector>

namespace tropic::map::detail {

template <typename T>
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

    T& operator[](std::ptrdiff_t k) { return data_[k]; }
    T* data() { return data_; }

  private:
    std::array<T, kInlineWidth> inline_;  // written before read
    std::vector<T> heap_;
    T* data_ = inline_.data();
};

}  // namespace tropic::map::detail

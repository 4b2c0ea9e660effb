#pragma once
// The genome-wide heatmap of the calls: samples (rows) by windows (columns, pooled into equal
// groups so that at most `max_columns` remain), each cell the called copy number. Sequences are
// added as they arrive; memory holds two bytes per sample and column, never the windows.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "tropic/cnv/cnv_plots.hpp"
#include "tropic/cnv/cnv_result.hpp"

namespace tropic::cnv::detail {

class Heatmap {
  public:
    Heatmap(std::vector<std::string> samples, std::size_t max_columns);

    // The sequence's calls: per sample, the copy number of its CNV at each window (CN2 outside
    // its CNVs, -1 where a CNV's class has no copy number).
    void add(const CnmopsParams& params, const SequenceResult& result);
    std::string render(PlotFormat format);

    std::size_t columns() const noexcept {
        return samples_.empty() ? 0 : bins_.size() / samples_.size();
    }
    std::size_t windows_per_column() const noexcept { return per_bin_; }

  private:
    void add_window(const std::int16_t* copy_numbers);
    void close_bin();
    void halve();  // pools neighbouring columns in pairs

    std::vector<std::string> samples_;
    std::size_t max_columns_;
    std::vector<std::int16_t> bins_;     // [column * samples + s]
    std::vector<std::int16_t> current_;  // the column being filled
    std::size_t in_current_ = 0, per_bin_ = 1, windows_ = 0;
    struct Boundary {
        std::string name;
        std::size_t first_window;
    };
    std::vector<Boundary> sequences_;
};

// Which of two copy numbers a pooled cell shows: the one farther from 2; between a loss and a
// gain equally far, the loss; an unknown one (-1) only when both are.
std::int16_t more_extreme(std::int16_t a, std::int16_t b);

}  // namespace tropic::cnv::detail

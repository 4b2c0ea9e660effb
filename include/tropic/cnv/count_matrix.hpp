#pragma once
// A read-count matrix: windows (genomic ranges) by samples, the input of cn.mops' pipeline.
//
// Windows are grouped by reference sequence ("chromosome"), in the order the sequences first
// appear; within a sequence they are in file order (counting makes them sorted by start).
// Coordinates are 0-based and half-open, as BED. The pipeline normalises, models and segments
// one sequence at a time, so a matrix can be read and processed sequence by sequence
// (CountMatrixReader) without holding a whole cohort in memory.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace tropic::cnv {

// The windows and counts of one reference sequence.
struct SequenceCounts {
    std::string name;
    std::vector<std::int64_t> start;  // 0-based, inclusive
    std::vector<std::int64_t> end;    // 0-based, exclusive
    // Window-major: counts[w * samples + s]. Read counts are integers; a matrix given by the user
    // may hold any finite non-negative numbers (cn.mops accepts them), hence double.
    std::vector<double> counts;

    [[nodiscard]] std::size_t window_count() const noexcept { return start.size(); }
};

struct CountMatrix {
    std::vector<std::string> samples;
    std::vector<SequenceCounts> sequences;

    [[nodiscard]] std::size_t sample_count() const noexcept { return samples.size(); }
    [[nodiscard]] std::size_t window_count() const noexcept;
};

// Sequences one at a time, from memory or from a file, for a pipeline that makes two passes (the
// first sums every sample's counts; cn.mops checks them before normalising).
class CountSource {
  public:
    virtual ~CountSource() = default;
    [[nodiscard]] virtual const std::vector<std::string>& samples() const = 0;
    // The next sequence into `sequence` (its counts window-major); false after the last.
    [[nodiscard]] virtual bool next(SequenceCounts& sequence) = 0;
    // Back to the first sequence.
    virtual void rewind() = 0;
};

// A matrix held in memory, as a source.
class MemoryCountSource : public CountSource {
  public:
    explicit MemoryCountSource(const CountMatrix& matrix) : matrix_(matrix) {}
    const std::vector<std::string>& samples() const override { return matrix_.samples; }
    bool next(SequenceCounts& sequence) override {
        if (next_ >= matrix_.sequences.size()) return false;
        sequence = matrix_.sequences[next_++];
        return true;
    }
    void rewind() override { next_ = 0; }

  private:
    const CountMatrix& matrix_;
    std::size_t next_ = 0;
};

}  // namespace tropic::cnv

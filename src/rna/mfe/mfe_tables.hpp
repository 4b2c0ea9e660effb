#pragma once
// The filled tables of a CPU MFE fold (private to src/rna): what algorithms built on the MFE
// recurrences of mfe.hpp read after the fill, e.g. suboptimal structures (Wuchty, Zuker). The
// fill itself is the CPU engine's (mfe_cpu.cpp); this class only owns it and gives read access,
// so there is one implementation of the recurrences.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>

#include "rna/mfe/mfe_model.hpp"
#include "tropic/core/progress.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::rna::detail {

class MfeEngine;

class MfeTables {
  public:
    // Fills every table of `sequence` (on the calling thread, or sharing the fill among the
    // threads of `pool`). A failed allocation is a ResourceError naming the length.
    MfeTables(std::span<const std::uint8_t> sequence, const EnergyParams& params,
              const MfeParams& mfe_params, const StructureConstraint* constraint = nullptr,
              ThreadPool* pool = nullptr, const Progress& on_progress = {}, std::size_t item = 0);
    ~MfeTables();
    MfeTables(const MfeTables&) = delete;
    MfeTables& operator=(const MfeTables&) = delete;

    // The loop energies, sequence and MfeParams of the fold.
    const MfeModel& model() const { return *model_; }
    int length() const { return model_->n; }

    // The tables of mfe.hpp for 0 <= i <= j < n (kInfEnergy where nothing forms; cells with
    // j - i <= kMfeMinHairpin are kInfEnergy too). cc == c unless no_lonely_pairs.
    int c(int i, int j) const { return c_[row_start_[i] + static_cast<std::size_t>(j)]; }
    int cc(int i, int j) const { return cc_[row_start_[i] + static_cast<std::size_t>(j)]; }
    int fml(int i, int j) const { return fml_[row_start_[i] + static_cast<std::size_t>(j)]; }
    int fm1(int i, int j) const { return fm1_[col_start_[j] + static_cast<std::size_t>(i)]; }
    // The best exterior loop of bases 0..j-1, j = 0..n; f5(n) is the MFE.
    int f5(int j) const { return f5_[j]; }

    // The MFE and its structure, by the traceback rule of mfe.hpp.
    MfeResult mfe() const;

  private:
    std::unique_ptr<MfeEngine> engine_;
    const MfeModel* model_ = nullptr;
    const std::size_t* row_start_ = nullptr;  // cell (i,j) of a row-major table: row_start_[i] + j
    const std::size_t* col_start_ = nullptr;  // ... of a column-major one: col_start_[j] + i
    const int* c_ = nullptr;
    const int* cc_ = nullptr;
    const int* fml_ = nullptr;  // row-major
    const int* fm1_ = nullptr;  // column-major
    const int* f5_ = nullptr;
};

}  // namespace tropic::rna::detail

#pragma once
// The filled tables of an MFE fold (private to src/rna): what algorithms built on the MFE
// recurrences of mfe.hpp read after the fill, e.g. suboptimal structures (Wuchty, Zuker). The
// fill itself is the CPU engine's (mfe_cpu.cpp) or the device's long mode (mfe_fill.cu, whose
// tables come back as MfeTableArrays); this class only owns them and gives read access, so there
// is one implementation of the recurrences on each side.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "rna/mfe/mfe_model.hpp"
#include "tropic/core/progress.hpp"
#include "tropic/rna/mfe.hpp"

namespace tropic {
class ThreadPool;
}

namespace tropic::rna::detail {

class MfeEngine;
class OwnedMfeModel;

// Tables filled elsewhere, in the CPU engine's layout: cell (i,j), i <= j, of the row-major
// tables (c, cc, fml) at row_start[i] + j, of the column-major one (fm1) at col_start[j] + i;
// cc is empty unless no_lonely_pairs (then c serves as cc); f5 holds n + 1 values.
struct MfeTableArrays {
    std::vector<std::size_t> row_start, col_start;
    std::vector<int> c, cc, fml, fm1, f5;
};

// The arrays of a fold of n bases, every cell kInfEnergy (f5 zero).
MfeTableArrays mfe_table_arrays(int n, bool no_lonely_pairs);

class MfeTables {
  public:
    // Fills every table of `sequence` (on the calling thread, or sharing the fill among the
    // threads of `pool`). A failed allocation is a ResourceError naming the length.
    MfeTables(std::span<const std::uint8_t> sequence, const EnergyParams& params,
              const MfeParams& mfe_params, const StructureConstraint* constraint = nullptr,
              ThreadPool* pool = nullptr, const Progress& on_progress = {}, std::size_t item = 0);
    // Adopts tables that a device filled for `sequence` with the same parameters (the model is
    // rebuilt here; the arrays are not checked).
    MfeTables(std::span<const std::uint8_t> sequence, const EnergyParams& params,
              const MfeParams& mfe_params, const StructureConstraint* constraint,
              MfeTableArrays arrays);
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
    // Builds the model of adopted tables and points the accessors at them.
    void adopt(std::span<const std::uint8_t> sequence, const EnergyParams& params,
               const MfeParams& mfe_params, const StructureConstraint* constraint);
    // mfe() of adopted tables: the traceback of mfe_traceback.hpp over the accessors above.
    MfeResult traced_mfe() const;

    std::unique_ptr<MfeEngine> engine_;  // the CPU fill, or
    // adopted tables and what their model points to
    MfeTableArrays arrays_;
    std::unique_ptr<OwnedMfeModel> own_model_;
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

// MfeTables over tables filled elsewhere (the device): the model of the fold and the traceback.
#include "rna/mfe/mfe_tables.hpp"

#include <string>

#include "rna/mfe/mfe_traceback.hpp"
#include "rna/mfe/owned_mfe_model.hpp"
#include "tropic/core/error.hpp"
#include "tropic/rna/structure_constraint.hpp"

namespace tropic::rna::detail {

MfeTableArrays mfe_table_arrays(int n, bool no_lonely_pairs) {
    MfeTableArrays a;
    const auto size = static_cast<std::size_t>(n);
    a.row_start.resize(size);
    a.col_start.resize(size);
    std::size_t cells = 0, row = 0;
    for (std::size_t k = 0; k < size; ++k) {
        a.col_start[k] = cells;  // column k holds i = 0..k
        cells += k + 1;
        a.row_start[k] = row - k;  // row k holds j = k..n-1 after the n - r cells of rows r < k
        row += size - k;
    }
    a.c.assign(cells, kInfEnergy);
    if (no_lonely_pairs) a.cc.assign(cells, kInfEnergy);
    a.fml.assign(cells, kInfEnergy);
    a.fm1.assign(cells, kInfEnergy);
    a.f5.assign(size + 1, 0);
    return a;
}

void MfeTables::adopt(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                      const MfeParams& mfe_params, const StructureConstraint* constraint) {
    own_model_ = std::make_unique<OwnedMfeModel>(sequence, params, mfe_params, constraint);
    model_ = &own_model_->model();
    row_start_ = arrays_.row_start.data();
    col_start_ = arrays_.col_start.data();
    c_ = arrays_.c.data();
    cc_ = mfe_params.no_lonely_pairs ? arrays_.cc.data() : arrays_.c.data();
    fml_ = arrays_.fml.data();
    fm1_ = arrays_.fm1.data();
    f5_ = arrays_.f5.data();
}

MfeResult MfeTables::traced_mfe() const {
    // FML(k+1,j) read downwards is the same cell as read along its row.
    struct Tables {
        const MfeTables* t;
        int c(int i, int j) const { return t->c(i, j); }
        int cc(int i, int j) const { return t->cc(i, j); }
        int fml(int i, int j) const { return t->fml(i, j); }
        int fml_down(int i, int j) const { return t->fml(i, j); }
        int fm1(int i, int j) const { return t->fm1(i, j); }
        int f5(int j) const { return t->f5(j); }
    };
    const int n = length();
    MfeResult result;
    result.energy = f5(n);
    result.structure.assign(static_cast<std::size_t>(n), '.');
    std::vector<MfeInterval> stack(static_cast<std::size_t>(n) + 2);
    auto first = [](int begin, int end, const auto& pred) {
        int k = begin;
        while (k < end && !pred(k)) ++k;
        return k < end ? k : end;
    };
    if (!trace_mfe(model(), Tables{this}, first, result.structure.data(), stack.data()))
        throw InternalError("MFE traceback: the tables do not explain the minimum");
    return result;
}

}  // namespace tropic::rna::detail

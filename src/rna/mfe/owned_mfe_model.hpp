#pragma once
// An MfeModel together with the per-sequence arrays it points to (parameter codes, hairpin
// initiations), built from a fold's inputs: the model of the CPU engine's fill and of tables
// filled elsewhere (MfeTables over the device's tables).
#include <cstdint>
#include <span>
#include <vector>

#include "rna/mfe/mfe_model.hpp"
#include "tropic/rna/mfe.hpp"
#include "tropic/rna/structure_constraint.hpp"

namespace tropic::rna::detail {

class OwnedMfeModel {
  public:
    // `sequence`, `params` and `constraint` must outlive the model: it points to them.
    OwnedMfeModel(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                  const MfeParams& mfe_params, const StructureConstraint* constraint);
    OwnedMfeModel(const OwnedMfeModel&) = delete;
    OwnedMfeModel& operator=(const OwnedMfeModel&) = delete;

    const MfeModel& model() const { return model_; }

  private:
    std::vector<std::int8_t> base_;
    std::vector<int> hairpin_initiation_;
    MfeModel model_;
};

}  // namespace tropic::rna::detail

#include "rna/mfe/owned_mfe_model.hpp"

namespace tropic::rna::detail {

OwnedMfeModel::OwnedMfeModel(std::span<const std::uint8_t> sequence, const EnergyParams& params,
                             const MfeParams& mfe_params, const StructureConstraint* constraint)
    : base_(sequence.size()), hairpin_initiation_(sequence.size() + 1) {
    const int n = static_cast<int>(sequence.size());
    for (int k = 0; k < n; ++k) base_[k] = static_cast<std::int8_t>(param_base(sequence[k]));
    for (int size = 0; size <= n; ++size)
        hairpin_initiation_[size] = hairpin_initiation(params, size);
    model_.params = &params;
    model_.sequence = sequence.data();
    model_.base = base_.data();
    model_.hairpin_initiation = hairpin_initiation_.data();
    model_.allowed = constraint != nullptr ? constraint->allowed_mask().data() : nullptr;
    model_.n = n;
    model_.dangles = mfe_params.dangles;
    model_.no_lonely_pairs = mfe_params.no_lonely_pairs;
    model_.max_span = mfe_params.max_bp_span;
}

}  // namespace tropic::rna::detail

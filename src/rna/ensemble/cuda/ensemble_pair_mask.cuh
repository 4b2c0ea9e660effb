#pragma once
// The pair masks of a chunk's folds, built on the device from their sequences
// (ensemble_pair_rule.hpp), so that n x n bytes a record need not cross PCIe.
#include <cstddef>
#include <cstdint>

#include "rna/ensemble/cuda/ensemble_device.cuh"

namespace tropic::rna::detail::cuda {

// Launch on the per-thread stream: the mask of every fold k < count of `folds` (none longer than
// `longest`) whose from_host[k] is 0, written where its model.pair_ok points inside `masks` (the
// chunk's mask buffer); the others keep the mask the host copied there (constraints, or a mask
// the host reads too). At most 65,535 folds (a grid's y).
void launch_pair_mask(const EnsembleDeviceFold* folds, std::size_t count, int longest,
                      const std::uint8_t* from_host, std::uint8_t* masks, int max_bp_span,
                      bool no_lonely_pairs);

}  // namespace tropic::rna::detail::cuda

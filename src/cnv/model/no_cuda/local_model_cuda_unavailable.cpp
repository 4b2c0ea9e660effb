// Builds without CUDA: the GPU path exists and throws the one error of such a build.
#include "core/no_cuda/built_without_cuda.hpp"
#include "tropic/cnv/local_model.hpp"

namespace tropic::cnv {

void fit_local_models_cuda(const LocalModelBlock&, const CnmopsParams&, LocalModelResult&,
                           const RunOptions&) {
    throw_built_without_cuda();
}

}  // namespace tropic::cnv

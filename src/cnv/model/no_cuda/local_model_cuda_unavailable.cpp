// Builds without CUDA: the GPU path exists and throws the one error of such a build.
#include "cnv/model/local_model_backends.hpp"
#include "core/no_cuda/built_without_cuda.hpp"

namespace tropic::cnv::detail {

void fit_local_models_cuda(const LocalModelBlock&, const CnmopsParams&, LocalModelResult&,
                           const RunOptions&) {
    throw_built_without_cuda();
}

}  // namespace tropic::cnv::detail

// The device path of syntenic alignment: not written yet; the cuda backend says so.
#include <string>

#include "align/syntenic/cuda/syntenic_cuda.hpp"
#include "core/internal/messages.hpp"
#include "tropic/core/error.hpp"

namespace tropic::align::detail::cuda {

SyntenicAlignment align_syntenic_cuda(std::span<const std::uint8_t>, std::span<const std::uint8_t>,
                                      const SyntenicParams&, int) {
    throw ResourceError("syntenic alignment does not run on a CUDA device yet; " +
                        std::string(kUseCpuBackend));
}

}  // namespace tropic::align::detail::cuda

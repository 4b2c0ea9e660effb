#include <fmt/format.h>

#include "tropic/core/device.hpp"
#include "tropic/core/error.hpp"

namespace tropic {

void require_cuda_device(int index) {
    if (!cuda_compiled())
        throw ResourceError("this tropic was built without CUDA support; use --backend cpu");
    if (index < 0 || index >= cuda_device_count())
        throw ResourceError(
            fmt::format("CUDA device {} is not available ({} device(s) found); use --backend cpu",
                        index, cuda_device_count()));
}

}  // namespace tropic

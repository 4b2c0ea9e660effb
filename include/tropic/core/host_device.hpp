#pragma once
// TROPIC_HOST_DEVICE marks small functions that CPU code and CUDA kernels share, so that both
// backends run one definition of each rule. Without nvcc it expands to nothing.
#if defined(__CUDACC__)
#define TROPIC_HOST_DEVICE __host__ __device__
#else
#define TROPIC_HOST_DEVICE
#endif

#pragma once
// CUDA backend of the plus-times products (plus_times_product.hpp). Plain C++ interface; in
// builds without CUDA, ../no_cuda/ provides versions that throw ResourceError.
#include <cstddef>

#include "semiring/plus_times/plus_times_plan.hpp"

namespace tropic::semiring::cuda {

// C += A B on host views: A, B and C go to `device` once, every product runs there, C comes
// back once. Throws ResourceError when the operands and the workspace do not fit the device.
template <typename T>
void multiply_accumulate_plus_times(Matrix<const T> a, Matrix<const T> b, Matrix<T> c,
                                    const detail::PlusTimesPlan& plan, int device);

// Products on device-resident operands (the benchmark's form): every pointer of the views is
// memory of the current device. Holds one cuBLAS handle, on the per-thread default stream.
class PlusTimesDevice {
  public:
    PlusTimesDevice();
    ~PlusTimesDevice();
    PlusTimesDevice(const PlusTimesDevice&) = delete;
    PlusTimesDevice& operator=(const PlusTimesDevice&) = delete;

    // c = a b (accumulate: c += a b) as the plan says; `workspace` holds at least
    // detail::strassen_workspace(m, k, n, plan.threshold) elements where plan.strassen.
    // Asynchronous on the per-thread default stream.
    template <typename T>
    void multiply(Matrix<const T> a, Matrix<const T> b, Matrix<T> c, bool accumulate,
                  const detail::PlusTimesPlan& plan, T* workspace);

  private:
    // cublasHandle_t (unused where the build has no CUDA: the stub never creates one).
    [[maybe_unused]] void* handle_ = nullptr;
};

#define TROPIC_PLUS_TIMES_CUDA_INSTANTIATE(T)                                                     \
    template void multiply_accumulate_plus_times<T>(Matrix<const T>, Matrix<const T>, Matrix<T>,  \
                                                    const detail::PlusTimesPlan&, int);           \
    template void PlusTimesDevice::multiply<T>(Matrix<const T>, Matrix<const T>, Matrix<T>, bool, \
                                               const detail::PlusTimesPlan&, T*);

}  // namespace tropic::semiring::cuda

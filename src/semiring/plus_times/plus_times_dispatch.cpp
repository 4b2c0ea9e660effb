// The plus-times products' public entry point (plus_times_product.hpp): shape checks, the
// options resolved into a plan, the memory each backend needs, and the one choice of backend.
#include <fmt/format.h>

#include <cstdint>
#include <type_traits>

#include "core/internal/backend_choice.hpp"
#include "semiring/plus_times/cuda/plus_times_cuda.hpp"
#include "semiring/plus_times/plus_times_cpu.hpp"
#include "tropic/core/error.hpp"
#include "tropic/semiring/plus_times_product.hpp"

namespace tropic::semiring {

namespace {

// Below this many multiply-adds the CPU finishes before a CUDA context is up and the operands
// are across.
constexpr double kAutoCudaMinSteps = 1e9;

template <typename M>
void check_view(const char* name, const M& m) {
    if (m.rows == 0 || m.cols == 0) return;
    if (m.ld < m.cols)
        throw InputError(
            fmt::format("plus-times product: {} has {} columns but a leading "
                        "dimension of {}",
                        name, m.cols, m.ld));
    if (m.data == nullptr)
        throw InputError(
            fmt::format("plus-times product: {} is {} x {} but has no data", name, m.rows, m.cols));
}

template <typename T>
void check_shapes(const Matrix<const T>& a, const Matrix<const T>& b, const Matrix<T>& c) {
    check_view("A", a);
    check_view("B", b);
    check_view("C", c);
    if (a.cols != b.rows || c.rows != a.rows || c.cols != b.cols)
        throw InputError(fmt::format(
            "plus-times product: A is {} x {}, B is {} x {} and C is {} x {}; C += A B needs A m "
            "x k, B k x n and C m x n",
            a.rows, a.cols, b.rows, b.cols, c.rows, c.cols));
}

// Whether the options let Strassen-Winograd run on T at all.
template <typename T>
bool strassen_allowed(const PlusTimesOptions& product) {
    constexpr bool exact = PlusTimes<T>::exact;
    if (product.algorithm == ProductAlgorithm::StrassenWinograd && !exact &&
        !product.allow_float_strassen)
        throw InputError(
            "plus-times product: Strassen-Winograd changes how float products round; set "
            "allow_float_strassen to use it on float or double");
    if (product.algorithm == ProductAlgorithm::Classical) return false;
    return exact || product.allow_float_strassen;
}

struct Sizes {
    std::size_t m, k, n;
};

// Bytes of the operands and of the Strassen-Winograd workspace (0 for classical products).
template <typename T>
std::uint64_t operand_bytes(Sizes s) {
    return (std::uint64_t(s.m) * s.k + std::uint64_t(s.k) * s.n + std::uint64_t(s.m) * s.n) *
           sizeof(T);
}
template <typename T>
std::uint64_t workspace_bytes(Sizes s, bool strassen, std::size_t threshold) {
    if (!strassen) return 0;
    return std::uint64_t(detail::strassen_workspace(s.m, s.k, s.n, threshold)) * sizeof(T);
}

std::size_t threshold_for(const PlusTimesOptions& product, Backend backend) {
    if (product.threshold > 0) return product.threshold;
    return backend == Backend::Cuda ? kGpuStrassenThreshold : kCpuStrassenThreshold;
}

}  // namespace

template <typename T>
void multiply_accumulate_plus_times(Matrix<const T> a, Matrix<const T> b, Matrix<T> c,
                                    const PlusTimesOptions& product, const RunOptions& options) {
    check_shapes(a, b, c);
    const bool strassen = strassen_allowed<T>(product);
    const Sizes sizes{a.rows, a.cols, b.cols};
    const std::size_t cpu_threshold = threshold_for(product, Backend::Cpu);
    const std::size_t gpu_threshold = threshold_for(product, Backend::Cuda);

    WorkEstimate work;
    work.what = fmt::format("a plus-times product of {} x {} by {} x {}", sizes.m, sizes.k, sizes.k,
                            sizes.n);
    work.steps = double(sizes.m) * double(sizes.k) * double(sizes.n);
    work.auto_min_steps = kAutoCudaMinSteps;
    work.host_bytes = workspace_bytes<T>(sizes, strassen, cpu_threshold);
    work.device_bytes =
        operand_bytes<T>(sizes) + workspace_bytes<T>(sizes, strassen, gpu_threshold);
    work.suggest = [&](const MemoryBudget& budget) {
        auto bytes_of = [&](std::size_t n) {
            const Sizes square{n, n, n};
            return budget.on_device() ? operand_bytes<T>(square) +
                                            workspace_bytes<T>(square, strassen, gpu_threshold)
                                      : workspace_bytes<T>(square, strassen, cpu_threshold);
        };
        const std::size_t n = longest_that_fits(budget.bytes, bytes_of, std::size_t{1} << 24);
        return fmt::format("square products up to n = {} fit{}", n,
                           strassen ? ", or use the classical algorithm" : "");
    };
    const Backend backend = choose_backend(options, work);
    if (sizes.m == 0 || sizes.n == 0) return;

    detail::PlusTimesPlan plan;
    plan.strassen = strassen;
    plan.threshold = backend == Backend::Cuda ? gpu_threshold : cpu_threshold;
    if (backend == Backend::Cuda)
        cuda::multiply_accumulate_plus_times<T>(a, b, c, plan, options.device);
    else
        cpu::multiply_accumulate_plus_times<T>(a, b, c, plan, options.pool);
}

#define TROPIC_INSTANTIATE(T)                                                                    \
    template void multiply_accumulate_plus_times<T>(Matrix<const T>, Matrix<const T>, Matrix<T>, \
                                                    const PlusTimesOptions&, const RunOptions&);
TROPIC_INSTANTIATE(std::int32_t)
TROPIC_INSTANTIATE(std::int64_t)
TROPIC_INSTANTIATE(float)
TROPIC_INSTANTIATE(double)
#undef TROPIC_INSTANTIATE

}  // namespace tropic::semiring

// The tropical engine's public entry points (product.hpp): dimension checks, and the one place
// where a backend is chosen. Single products and the strided form become batches.
#include <fmt/format.h>

#include <cstdint>
#include <vector>

#include "semiring/cuda/product_cuda.hpp"
#include "semiring/product_cpu.hpp"
#include "core/internal/backend_choice.hpp"
#include "tropic/core/error.hpp"
#include "tropic/semiring/product.hpp"

namespace tropic::semiring {

namespace {

// Below this many add-and-compare steps the CPU finishes before a CUDA context is up and the
// operands are across.
constexpr double kAutoCudaMinSteps = 1e9;

// Where `count` products of `steps` add-and-compare steps in all run; the CUDA backend copies
// their operands, about `device_bytes`, to the device.
Backend choose(const RunOptions& options, std::size_t count, double steps,
               std::uint64_t device_bytes) {
    WorkEstimate work;
    work.what = count == 1 ? std::string("a tropical product")
                           : fmt::format("a batch of {} tropical products", count);
    work.steps = steps;
    work.auto_min_steps = kAutoCudaMinSteps;
    work.device_bytes = device_bytes;
    work.suggest = [](const MemoryBudget&) { return std::string("use smaller batches"); };
    return choose_backend(options, work);
}

// Steps a shape needs: dense m n k, triangular n (n+1) (n+2) / 6, band sum_{d<w} (n-d)(d+1).
double product_steps(Shape shape, std::size_t m, std::size_t n, std::size_t k) {
    double x = static_cast<double>(n);
    if (shape == Shape::Dense) return static_cast<double>(m) * x * static_cast<double>(k);
    return x * (x + 1) * (x + 2) / 6;
}
double band_steps(std::size_t n, std::size_t width) {
    double w = static_cast<double>(std::min(n, width)), x = static_cast<double>(n);
    return x * w * (w + 1) / 2 - (w - 1) * w * (w + 1) / 3;
}

template <typename M>
void check_matrix(const char* name, const M& m) {
    if (m.rows > 0 && m.cols > 0) {
        if (m.ld < m.cols)
            throw InputError(
                fmt::format("{} has {} columns but a leading dimension of {}", name, m.cols, m.ld));
        if (m.data == nullptr)
            throw InputError(fmt::format("{} is {} x {} but has no data", name, m.rows, m.cols));
    }
}

template <typename T>
void check_product(Shape shape, const Matrix<const T>& a, const Matrix<const T>& b,
                   const Matrix<T>& c) {
    check_matrix("A", a);
    check_matrix("B", b);
    check_matrix("C", c);
    if (shape == Shape::UpperTriangular) {
        if (a.rows != a.cols || b.rows != b.cols || c.rows != c.cols || a.rows != b.rows ||
            a.rows != c.rows)
            throw InputError(fmt::format(
                "a triangular product needs square matrices of one size; A is {} x {}, B is {} x "
                "{} and C is {} x {}",
                a.rows, a.cols, b.rows, b.cols, c.rows, c.cols));
        return;
    }
    if (a.cols != b.rows)
        throw InputError(
            fmt::format("A is {} x {} but B is {} x {}", a.rows, a.cols, b.rows, b.cols));
    if (c.rows != a.rows || c.cols != b.cols)
        throw InputError(
            fmt::format("A x B is {} x {} but C is {} x {}", a.rows, b.cols, c.rows, c.cols));
}

template <typename Bd>
void check_band(const char* name, const Bd& x) {
    if (x.n > 0 && x.width > 0) {
        if (x.ld < x.width)
            throw InputError(fmt::format("band {} has width {} but a leading dimension of {}", name,
                                         x.width, x.ld));
        if (x.data == nullptr)
            throw InputError(fmt::format("band {} has n = {} but no data", name, x.n));
    }
}

template <typename T>
void check_band_product(const Band<const T>& a, const Band<const T>& b, const Band<T>& c) {
    check_band("A", a);
    check_band("B", b);
    check_band("C", c);
    if (a.n != b.n || a.n != c.n || a.width != b.width || a.width != c.width)
        throw InputError(fmt::format(
            "banded operands must share n and width; A is n = {} width {}, B is n = {} width {}, "
            "C is n = {} width {}",
            a.n, a.width, b.n, b.width, c.n, c.width));
}

template <typename T>
std::uint64_t dense_bytes(const Product<T>& p) {
    return (p.a.rows * p.a.cols + p.b.rows * p.b.cols + p.c.rows * p.c.cols) * sizeof(T);
}
template <typename T>
std::uint64_t band_bytes(const Band<T>& x) {
    return 3 * x.n * x.width * sizeof(std::remove_const_t<T>);
}

template <typename T>
std::size_t footprint(const Matrix<T>& m) {
    return m.rows == 0 || m.cols == 0 ? 0 : (m.rows - 1) * m.ld + m.cols;
}
template <typename T>
std::size_t footprint(const Band<T>& x) {
    return x.n == 0 || x.width == 0 ? 0 : (x.n - 1) * x.ld + x.width;
}

}  // namespace

template <typename T>
void multiply_accumulate_batch(Semiring semiring, Shape shape, std::span<const Product<T>> batch,
                               const RunOptions& options) {
    double steps = 0;
    std::uint64_t bytes = 0;
    for (std::size_t p = 0; p < batch.size(); ++p) {
        try {
            check_product(shape, batch[p].a, batch[p].b, batch[p].c);
        } catch (const InputError& e) {
            if (batch.size() == 1) throw;
            throw InputError(fmt::format("product {} of the batch: {}", p, e.what()));
        }
        steps += product_steps(shape, batch[p].c.rows, batch[p].c.cols, batch[p].a.cols);
        bytes += dense_bytes(batch[p]);
    }
    if (choose(options, batch.size(), steps, bytes) == Backend::Cuda) {
        if (steps > 0) cuda::multiply_accumulate_batch<T>(semiring, shape, batch, options.device);
        return;
    }
    cpu::multiply_accumulate_batch<T>(semiring, shape, batch, options.pool);
}

template <typename T>
void multiply_accumulate_batch(Semiring semiring, std::span<const BandProduct<T>> batch,
                               const RunOptions& options) {
    double steps = 0;
    std::uint64_t bytes = 0;
    for (std::size_t p = 0; p < batch.size(); ++p) {
        try {
            check_band_product(batch[p].a, batch[p].b, batch[p].c);
        } catch (const InputError& e) {
            if (batch.size() == 1) throw;
            throw InputError(fmt::format("product {} of the batch: {}", p, e.what()));
        }
        steps += band_steps(batch[p].c.n, batch[p].c.width);
        bytes += band_bytes(batch[p].c);
    }
    if (choose(options, batch.size(), steps, bytes) == Backend::Cuda) {
        if (steps > 0) cuda::multiply_accumulate_batch<T>(semiring, batch, options.device);
        return;
    }
    cpu::multiply_accumulate_batch<T>(semiring, batch, options.pool);
}

template <typename T>
void multiply_accumulate(Semiring semiring, Shape shape, Matrix<const T> a, Matrix<const T> b,
                         Matrix<T> c, const RunOptions& options) {
    const Product<T> product{a, b, c};
    multiply_accumulate_batch<T>(semiring, shape, std::span<const Product<T>>(&product, 1),
                                 options);
}

template <typename T>
void multiply_accumulate(Semiring semiring, Band<const T> a, Band<const T> b, Band<T> c,
                         const RunOptions& options) {
    const BandProduct<T> product{a, b, c};
    multiply_accumulate_batch<T>(semiring, std::span<const BandProduct<T>>(&product, 1), options);
}

template <typename T>
void multiply_accumulate_strided(Semiring semiring, Shape shape, Matrix<const T> a,
                                 std::size_t stride_a, Matrix<const T> b, std::size_t stride_b,
                                 Matrix<T> c, std::size_t stride_c, std::size_t count,
                                 const RunOptions& options) {
    if (count == 0) return;
    check_product(shape, a, b, c);
    if (count > 1 && stride_c < footprint(c))
        throw InputError(fmt::format(
            "stride_c = {} is smaller than one C ({} elements): products would share a C", stride_c,
            footprint(c)));
    std::vector<Product<T>> batch(count);
    for (std::size_t p = 0; p < count; ++p) {
        batch[p].a = {a.data == nullptr ? nullptr : a.data + p * stride_a, a.rows, a.cols, a.ld};
        batch[p].b = {b.data == nullptr ? nullptr : b.data + p * stride_b, b.rows, b.cols, b.ld};
        batch[p].c = {c.data == nullptr ? nullptr : c.data + p * stride_c, c.rows, c.cols, c.ld};
    }
    multiply_accumulate_batch<T>(semiring, shape, std::span<const Product<T>>(batch), options);
}

template <typename T>
void multiply_accumulate_column(Semiring semiring, Band<const T> a, std::size_t stride_a,
                                Band<const T> b, std::size_t stride_b, Band<T> c,
                                std::size_t stride_c, std::size_t count,
                                const RunOptions& options) {
    if (count == 0) return;
    check_band_product(a, b, c);
    if (count > 1 && stride_c < footprint(c))
        throw InputError(fmt::format(
            "stride_c = {} is smaller than one band C ({} elements): products would share a C",
            stride_c, footprint(c)));
    const double pairs = static_cast<double>(count) * static_cast<double>(count - 1) / 2;
    const double steps = pairs * band_steps(c.n, c.width);
    if (choose(options, count, steps, count * band_bytes(c)) == Backend::Cuda) {
        if (steps > 0)
            cuda::multiply_accumulate_column<T>(semiring, a, stride_a, b, stride_b, c, stride_c,
                                                count, options.device);
        return;
    }
    cpu::multiply_accumulate_column<T>(semiring, a, stride_a, b, stride_b, c, stride_c, count,
                                       options.pool);
}

#define TROPIC_INSTANTIATE(T)                                                                     \
    template void multiply_accumulate<T>(Semiring, Shape, Matrix<const T>, Matrix<const T>,       \
                                         Matrix<T>, const RunOptions&);                           \
    template void multiply_accumulate<T>(Semiring, Band<const T>, Band<const T>, Band<T>,         \
                                         const RunOptions&);                                      \
    template void multiply_accumulate_batch<T>(Semiring, Shape, std::span<const Product<T>>,      \
                                               const RunOptions&);                                \
    template void multiply_accumulate_batch<T>(Semiring, std::span<const BandProduct<T>>,         \
                                               const RunOptions&);                                \
    template void multiply_accumulate_strided<T>(Semiring, Shape, Matrix<const T>, std::size_t,   \
                                                 Matrix<const T>, std::size_t, Matrix<T>,         \
                                                 std::size_t, std::size_t, const RunOptions&);    \
    template void multiply_accumulate_column<T>(Semiring, Band<const T>, std::size_t,             \
                                                Band<const T>, std::size_t, Band<T>, std::size_t, \
                                                std::size_t, const RunOptions&);
TROPIC_INSTANTIATE(std::int16_t)
TROPIC_INSTANTIATE(std::int32_t)
#undef TROPIC_INSTANTIATE

}  // namespace tropic::semiring

#pragma once
// CPU backend of the plus-times products (plus_times_product.hpp): the blocked classical kernel,
// the element-wise sums of Strassen-Winograd, and the product of a resolved plan. Shapes are
// checked by the caller; pool may be nullptr (the calling thread does all the work).
#include <cstddef>
#include <initializer_list>

#include "semiring/plus_times/plus_times_plan.hpp"
#include "semiring/plus_times/strassen_winograd.hpp"
#include "tropic/core/thread_pool.hpp"

namespace tropic::semiring::cpu {

// c = a b (accumulate: c += a b) on A = uint32, uint64, float or double.
template <typename A>
void plus_times_classical(Matrix<const A> a, Matrix<const A> b, Matrix<A> c, bool accumulate,
                          ThreadPool* pool);

// out = (out if accumulate) + the terms, element by element.
template <typename A>
void plus_times_sum(Matrix<A> out, bool accumulate, std::initializer_list<detail::Term<A>> terms,
                    ThreadPool* pool);

// C += A B as the plan says (its workspace allocated here).
template <typename T>
void multiply_accumulate_plus_times(Matrix<const T> a, Matrix<const T> b, Matrix<T> c,
                                    const detail::PlusTimesPlan& plan, ThreadPool* pool);

}  // namespace tropic::semiring::cpu

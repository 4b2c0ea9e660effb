#pragma once
// The vector operations of the striped tile kernels (striped_fill.hpp): one small policy per
// instruction set (SSE4.1: 128-bit, AVX2: 256-bit) and lane type (int8, int16, int32), so that
// the kernel is written once. Narrow lanes add and subtract with signed saturation, which keeps
// "minus infinity" (the lane's minimum) where it is and lets the kernel detect values that left
// the lane's range; 32-bit lanes use plain arithmetic on kMinusInfinity (cell.hpp), exactly as
// the scalar kernel does.
//
// Every function carries its instruction set as a target attribute, so that the rest of the
// library is built for the baseline and the CPU's support is checked at run time
// (tile_striped.cpp).
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define TROPIC_STRIPED_X86 1

#include <immintrin.h>

#include <cstdint>
#include <limits>
#include <type_traits>

namespace tropic::align::detail {

#define TROPIC_SSE41_INLINE __attribute__((target("sse4.1"), always_inline)) inline
#define TROPIC_AVX2_INLINE __attribute__((target("avx2"), always_inline)) inline

// Lane arithmetic of one width: add, sub, max, min, gt (a lane mask), set1.
template <typename T>
struct Sse41Lanes;
template <>
struct Sse41Lanes<std::int8_t> {
    TROPIC_SSE41_INLINE static __m128i add(__m128i a, __m128i b) { return _mm_adds_epi8(a, b); }
    TROPIC_SSE41_INLINE static __m128i sub(__m128i a, __m128i b) { return _mm_subs_epi8(a, b); }
    TROPIC_SSE41_INLINE static __m128i max(__m128i a, __m128i b) { return _mm_max_epi8(a, b); }
    TROPIC_SSE41_INLINE static __m128i min(__m128i a, __m128i b) { return _mm_min_epi8(a, b); }
    TROPIC_SSE41_INLINE static __m128i gt(__m128i a, __m128i b) { return _mm_cmpgt_epi8(a, b); }
    TROPIC_SSE41_INLINE static __m128i set1(std::int8_t x) { return _mm_set1_epi8(x); }
};
template <>
struct Sse41Lanes<std::int16_t> {
    TROPIC_SSE41_INLINE static __m128i add(__m128i a, __m128i b) { return _mm_adds_epi16(a, b); }
    TROPIC_SSE41_INLINE static __m128i sub(__m128i a, __m128i b) { return _mm_subs_epi16(a, b); }
    TROPIC_SSE41_INLINE static __m128i max(__m128i a, __m128i b) { return _mm_max_epi16(a, b); }
    TROPIC_SSE41_INLINE static __m128i min(__m128i a, __m128i b) { return _mm_min_epi16(a, b); }
    TROPIC_SSE41_INLINE static __m128i gt(__m128i a, __m128i b) { return _mm_cmpgt_epi16(a, b); }
    TROPIC_SSE41_INLINE static __m128i set1(std::int16_t x) { return _mm_set1_epi16(x); }
};
template <>
struct Sse41Lanes<std::int32_t> {
    TROPIC_SSE41_INLINE static __m128i add(__m128i a, __m128i b) { return _mm_add_epi32(a, b); }
    TROPIC_SSE41_INLINE static __m128i sub(__m128i a, __m128i b) { return _mm_sub_epi32(a, b); }
    TROPIC_SSE41_INLINE static __m128i max(__m128i a, __m128i b) { return _mm_max_epi32(a, b); }
    TROPIC_SSE41_INLINE static __m128i min(__m128i a, __m128i b) { return _mm_min_epi32(a, b); }
    TROPIC_SSE41_INLINE static __m128i gt(__m128i a, __m128i b) { return _mm_cmpgt_epi32(a, b); }
    TROPIC_SSE41_INLINE static __m128i set1(std::int32_t x) { return _mm_set1_epi32(x); }
};

template <typename T>
struct Avx2Lanes;
template <>
struct Avx2Lanes<std::int8_t> {
    TROPIC_AVX2_INLINE static __m256i add(__m256i a, __m256i b) { return _mm256_adds_epi8(a, b); }
    TROPIC_AVX2_INLINE static __m256i sub(__m256i a, __m256i b) { return _mm256_subs_epi8(a, b); }
    TROPIC_AVX2_INLINE static __m256i max(__m256i a, __m256i b) { return _mm256_max_epi8(a, b); }
    TROPIC_AVX2_INLINE static __m256i min(__m256i a, __m256i b) { return _mm256_min_epi8(a, b); }
    TROPIC_AVX2_INLINE static __m256i gt(__m256i a, __m256i b) { return _mm256_cmpgt_epi8(a, b); }
    TROPIC_AVX2_INLINE static __m256i set1(std::int8_t x) { return _mm256_set1_epi8(x); }
};
template <>
struct Avx2Lanes<std::int16_t> {
    TROPIC_AVX2_INLINE static __m256i add(__m256i a, __m256i b) { return _mm256_adds_epi16(a, b); }
    TROPIC_AVX2_INLINE static __m256i sub(__m256i a, __m256i b) { return _mm256_subs_epi16(a, b); }
    TROPIC_AVX2_INLINE static __m256i max(__m256i a, __m256i b) { return _mm256_max_epi16(a, b); }
    TROPIC_AVX2_INLINE static __m256i min(__m256i a, __m256i b) { return _mm256_min_epi16(a, b); }
    TROPIC_AVX2_INLINE static __m256i gt(__m256i a, __m256i b) { return _mm256_cmpgt_epi16(a, b); }
    TROPIC_AVX2_INLINE static __m256i set1(std::int16_t x) { return _mm256_set1_epi16(x); }
};
template <>
struct Avx2Lanes<std::int32_t> {
    TROPIC_AVX2_INLINE static __m256i add(__m256i a, __m256i b) { return _mm256_add_epi32(a, b); }
    TROPIC_AVX2_INLINE static __m256i sub(__m256i a, __m256i b) { return _mm256_sub_epi32(a, b); }
    TROPIC_AVX2_INLINE static __m256i max(__m256i a, __m256i b) { return _mm256_max_epi32(a, b); }
    TROPIC_AVX2_INLINE static __m256i min(__m256i a, __m256i b) { return _mm256_min_epi32(a, b); }
    TROPIC_AVX2_INLINE static __m256i gt(__m256i a, __m256i b) { return _mm256_cmpgt_epi32(a, b); }
    TROPIC_AVX2_INLINE static __m256i set1(std::int32_t x) { return _mm256_set1_epi32(x); }
};

// A 128-bit vector holding x in lane 0 and zeros elsewhere.
template <typename T>
TROPIC_SSE41_INLINE __m128i lane0_128(T x) {
    return _mm_cvtsi32_si128(static_cast<int>(static_cast<std::make_unsigned_t<T>>(x)));
}

// The largest lane of a 128-bit vector, by halving.
template <typename T>
TROPIC_SSE41_INLINE T hmax_128(__m128i v) {
    using Lanes = Sse41Lanes<T>;
    v = Lanes::max(v, _mm_srli_si128(v, 8));
    v = Lanes::max(v, _mm_srli_si128(v, 4));
    if constexpr (sizeof(T) <= 2) v = Lanes::max(v, _mm_srli_si128(v, 2));
    if constexpr (sizeof(T) == 1) v = Lanes::max(v, _mm_srli_si128(v, 1));
    return static_cast<T>(_mm_cvtsi128_si32(v));
}

template <typename T>
struct Sse41 : Sse41Lanes<T> {
    using Lane = T;
    using V = __m128i;
    static constexpr int kLanes = 16 / static_cast<int>(sizeof(T));
    static constexpr const char* kIsa = "sse41";
    TROPIC_SSE41_INLINE static V load(const T* p) {
        return _mm_load_si128(reinterpret_cast<const V*>(p));
    }
    TROPIC_SSE41_INLINE static void store(T* p, V v) {
        _mm_store_si128(reinterpret_cast<V*>(p), v);
    }
    TROPIC_SSE41_INLINE static bool any_gt(V a, V b) {
        return _mm_movemask_epi8(Sse41Lanes<T>::gt(a, b)) != 0;
    }
    // Every lane moved one up (towards the last lane), x in lane 0: the striped layout's step from
    // the last segment of one lane to the first segment of the next.
    TROPIC_SSE41_INLINE static V shift_in(V a, T x) {
        return _mm_or_si128(_mm_slli_si128(a, sizeof(T)), lane0_128(x));
    }
    TROPIC_SSE41_INLINE static T hmax(V v) { return hmax_128<T>(v); }
};

template <typename T>
struct Avx2 : Avx2Lanes<T> {
    using Lane = T;
    using V = __m256i;
    static constexpr int kLanes = 32 / static_cast<int>(sizeof(T));
    static constexpr const char* kIsa = "avx2";
    TROPIC_AVX2_INLINE static V load(const T* p) {
        return _mm256_load_si256(reinterpret_cast<const V*>(p));
    }
    TROPIC_AVX2_INLINE static void store(T* p, V v) {
        _mm256_store_si256(reinterpret_cast<V*>(p), v);
    }
    TROPIC_AVX2_INLINE static bool any_gt(V a, V b) {
        return _mm256_movemask_epi8(Avx2Lanes<T>::gt(a, b)) != 0;
    }
    // As Sse41::shift_in, across the two 128-bit halves: alignr takes each half's new low lane
    // from the top of the half below it (zero below the low half).
    TROPIC_AVX2_INLINE static V shift_in(V a, T x) {
        const V below = _mm256_permute2x128_si256(a, a, 0x08);
        return _mm256_or_si256(_mm256_alignr_epi8(a, below, 16 - sizeof(T)),
                               _mm256_zextsi128_si256(lane0_128(x)));
    }
    TROPIC_AVX2_INLINE static T hmax(V v) {
        return hmax_128<T>(
            Sse41Lanes<T>::max(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1)));
    }
};

#undef TROPIC_SSE41_INLINE
#undef TROPIC_AVX2_INLINE

}  // namespace tropic::align::detail

#endif

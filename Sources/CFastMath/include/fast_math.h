#ifndef FAST_MATH_H
#define FAST_MATH_H
/* Whether this processor runs the code the CPU engine is compiled to (AVX2 and FMA on x86-64;
   Package.swift): asked before any of it runs. */
int fast_math_processor_supported(void);

/* 1/sqrt(x) in eight lanes from the processor's estimate and one Newton step (relative error
   about 5e-7), without the square root and the division that the CPU engine's contact solve
   otherwise waits on for every touching pair. */
typedef float fast_float4 __attribute__((ext_vector_type(4)));
typedef float fast_float8 __attribute__((ext_vector_type(8)));
#if defined(__AVX__) || defined(__SSE__)
#include <immintrin.h>
#endif
static inline fast_float8 fast_inverse_square_root8(fast_float8 x) {
#if defined(__AVX__)
    fast_float8 estimate = (fast_float8)_mm256_rsqrt_ps((__m256)x);
#elif defined(__SSE__)
    fast_float4 low = (fast_float4)_mm_rsqrt_ps((__m128)__builtin_shufflevector(x, x, 0, 1, 2, 3));
    fast_float4 high = (fast_float4)_mm_rsqrt_ps((__m128)__builtin_shufflevector(x, x, 4, 5, 6, 7));
    fast_float8 estimate = __builtin_shufflevector(low, high, 0, 1, 2, 3, 4, 5, 6, 7);
#else
    fast_float8 estimate = 1.0f / __builtin_elementwise_sqrt(x);
#endif
    return estimate * (1.5f - 0.5f * x * estimate * estimate);
}

/* A mask of eight lanes (every bit set in a lane where something holds, none where not) and
   whether any lane is set. Swift's SIMDMask of eight lanes compiles to a store and a reload a
   lane. */
typedef int fast_int8 __attribute__((ext_vector_type(8)));
static inline int fast_any8(fast_int8 mask) { return __builtin_reduce_or(mask) != 0; }

/* Eight vectors' x, y, z or w gathered into one vector of eight lanes (a transpose; `row` 0 to
   3 picks which, and is a constant once inlined), and the four back into eight vectors: the
   shuffles the processor has for it, which Swift's SIMD types do not spell. Vectors v0 and v4
   share a register, v1 and v5 the next, and so on, so each half of the registers is one 4×4
   transpose (with AVX, in-lane unpacks). One row a call because Swift does not import a struct
   of vectors of eight; the four calls share their shuffles once inlined. The empty asm hides the
   shuffles from the optimiser, which otherwise moves them through the arithmetic between the
   two transposes and does it a lane at a time. */
#if defined(__AVX__)
#define FAST_OPAQUE(v) __asm__("" : "+x"(v))
#else
#define FAST_OPAQUE(v) /* without AVX a register holds half of a vector of eight */
#endif
/* The lanes where a < b (a <= b), as a mask. Hidden from the optimiser too: seen as comparisons,
   the masks' later ANDs became selects on vectors of single bits, which AVX2 has no registers
   for, taken apart a lane at a time through the integer registers (the engine runs about a
   fifth faster without it; docs/BENCHMARKS.md). */
static inline fast_int8 fast_less8(fast_float8 a, fast_float8 b) { fast_int8 mask = a < b; FAST_OPAQUE(mask); return mask; }
static inline fast_int8 fast_less_equal8(fast_float8 a, fast_float8 b) { fast_int8 mask = a <= b; FAST_OPAQUE(mask); return mask; }
static inline fast_float8 fast_transpose_halves(int row, fast_float8 v04, fast_float8 v15, fast_float8 v26, fast_float8 v37) {
    fast_float8 v01 = row < 2 ? __builtin_shufflevector(v04, v15, 0, 8, 1, 9, 4, 12, 5, 13) : __builtin_shufflevector(v04, v15, 2, 10, 3, 11, 6, 14, 7, 15);
    fast_float8 v23 = row < 2 ? __builtin_shufflevector(v26, v37, 0, 8, 1, 9, 4, 12, 5, 13) : __builtin_shufflevector(v26, v37, 2, 10, 3, 11, 6, 14, 7, 15);
    fast_float8 lanes = (row & 1) ? __builtin_shufflevector(v01, v23, 2, 3, 10, 11, 6, 7, 14, 15) : __builtin_shufflevector(v01, v23, 0, 1, 8, 9, 4, 5, 12, 13);
    FAST_OPAQUE(lanes);
    return lanes;
}
static inline fast_float8 fast_transpose8(int row, fast_float4 v0, fast_float4 v1, fast_float4 v2, fast_float4 v3,
                                          fast_float4 v4, fast_float4 v5, fast_float4 v6, fast_float4 v7) {
    return fast_transpose_halves(row, __builtin_shufflevector(v0, v4, 0, 1, 2, 3, 4, 5, 6, 7), __builtin_shufflevector(v1, v5, 0, 1, 2, 3, 4, 5, 6, 7),
                                 __builtin_shufflevector(v2, v6, 0, 1, 2, 3, 4, 5, 6, 7), __builtin_shufflevector(v3, v7, 0, 1, 2, 3, 4, 5, 6, 7));
}
typedef struct { fast_float4 v0, v1, v2, v3, v4, v5, v6, v7; } fast_vectors8;
static inline fast_vectors8 fast_transpose8_back(fast_float8 x, fast_float8 y, fast_float8 z, fast_float8 w) {
    FAST_OPAQUE(x);
    FAST_OPAQUE(y);
    FAST_OPAQUE(z);
    FAST_OPAQUE(w);
    fast_float8 v04 = fast_transpose_halves(0, x, y, z, w), v15 = fast_transpose_halves(1, x, y, z, w);
    fast_float8 v26 = fast_transpose_halves(2, x, y, z, w), v37 = fast_transpose_halves(3, x, y, z, w);
    fast_vectors8 vectors = {
        __builtin_shufflevector(v04, v04, 0, 1, 2, 3), __builtin_shufflevector(v15, v15, 0, 1, 2, 3),
        __builtin_shufflevector(v26, v26, 0, 1, 2, 3), __builtin_shufflevector(v37, v37, 0, 1, 2, 3),
        __builtin_shufflevector(v04, v04, 4, 5, 6, 7), __builtin_shufflevector(v15, v15, 4, 5, 6, 7),
        __builtin_shufflevector(v26, v26, 4, 5, 6, 7), __builtin_shufflevector(v37, v37, 4, 5, 6, 7)};
    return vectors;
}
/* The lanes of `values` where `mask` is set, closed up at `out`, and how many: one shuffle and
   one store where a lane at a time was a store and a count each that the next waited for (the
   CPU engine's push pass keeping its touching pairs). All eight of `out` are written. */
extern const unsigned long long fast_left_pack_lanes[256];
static inline int fast_left_pack8(fast_int8 mask, fast_int8 values, int *out) {
#if defined(__AVX2__)
    int bits = _mm256_movemask_ps((__m256)mask);
    __m256i order = _mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)fast_left_pack_lanes[bits]));
    _mm256_storeu_si256((__m256i *)out, _mm256_permutevar8x32_epi32((__m256i)values, order));
    return __builtin_popcount(bits);
#else
    int count = 0;
    for (int lane = 0; lane < 8; lane++) {
        out[count] = values[lane];
        count += mask[lane] != 0;
    }
    return count;
#endif
}
#endif

#ifndef FAST_MATH_H
#define FAST_MATH_H
/* Whether this processor runs the code the CPU engine is compiled to (AVX2 and FMA on x86-64;
   Package.swift): asked before any of it runs. */
int fast_math_processor_supported(void);

/* 1/sqrt(x) from the processor's estimate and one Newton step (relative error about 5e-7),
   without the square root and the division that the CPU engine's contact solve otherwise
   waits on for every touching pair; the same for four lanes at once, for its wide solve. */
typedef float fast_float4 __attribute__((ext_vector_type(4)));
#if defined(__SSE__)
#include <xmmintrin.h>
static inline float fast_inverse_square_root(float x) {
    float estimate = _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x)));
    return estimate * (1.5f - 0.5f * x * estimate * estimate);
}
static inline fast_float4 fast_inverse_square_root4(fast_float4 x) {
    fast_float4 estimate = (fast_float4)_mm_rsqrt_ps((__m128)x);
    return estimate * (1.5f - 0.5f * x * estimate * estimate);
}
#else
#include <math.h>
static inline float fast_inverse_square_root(float x) { return 1.0f / sqrtf(x); }
static inline fast_float4 fast_inverse_square_root4(fast_float4 x) {
    return (fast_float4){1.0f / sqrtf(x.x), 1.0f / sqrtf(x.y), 1.0f / sqrtf(x.z), 1.0f / sqrtf(x.w)};
}
#endif

/* Four vectors' x, y, z and w, each gathered into one vector (a 4×4 transpose), and x, y and z
   back into four vectors with w 0: the shuffles the processor has for it, which Swift's SIMD
   types do not spell. The empty asm hides the shuffles from the optimiser, which otherwise
   moves them through the arithmetic between the two transposes and does it a lane at a time. */
#define FAST_OPAQUE(v) __asm__("" : "+x"(v))
typedef struct { fast_float4 x, y, z, w; } fast_lanes4;
static inline fast_lanes4 fast_transpose(fast_float4 a, fast_float4 b, fast_float4 c, fast_float4 d) {
    fast_float4 ab_low = __builtin_shufflevector(a, b, 0, 4, 1, 5), cd_low = __builtin_shufflevector(c, d, 0, 4, 1, 5);
    fast_float4 ab_high = __builtin_shufflevector(a, b, 2, 6, 3, 7), cd_high = __builtin_shufflevector(c, d, 2, 6, 3, 7);
    fast_lanes4 lanes = {
        __builtin_shufflevector(ab_low, cd_low, 0, 1, 4, 5), __builtin_shufflevector(ab_low, cd_low, 2, 3, 6, 7),
        __builtin_shufflevector(ab_high, cd_high, 0, 1, 4, 5), __builtin_shufflevector(ab_high, cd_high, 2, 3, 6, 7)};
    FAST_OPAQUE(lanes.x);
    FAST_OPAQUE(lanes.y);
    FAST_OPAQUE(lanes.z);
    FAST_OPAQUE(lanes.w);
    return lanes;
}
static inline fast_lanes4 fast_transpose_back(fast_float4 x, fast_float4 y, fast_float4 z) {
    FAST_OPAQUE(x);
    FAST_OPAQUE(y);
    FAST_OPAQUE(z);
    return fast_transpose(x, y, z, (fast_float4){0, 0, 0, 0});
}
#endif

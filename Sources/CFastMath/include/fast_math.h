#ifndef FAST_MATH_H
#define FAST_MATH_H
/* 1/sqrt(x) from the processor's estimate and one Newton step (relative error about 5e-7),
   without the square root and the division that the CPU engine's contact solve otherwise
   waits on for every touching pair. */
#if defined(__SSE__)
#include <xmmintrin.h>
static inline float fast_inverse_square_root(float x) {
    float estimate = _mm_cvtss_f32(_mm_rsqrt_ss(_mm_set_ss(x)));
    return estimate * (1.5f - 0.5f * x * estimate * estimate);
}
#else
#include <math.h>
static inline float fast_inverse_square_root(float x) { return 1.0f / sqrtf(x); }
#endif
#endif

#include "fast_math.h"

/* Built without the engine's processor flags, so that asking runs on any x86-64. */
int fast_math_processor_supported(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return 1;
#endif
}

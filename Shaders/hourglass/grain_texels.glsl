// The working grains, in cell order, as a buffer texture of two RGBA32F texels a grain (the
// layout of Particle): position and radius, then velocity and sleep counter. The solve reads
// them with texelFetch, which llvmpipe does several times faster than a storage load at an
// index that differs between invocations (docs/BENCHMARKS.md).
vec4 positionRadiusAt(samplerBuffer grains, uint k) {
    return texelFetch(grains, int(2u * k));
}

vec4 velocitySleepAt(samplerBuffer grains, uint k) {
    return texelFetch(grains, int(2u * k + 1u));
}

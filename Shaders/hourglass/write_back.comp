#version 430 core
// The end of a large pile's tick: every grain back to its place in load order, where renderers
// and readGrains find grain i as grain i (the solve works in cell order; NVIDIA's `particles`
// writes its results back through the sorted index the same way), and the grains above the
// neck's centre counted into one slot of UpperCounter's ring on the way (each group sums in
// shared memory and adds once), so the count costs no dispatch of its own; and the fastest
// grain's speed beside it, which sizes the next ticks' substeps (ComputeEngine).
#include "particle.glsl"
#include "solve_parameters.glsl"
#include "grain_texels.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(binding = UNIT_GRAINS) uniform samplerBuffer grains;
layout(binding = UNIT_IDS) uniform usamplerBuffer grainIds;
layout(std430, binding = BUFFER_PARTICLES) writeonly buffer Particles { Particle particles[]; };
layout(std430, binding = BUFFER_UPPER_COUNTS) buffer Counts { uint counts[]; };

#include "dispatch_parameters.glsl"

shared uint groupCount;
shared uint groupFastest;   // a speed's bits: for floats of one sign, uint order is float order

void main() {
    if (gl_LocalInvocationIndex == 0u) {
        groupCount = 0u;
        groupFastest = 0u;
    }
    barrier();
    uint k = gl_GlobalInvocationID.x;
    if (k < grainCount) {
        vec4 positionRadius = positionRadiusAt(grains, k);
        vec4 velocitySleep = velocitySleepAt(grains, k);
        particles[texelFetch(grainIds, int(k)).x] = Particle(positionRadius, velocitySleep);
        if (positionRadius.y > 0.0) atomicAdd(groupCount, 1u);
        atomicMax(groupFastest, floatBitsToUint(length(velocitySleep.xyz)));
    }
    barrier();
    if (gl_LocalInvocationIndex == 0u) {
        if (groupCount > 0u) atomicAdd(counts[upperSlot], groupCount);
        atomicMax(counts[fastestSlot], groupFastest);
    }
}

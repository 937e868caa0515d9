#version 430 core
// One iteration of a large pile's substep, one invocation per grain in cell order
// (solve_grain.glsl). FIRST_ITERATION and LAST_ITERATION (0 or 1, from ComputeEngine) pick the
// variant, each compiled on its own. The grains come as buffer textures: llvmpipe fetches texels
// several times faster than it loads storage at an index that differs between invocations
// (docs/BENCHMARKS.md).
#include "grain_texels.glsl"
#include "solve_parameters.glsl"
#include "contact_layout.glsl"
#include "contact_list.glsl"
#include "glass.glsl"
#include "contact.glsl"
#include "relist.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;

layout(binding = UNIT_GRAINS) uniform samplerBuffer grains;             // the substep's start
layout(binding = UNIT_ITERATE) uniform samplerBuffer iterateIn;         // w: radius, negative for a sleeper
layout(binding = UNIT_LISTED_AT) uniform samplerBuffer listedAt;        // where each grain was at the sort
layout(binding = UNIT_IDS) uniform usamplerBuffer grainIds;             // each place's grain, in load order
layout(binding = UNIT_MEMORY) uniform samplerBuffer contactMemory;      // what each contact remembers
layout(std430, binding = BUFFER_CONTACT_MEMORY) writeonly buffer RememberedOut { vec4 remembered[]; };
layout(binding = IMAGE_ITERATE, rgba32f) uniform writeonly imageBuffer iterateOut;
layout(binding = IMAGE_GRAINS, rgba32f) uniform writeonly imageBuffer grainsOut;

vec4 startPositionRadius(uint k) { return positionRadiusAt(grains, k); }
vec4 startVelocitySleep(uint k) { return velocitySleepAt(grains, k); }
vec4 iterateAt(uint k) { return texelFetch(iterateIn, int(k)); }
void storeIterate(uint k, vec4 value) { imageStore(iterateOut, int(k), value); }
vec3 listedPosition(uint k) { return texelFetch(listedAt, int(k)).xyz; }
uint grainId(uint k) { return texelFetch(grainIds, int(k)).x; }
vec4 memoryAt(uint k, uint m) { return texelFetch(contactMemory, int(contactMemoryWord(k, m, grainCount))); }
void storeMemory(uint k, uint m, vec4 value) { remembered[contactMemoryWord(k, m, grainCount)] = value; }

void storeEnd(uint k, vec4 positionRadius, vec4 velocitySleep) {
    imageStore(grainsOut, int(2u * k), positionRadius);
    imageStore(grainsOut, int(2u * k + 1u), velocitySleep);
}

#include "solve_grain.glsl"

void main() {
    uint k = gl_GlobalInvocationID.x;
    if (k >= grainCount) return;
#if LAST_ITERATION
    if (k == 0u) disarmSpent();
#endif
    solveGrain(k, FIRST_ITERATION != 0, LAST_ITERATION != 0, firstSubstep != 0u);
}

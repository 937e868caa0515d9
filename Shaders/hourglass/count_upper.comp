#version 430 core
// Counts the grains above the neck's centre (the upper chamber's sand) into one slot of a small
// ring, which the CPU reads once a fence says the count is done: the drain controller needs only
// this number, never the grains. Each group sums in shared memory and adds once to the slot.
#include "particle.glsl"
#include "dispatch_parameters.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(std430, binding = BUFFER_PARTICLES) readonly buffer Particles { Particle particles[]; };
layout(std430, binding = BUFFER_UPPER_COUNTS) buffer Counts { uint counts[]; };

shared uint groupCount;

void main() {
    if (gl_LocalInvocationIndex == 0u) groupCount = 0u;
    barrier();
    uint id = gl_GlobalInvocationID.x;
    if (id < grainTotal && particles[id].positionRadius.y > 0.0) atomicAdd(groupCount, 1u);
    barrier();
    if (gl_LocalInvocationIndex == 0u && groupCount > 0u) atomicAdd(counts[upperSlot], groupCount);
}

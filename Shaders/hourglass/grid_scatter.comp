#version 430 core
// Grid sort, step 3 of 3 (after the prefix sum of the counts): write each grain's index at
// its cell's start plus its place in the cell, so each cell's grains lie together.
#include "particle.glsl"
#include "grid.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(std430, binding = 0) readonly buffer Particles { Particle particles[]; };
layout(std430, binding = 6) readonly buffer CellStarts { uint cellStarts[]; };
layout(std430, binding = 8) writeonly buffer SortedGrains { uint sortedGrains[]; };
layout(std430, binding = 9) readonly buffer GrainSlots { uint grainSlots[]; };

uniform uint grainCount;

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= grainCount) return;
    uint cell = gridIndex(gridCell(particles[id].positionRadius.xyz));
    sortedGrains[cellStarts[cell] + grainSlots[id]] = id;
}

#version 430 core
// Grid sort, step 1 of 3: count the grains in each cell. The atomic's return value is the
// grain's place among its cell's grains, which the scatter step uses.
#include "particle.glsl"
#include "grid.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(std430, binding = 0) readonly buffer Particles { Particle particles[]; };
layout(std430, binding = 7) buffer CellCounts { uint cellCounts[]; };
layout(std430, binding = 9) writeonly buffer GrainSlots { uint grainSlots[]; };

uniform uint grainCount;

void main() {
    uint id = gl_GlobalInvocationID.x;
    if (id >= grainCount) return;
    uint cell = gridIndex(gridCell(particles[id].positionRadius.xyz));
    grainSlots[id] = atomicAdd(cellCounts[cell], 1u);
}

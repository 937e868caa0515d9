#version 430 core
// The pile's occlusion field, step 1: each grain adds one to the count of its cell.
#include "particle.glsl"
#include "grain_source.glsl"
#include "occlusion_field.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;

void main() {
    uint grain = gl_GlobalInvocationID.x;
    if (grain >= grainCount) return;
    ivec3 cell = clamp(ivec3(floor((grainPositionRadius(grain).xyz - fieldOrigin) / fieldCellSize)), ivec3(0), fieldSize - 1);
    atomicAdd(fieldCounts[fieldIndex(cell)], 1u);
}

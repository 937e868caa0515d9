#version 430 core
// Sorting the grains into cells, step 3 of 4 (after the prefix sum of the counts): copy each
// grain, with its place in load order, to its cell's start plus its place in the cell, so a
// cell's grains lie together and neighbours lie near each other in memory. Each grain also
// clears its cell's count, ready for the next sort.
#include "dispatch_parameters.glsl"
#include "grain_texels.glsl"
#include "grid.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(binding = UNIT_GRAINS) uniform samplerBuffer grains;
layout(binding = UNIT_IDS) uniform usamplerBuffer grainIds;
layout(binding = IMAGE_SCRATCH, rgba32f) uniform writeonly imageBuffer sortedGrains;
layout(binding = IMAGE_SCRATCH_IDS, r32ui) uniform writeonly uimageBuffer sortedIds;
layout(std430, binding = BUFFER_CELL_STARTS) readonly buffer CellStarts { uint cellStarts[]; };
layout(std430, binding = BUFFER_CELL_COUNTS) writeonly buffer CellCounts { uint cellCounts[]; };
layout(std430, binding = BUFFER_GRAIN_SLOTS) readonly buffer GrainSlots { uint grainSlots[]; };

void main() {
    uint k = gl_GlobalInvocationID.x;
    if (k >= grainTotal) return;
    vec4 positionRadius = positionRadiusAt(grains, k);
    uint cell = gridIndex(gridCell(positionRadius.xyz));
    uint place = cellStarts[cell] + grainSlots[k];
    imageStore(sortedGrains, int(2u * place), positionRadius);
    imageStore(sortedGrains, int(2u * place + 1u), velocitySleepAt(grains, k));
    imageStore(sortedIds, int(place), texelFetch(grainIds, int(k)));
    cellCounts[cell] = 0u;
}

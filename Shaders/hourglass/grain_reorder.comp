#version 430 core
// Sorting the grains into cells, step 3 of 4 (after the prefix sum of the counts): copy each
// grain, with its place in load order, to its cell's start plus its place in the cell, so a
// cell's grains lie together and neighbours lie near each other in memory, and its old
// neighbours (by their places in load order) with what each contact remembers, for the list to
// keep. Each grain also clears its cell's count, ready for the next sort.
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
layout(binding = UNIT_CONTACT_LIST) uniform usamplerBuffer contactList;
layout(binding = UNIT_MEMORY) uniform samplerBuffer contactMemory;
layout(std430, binding = BUFFER_SCRATCH_NEIGHBOURS) writeonly buffer ScratchNeighbours { uint scratchNeighbours[]; };
layout(std430, binding = BUFFER_SCRATCH_MEMORY) writeonly buffer ScratchMemory { vec4 scratchMemory[]; };

#include "contact_layout.glsl"

void main() {
    uint k = gl_GlobalInvocationID.x;
    if (k >= grainTotal) return;
    vec4 positionRadius = positionRadiusAt(grains, k);
    uint cell = gridIndex(gridCell(positionRadius.xyz));
    uint place = cellStarts[cell] + grainSlots[k];
    imageStore(sortedGrains, int(2u * place), positionRadius);
    imageStore(sortedGrains, int(2u * place + 1u), velocitySleepAt(grains, k));
    imageStore(sortedIds, int(place), texelFetch(grainIds, int(k)));
    uint listed = texelFetch(contactList, int(contactCountWord(k))).x;
    scratchNeighbours[contactCountWord(place)] = listed;
    for (uint m = 0u; m < listed; ++m) {
        uint neighbour = texelFetch(contactList, int(contactSlotWord(k, m, grainTotal))).x;
        scratchNeighbours[contactSlotWord(place, m, grainTotal)] = texelFetch(grainIds, int(neighbour)).x;
        scratchMemory[contactMemoryWord(place, m, grainTotal)] = texelFetch(contactMemory, int(contactMemoryWord(k, m, grainTotal)));
    }
    cellCounts[cell] = 0u;
}

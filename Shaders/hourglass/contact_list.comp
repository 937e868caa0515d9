#version 430 core
// Sorting the grains into cells, step 4 of 4: list each grain's neighbours (neighbour_list.glsl),
// by their places in cell order, each one it listed before keeping what its contact remembers
// (grain_reorder.comp left the old lists by grain), and copy the sorted grains into place for
// the solve.
#include "dispatch_parameters.glsl"
#include "grain_texels.glsl"
#include "grid.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(binding = UNIT_SCRATCH) uniform samplerBuffer sortedGrains;
layout(binding = UNIT_SCRATCH_IDS) uniform usamplerBuffer sortedIds;
layout(binding = IMAGE_GRAINS, rgba32f) uniform writeonly imageBuffer grainsOut;
layout(binding = IMAGE_IDS, r32ui) uniform writeonly uimageBuffer grainIds;
layout(binding = IMAGE_LISTED_AT, rgba32f) uniform writeonly imageBuffer listedAt;
layout(binding = IMAGE_CONTACT_LIST, r32ui) uniform writeonly uimageBuffer contactList;
layout(std430, binding = BUFFER_CELL_STARTS) readonly buffer CellStarts { uint cellStarts[]; };
layout(std430, binding = BUFFER_RELIST_COUNT) buffer RelistCount { uint relists; };
layout(std430, binding = BUFFER_SCRATCH_NEIGHBOURS) readonly buffer ScratchNeighbours { uint scratchNeighbours[]; };
layout(std430, binding = BUFFER_SCRATCH_MEMORY) readonly buffer ScratchMemory { vec4 scratchMemory[]; };
layout(std430, binding = BUFFER_CONTACT_MEMORY) writeonly buffer Remembered { vec4 remembered[]; };

#include "contact_layout.glsl"

vec4 candidatePositionRadius(uint q) { return positionRadiusAt(sortedGrains, q); }
uint candidateId(uint q) { return texelFetch(sortedIds, int(q)).x; }
uint candidateEntry(uint q) { return q; }
uint cellStart(uint cell) { return cellStarts[cell]; }

#include "neighbour_list.glsl"

void main() {
    uint k = gl_GlobalInvocationID.x;
    if (k >= grainTotal) return;
    if (k == 0u) relists += 1u;
    vec4 self = positionRadiusAt(sortedGrains, k);
    uint selfId = texelFetch(sortedIds, int(k)).x;
    uint places[CONTACT_LIST_SLOTS];
    uint found = listNeighbours(self, selfId, listSkin, places);
    imageStore(contactList, int(contactCountWord(k)), uvec4(found));
    uint listed = scratchNeighbours[contactCountWord(k)];
    for (uint m = 0u; m < found; ++m) {
        imageStore(contactList, int(contactSlotWord(k, m, grainTotal)), uvec4(places[m]));
        uint id = texelFetch(sortedIds, int(places[m])).x;
        vec4 kept = vec4(0.0);
        for (uint o = 0u; o < listed; ++o) {
            if (scratchNeighbours[contactSlotWord(k, o, grainTotal)] == id) kept = scratchMemory[contactMemoryWord(k, o, grainTotal)];
        }
        remembered[contactMemoryWord(k, m, grainTotal)] = kept;
    }
    imageStore(grainsOut, int(2u * k), self);
    imageStore(grainsOut, int(2u * k + 1u), velocitySleepAt(sortedGrains, k));
    imageStore(grainIds, int(k), uvec4(selfId));
    imageStore(listedAt, int(k), self);
}

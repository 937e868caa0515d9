#version 430 core
// Sorting the grains into cells, step 4 of 4: list each grain's neighbours (the grains within
// two radii plus the skin, from the 27 cells around it: a cell is as wide as that reach), and
// copy the sorted grains into place for the solve. The list keeps the nearest first, ties by
// grain, so it, and so the sum of a grain's contacts, is the same however the atomic counts
// ordered a cell's grains. Past CONTACT_LIST_SLOTS the farthest are left out.
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

uniform uint grainCount;
uniform float listSkin;

void main() {
    uint k = gl_GlobalInvocationID.x;
    if (k >= grainCount) return;
    if (k == 0u) relists += 1u;
    vec4 self = positionRadiusAt(sortedGrains, k);
    uint selfId = texelFetch(sortedIds, int(k)).x;
    uint places[CONTACT_LIST_SLOTS];
    uint ids[CONTACT_LIST_SLOTS];
    float gaps[CONTACT_LIST_SLOTS];
    uint found = 0u;
    ivec3 home = gridCell(self.xyz);
    int low = max(home.x - 1, 0), high = min(home.x + 1, gridSize.x - 1);
    for (int row = 0; row < 9; ++row) {
        ivec2 yz = home.yz + ivec2(row % 3 - 1, row / 3 - 1);
        if (any(lessThan(yz, ivec2(0))) || any(greaterThanEqual(yz, gridSize.yz))) continue;
        // The three cells of a row along x lie together in the sorted order.
        uint end = cellStarts[gridIndex(ivec3(high, yz)) + 1u];
        for (uint q = cellStarts[gridIndex(ivec3(low, yz))]; q < end; ++q) {
            if (q == k) continue;
            vec4 other = positionRadiusAt(sortedGrains, q);
            float gap = distance(self.xyz, other.xyz) - self.w - other.w;
            if (gap >= listSkin) continue;
            uint id = texelFetch(sortedIds, int(q)).x;
            uint slot = min(found, uint(CONTACT_LIST_SLOTS));
            while (slot > 0u && (gap < gaps[slot - 1u] || (gap == gaps[slot - 1u] && id < ids[slot - 1u]))) {
                if (slot < uint(CONTACT_LIST_SLOTS)) {
                    places[slot] = places[slot - 1u];
                    ids[slot] = ids[slot - 1u];
                    gaps[slot] = gaps[slot - 1u];
                }
                slot -= 1u;
            }
            if (slot < uint(CONTACT_LIST_SLOTS)) {
                places[slot] = q;
                ids[slot] = id;
                gaps[slot] = gap;
                found = min(found + 1u, uint(CONTACT_LIST_SLOTS));
            }
        }
    }
    uint base = k * uint(CONTACT_LIST_STRIDE);
    imageStore(contactList, int(base), uvec4(found));
    for (uint m = 0u; m < found; ++m) imageStore(contactList, int(base + 1u + m), uvec4(places[m]));
    imageStore(grainsOut, int(2u * k), self);
    imageStore(grainsOut, int(2u * k + 1u), velocitySleepAt(sortedGrains, k));
    imageStore(grainIds, int(k), uvec4(selfId));
    imageStore(listedAt, int(k), self);
}

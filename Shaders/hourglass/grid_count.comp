#version 430 core
// Sorting the grains into cells, step 1 of 4 (ContactListing): count the grains in each cell.
// The atomic's return value is the grain's place among its cell's grains, which the reorder
// step uses.
#include "dispatch_parameters.glsl"
#include "grain_texels.glsl"
#include "grid.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(binding = UNIT_GRAINS) uniform samplerBuffer grains;
layout(std430, binding = BUFFER_CELL_COUNTS) buffer CellCounts { uint cellCounts[]; };
layout(std430, binding = BUFFER_GRAIN_SLOTS) writeonly buffer GrainSlots { uint grainSlots[]; };

void main() {
    uint k = gl_GlobalInvocationID.x;
    if (k >= grainTotal) return;
    uint cell = gridIndex(gridCell(positionRadiusAt(grains, k).xyz));
    grainSlots[k] = atomicAdd(cellCounts[cell], 1u);
}

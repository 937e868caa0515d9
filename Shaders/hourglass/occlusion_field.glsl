// The occlusion field's cells in the container frame (GrainOcclusion's layout): counts of
// grains per cell, x fastest.
layout(std430, binding = OCCLUSION_COUNTS_BINDING) buffer FieldCounts { uint fieldCounts[]; };

// The field's place, and what the three programs of a frame's shading read, in one std140
// block (GrainShadingBlock in Swift).
layout(std140, binding = UNIFORMS_SHADING) uniform GrainShadingBlock {
    vec3 fieldOrigin;
    float fieldCellSize;
    ivec3 fieldSize;
    uint grainCount;
    vec3 eye;                // the camera, in the container's frame
    float grainRadius;
    float packedCount;       // grains in a cell of a packed pile
};

int fieldIndex(ivec3 cell) { return (cell.z * fieldSize.y + cell.y) * fieldSize.x + cell.x; }

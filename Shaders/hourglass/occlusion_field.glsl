// The occlusion field's cells in the container frame (GrainOcclusion's layout): counts of
// grains per cell, x fastest.
layout(std430, binding = OCCLUSION_COUNTS_BINDING) buffer FieldCounts { uint fieldCounts[]; };

uniform vec3 fieldOrigin;
uniform float fieldCellSize;
uniform ivec3 fieldSize;

int fieldIndex(ivec3 cell) { return (cell.z * fieldSize.y + cell.y) * fieldSize.x + cell.x; }

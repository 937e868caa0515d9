#version 430 core
// The pile's occlusion field, step 2: each cell's count as a share of what a packed pile puts
// in a cell (0 empty, 1 full), written where the grains' fragment shaders sample it between
// cells; the count is cleared for the next frame.
#include "occlusion_field.glsl"

layout(local_size_x = WORK_GROUP_SIZE) in;
layout(r16f, binding = OCCLUSION_FIELD_IMAGE) writeonly uniform image3D field;

void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= uint(fieldSize.x * fieldSize.y * fieldSize.z)) return;
    ivec3 cell = ivec3(index % uint(fieldSize.x), (index / uint(fieldSize.x)) % uint(fieldSize.y), index / uint(fieldSize.x * fieldSize.y));
    imageStore(field, cell, vec4(min(float(fieldCounts[index]) / packedCount, 1.0)));
    fieldCounts[index] = 0u;
}

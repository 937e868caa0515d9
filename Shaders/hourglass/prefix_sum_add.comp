#version 430 core
// Finishes a multi-block prefix sum: every value gains the scanned total of the blocks before
// its own.
layout(local_size_x = WORK_GROUP_SIZE) in;
layout(std430, binding = BUFFER_SCAN_SUMS) buffer Sums { uint sums[]; };
layout(std430, binding = BUFFER_SCAN_TOTALS) readonly buffer BlockTotals { uint blockTotals[]; };

#include "dispatch_parameters.glsl"

void main() {
    uint index = gl_GlobalInvocationID.x;
    if (index >= valueCount) return;
    sums[index] += blockTotals[index / uint(WORK_GROUP_SIZE * SCAN_VALUES_PER_INVOCATION)];
}

#version 430 core
// Exclusive prefix sum of one block of WORK_GROUP_SIZE x SCAN_VALUES_PER_INVOCATION values per
// work group, with each block's total written out; scanning the totals and adding them back
// (prefix_sum_add.comp) finishes a sum of any length. Input and output may be one buffer.
layout(local_size_x = WORK_GROUP_SIZE) in;

#include "group_scan.glsl"
layout(std430, binding = BUFFER_SCAN_VALUES) readonly buffer Values { uint values[]; };
layout(std430, binding = BUFFER_SCAN_SUMS) writeonly buffer Sums { uint sums[]; };
layout(std430, binding = BUFFER_SCAN_TOTALS) writeonly buffer BlockTotals { uint blockTotals[]; };

#include "dispatch_parameters.glsl"

void main() {
    uint first = gl_GlobalInvocationID.x * uint(SCAN_VALUES_PER_INVOCATION);
    uint own[SCAN_VALUES_PER_INVOCATION];
    uint total = 0u;
    for (int i = 0; i < SCAN_VALUES_PER_INVOCATION; ++i) {
        uint index = first + uint(i);
        own[i] = index < valueCount ? values[index] : 0u;
        total += own[i];
    }
    uint blockTotal;
    uint running = groupExclusiveScan(total, blockTotal);
    for (int i = 0; i < SCAN_VALUES_PER_INVOCATION; ++i) {
        uint index = first + uint(i);
        if (index < valueCount) sums[index] = running;
        running += own[i];
    }
    if (gl_LocalInvocationID.x == 0u) blockTotals[gl_WorkGroupID.x] = blockTotal;
}

#version 430 core
// Exclusive prefix sum of one block of WORK_GROUP_SIZE x SCAN_VALUES_PER_INVOCATION values per
// work group, with each block's total written out; scanning the totals and adding them back
// (prefix_sum_add.comp) finishes a sum of any length. Input and output may be one buffer.
layout(local_size_x = WORK_GROUP_SIZE) in;
layout(std430, binding = BUFFER_SCAN_VALUES) readonly buffer Values { uint values[]; };
layout(std430, binding = BUFFER_SCAN_SUMS) writeonly buffer Sums { uint sums[]; };
layout(std430, binding = BUFFER_SCAN_TOTALS) writeonly buffer BlockTotals { uint blockTotals[]; };

uniform uint valueCount;

shared uint partial[WORK_GROUP_SIZE];

void main() {
    uint local = gl_LocalInvocationID.x;
    uint first = gl_GlobalInvocationID.x * uint(SCAN_VALUES_PER_INVOCATION);
    uint own[SCAN_VALUES_PER_INVOCATION];
    uint total = 0u;
    for (int i = 0; i < SCAN_VALUES_PER_INVOCATION; ++i) {
        uint index = first + uint(i);
        own[i] = index < valueCount ? values[index] : 0u;
        total += own[i];
    }
    // Hillis-Steele over the invocations' totals: log2(WORK_GROUP_SIZE) rounds.
    partial[local] = total;
    barrier();
    for (uint offset = 1u; offset < uint(WORK_GROUP_SIZE); offset <<= 1) {
        uint before = local >= offset ? partial[local - offset] : 0u;
        barrier();
        partial[local] += before;
        barrier();
    }
    uint running = partial[local] - total;
    for (int i = 0; i < SCAN_VALUES_PER_INVOCATION; ++i) {
        uint index = first + uint(i);
        if (index < valueCount) sums[index] = running;
        running += own[i];
    }
    if (local == uint(WORK_GROUP_SIZE - 1)) blockTotals[gl_WorkGroupID.x] = partial[local];
}

// Exclusive prefix sum across a work group, one value an invocation (Hillis-Steele, log2 of the
// group's size rounds): the sum of the values of the invocations before this one, and the
// group's total. Every invocation of the group must call it: it waits at barriers. Include it
// after the group's size is declared.
shared uint groupScanPartial[gl_WorkGroupSize.x];

uint groupExclusiveScan(uint value, out uint total) {
    uint local = gl_LocalInvocationID.x;
    groupScanPartial[local] = value;
    memoryBarrierShared();
    barrier();
    for (uint offset = 1u; offset < gl_WorkGroupSize.x; offset <<= 1) {
        uint before = local >= offset ? groupScanPartial[local - offset] : 0u;
        barrier();
        groupScanPartial[local] += before;
        memoryBarrierShared();
        barrier();
    }
    total = groupScanPartial[gl_WorkGroupSize.x - 1u];
    uint inclusive = groupScanPartial[local];
    // No invocation may overwrite the sums before every one has read them.
    barrier();
    return inclusive - value;
}

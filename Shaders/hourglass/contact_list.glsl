// Each grain's contact list, built by contact_list.comp when the grains are sorted: the counts
// first, one word a grain, then slot m of grain k at N + m·N + k (N grains): neighbouring
// invocations read neighbouring words, few memory transactions for a GPU's warp (FleX's
// NvFlex.h lays its neighbours out so). The neighbours are places in cell order, nearest first,
// every grain within two radii plus the skin at the sort. Needs grainCount.
layout(binding = UNIT_CONTACT_LIST) uniform usamplerBuffer contactList;

uint contactCount(uint k) {
    return texelFetch(contactList, int(k)).x;
}

uint contactAt(uint k, uint m) {
    return texelFetch(contactList, int(grainCount * (m + 1u) + k)).x;
}

// Each grain's contact list, built by contact_list.comp when the grains are sorted: a row of
// CONTACT_LIST_STRIDE words a grain, the count, then the neighbours' places in cell order,
// nearest first. It holds every grain within two radii plus the skin at the sort.
layout(binding = UNIT_CONTACT_LIST) uniform usamplerBuffer contactList;

uint contactCount(uint k) {
    return texelFetch(contactList, int(k * uint(CONTACT_LIST_STRIDE))).x;
}

uint contactAt(uint k, uint m) {
    return texelFetch(contactList, int(k * uint(CONTACT_LIST_STRIDE) + 1u + m)).x;
}

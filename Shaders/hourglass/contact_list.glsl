// Each grain's contact list, built by contact_list.comp when the grains are sorted, laid out as
// contact_layout.glsl says: the neighbours' places in cell order, nearest first, every grain
// within two radii plus the skin at the sort. Needs contact_layout.glsl.

layout(binding = UNIT_CONTACT_LIST) uniform usamplerBuffer contactList;

uint contactCount(uint k) {
    return texelFetch(contactList, int(contactCountWord(k))).x;
}

uint contactAt(uint k, uint m) {
    return texelFetch(contactList, int(contactSlotWord(k, m, grainCount))).x;
}
